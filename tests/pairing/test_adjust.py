"""Manual adjustment: live conflicts and edits."""

from __future__ import annotations

import pytest

from pairing import (
    Entrant,
    PairingError,
    check_pairing,
    give_bye,
    move,
    pair_swiss,
    publishable,
    renumber,
    reseat,
    swap,
    take_bye,
)
from pairing.flags import FLAG_MANUAL


@pytest.fixture
def entrants():
    return [
        Entrant("A", 1, 4, opponents=frozenset("B"), seat_balance=1, unit="club"),
        Entrant("B", 2, 4, opponents=frozenset("A"), seat_balance=-1),
        Entrant("C", 3, 2, seat_balance=1, unit="club"),
        Entrant("D", 4, 2, seat_balance=-1),
        Entrant("E", 5, 0, byes=0),
    ]


def kinds(conflicts):
    return sorted(c.kind for c in conflicts)


def test_the_computer_pairing_has_no_conflict(entrants):
    pairing = pair_swiss(entrants, avoid_same_unit="hard")
    assert check_pairing(pairing, entrants, "hard") == []


def test_a_swap_shows_the_rematch_and_the_unit(entrants):
    pairing = pair_swiss(entrants, avoid_same_unit="hard")
    a_opponent = pairing.opponent("A")
    edited = swap(pairing, a_opponent, "B")
    assert pairing.opponent("A") != "B" and edited.opponent("A") == "B"
    conflicts = check_pairing(edited, entrants, "soft")
    assert "rematch" in kinds(conflicts)
    assert publishable(conflicts)
    touched = [t for t in edited.tables if FLAG_MANUAL in t.flags]
    assert touched
    a_table = next(t for t in pairing.tables if "A" in (t.ew, t.ns))
    opposite = "ns" if a_table.ew == "A" else "ew"
    together = move(pairing, "C", a_table.number, opposite)
    assert together.opponent("A") == "C"
    assert "same_unit" in kinds(check_pairing(together, entrants, "hard"))
    assert "same_unit" not in kinds(check_pairing(together, entrants, "off"))


def test_seat_conflicts(entrants):
    pairing = pair_swiss(entrants)
    t = next(t for t in pairing.tables if "A" in (t.ew, t.ns))
    flipped = move(pairing, "A", t.number, "ew" if t.ns == "A" else "ns")
    assert flipped != pairing
    # Five pairs: any pair outside ±1 breaks the 90 % rule.
    assert "seat_imbalance" in kinds(check_pairing(flipped, entrants))
    assert check_pairing(reseat(flipped, entrants), entrants) == []


def test_a_pair_twice_or_missing_cannot_be_published(entrants):
    pairing = pair_swiss(entrants)
    table = pairing.tables[0]
    twice = pairing.__class__(
        tables=(table.__class__(table.number, table.ew, table.ew), *pairing.tables[1:]),
        byes=pairing.byes,
    )
    conflicts = check_pairing(twice, entrants)
    assert {"duplicate", "missing"} <= set(kinds(conflicts))
    assert not publishable(conflicts)
    assert all(c.message_zh and c.message_en for c in conflicts)
    stranger = swap(pairing, table.ew, table.ew)
    assert check_pairing(stranger, entrants[:-1])[0].kind == "unknown"


def test_give_and_take_a_bye(entrants):
    pairing = pair_swiss(entrants)
    assert pairing.byes[0].entrant == "E"
    moved = give_bye(pairing, "D")
    assert moved.byes[0].entrant == "D" and moved.opponent("E") is not None
    assert check_pairing(moved, entrants) == [] or publishable(check_pairing(moved, entrants))
    # With no bye left to trade, the table is dissolved: both pairs wait.
    even = [e for e in entrants if e.id != "E"]
    even_pairing = pair_swiss(even)
    waiting = give_bye(even_pairing, "A")
    assert {b.entrant for b in waiting.byes} == {"A", even_pairing.opponent("A")}
    seated = take_bye(waiting, "A")
    assert seated.byes == () and len(seated.tables) == 2
    with pytest.raises(PairingError):
        take_bye(seated, "A")


def test_second_bye_is_reported(entrants):
    pairing = pair_swiss(entrants)
    e_with_bye = [*entrants[:-1], Entrant("E", 5, 0, byes=1)]
    assert "second_bye" in kinds(check_pairing(pairing, e_with_bye))


def test_renumber_after_edits(entrants):
    pairing = pair_swiss([e for e in entrants if e.id != "E"])
    waiting = give_bye(pairing, "A")
    seated = take_bye(waiting, "A")
    assert [t.number for t in renumber(seated, entrants).tables] == [1, 2]
    with pytest.raises(PairingError):
        move(seated, "A", 99)
