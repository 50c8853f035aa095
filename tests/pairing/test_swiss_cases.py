"""Worked cases of the Swiss pairing."""

from __future__ import annotations

from collections import Counter

import pytest

from pairing import (
    DRAW_FLAGS,
    FLAG_FLOAT_DOWN,
    FLAG_FLOAT_UP,
    FLAG_REMATCH,
    FLAG_REMATCH_AVOIDED,
    FLAG_SAME_UNIT,
    FLAG_SEAT_FORCED,
    FLAG_UNIT_AVOIDED,
    Entrant,
    PairingError,
    errors,
    pair_swiss,
)
from pairing.simulate import SimEvent
from rules.messages import Message

from .checks import check_round


def field(*rows):
    """Entrants from (id, points, opponents, balance, unit) rows, ranked in order."""
    return [
        Entrant(id=i, rank=r, points=p, opponents=frozenset(o), seat_balance=b, unit=u)
        for r, (i, p, o, b, u) in enumerate(rows, start=1)
    ]


def tables_of(pairing):
    return {frozenset((t.ew, t.ns)) for t in pairing.tables}


def greedy_top_down(entrants):
    """What a standings-ordered greedy does: the top pair takes the nearest pair it has not
    met; the last two take each other whatever their history."""
    left = sorted(entrants, key=lambda e: e.rank)
    tables = []
    while left:
        top = left.pop(0)
        other = next((e for e in left if e.id not in top.opponents), left[0])
        left.remove(other)
        tables.append(frozenset((top.id, other.id)))
    return tables


def test_greedy_would_be_forced_into_a_rematch_at_the_bottom_and_we_are_not():
    entrants = field(
        ("A", 4, "", 0, None),
        ("B", 4, "", 0, None),
        ("C", 2, "D", 0, None),
        ("D", 2, "C", 0, None),
    )
    greedy = greedy_top_down(entrants)
    assert frozenset("CD") in greedy  # the bottom table is a rematch
    pairing = pair_swiss(entrants)
    assert pairing.rematches == 0
    assert tables_of(pairing) == {frozenset("AC"), frozenset("BD")}
    # Both tables say why: a float each, and C and D skipped a closer, already-met opponent.
    for t in pairing.tables:
        assert {FLAG_FLOAT_UP, FLAG_FLOAT_DOWN, FLAG_REMATCH_AVOIDED} <= t.flags
    check_round(entrants, pairing)


def test_a_longer_ladder_where_greedy_runs_into_the_bottom():
    # Ten pairs; W has met every other pair at the bottom, and Y has met Z: the top pairs
    # pair off among themselves and leave the bottom four with rematches.
    rows = [(f"P{k}", 10 - k, "", 0, None) for k in range(6)]
    bottom = {"W": "XYZ", "X": "W", "Y": "WZ", "Z": "WY"}
    rows += [(name, 3, met, 0, None) for name, met in bottom.items()]
    entrants = field(*rows)
    assert sum(_met(entrants, t) for t in greedy_top_down(entrants)) == 2
    pairing = pair_swiss(entrants)
    assert pairing.rematches == 0
    # W floats up to meet the lowest of the leaders instead.
    w_table = next(t for t in pairing.tables if "W" in (t.ew, t.ns))
    assert {FLAG_FLOAT_UP, FLAG_REMATCH_AVOIDED} <= w_table.flags
    check_round(entrants, pairing)


def _met(entrants, table):
    a, b = sorted(table)
    return b in next(e for e in entrants if e.id == a).opponents


def test_an_odd_field_gives_every_pair_one_bye_over_nine_rounds():
    event = SimEvent(9, seed=3)
    byes = []
    for round_number in range(1, 10):
        entrants = event.entrants()
        pairing = event.pair_next()
        if round_number > 1:
            # The bye goes to the lowest-ranked pair without one, unless the rest could
            # then not be paired without a rematch (check_round proves that case).
            check_round(entrants, pairing)
        if round_number <= 4:
            without = [e for e in entrants if e.byes == 0]
            assert pairing.byes[0].entrant == max(without, key=lambda e: e.rank).id
        byes.append(pairing.byes[0].entrant)
        event.play(pairing)
    assert Counter(byes) == Counter({pair: 1 for pair in event.pairs})
    assert byes[0] == max(event.pairs, key=lambda p: event.pairs[p].draw_number)


def test_no_second_bye_while_another_pair_has_none():
    event = SimEvent(7, seed=8)
    for _round in range(12):
        entrants = event.entrants()
        pairing = event.pair_next()
        if event.rounds_played:
            assert next(e for e in entrants if e.id == pairing.byes[0].entrant).byes == min(
                e.byes for e in entrants
            )
        event.play(pairing)
    # Twelve byes among seven pairs: everybody once, then five pairs a second time.
    assert sorted(p.byes for p in event.pairs.values()) == [1, 1, 2, 2, 2, 2, 2]


def test_two_pairs_at_the_same_plus_two_never_meet():
    entrants = field(
        ("A", 6, "", 2, None),
        ("B", 6, "", 2, None),
        ("C", 4, "", 0, None),
        ("D", 4, "", 0, None),
    )
    pairing = pair_swiss(entrants)
    assert frozenset("AB") not in tables_of(pairing)
    after = check_round(entrants, pairing)
    assert max(map(abs, after.values())) <= 1


def test_seats_follow_the_balance_then_the_listing():
    entrants = field(("A", 2, "", 1, None), ("B", 2, "", -1, None))
    table = pair_swiss(entrants).tables[0]
    assert (table.ew, table.ns) == ("B", "A")  # lower balance sits EW
    assert FLAG_SEAT_FORCED in table.flags
    even = field(("A", 2, "", 0, None), ("B", 2, "", 0, None))
    assert pair_swiss(even).tables[0].ew == "A"
    assert pair_swiss(even, seating="first_ns").tables[0].ew == "B"
    assert FLAG_SEAT_FORCED not in pair_swiss(even, seating="first_ns").tables[0].flags


@pytest.mark.parametrize("mode", ["hard", "soft"])
def test_same_unit_avoidance(mode):
    entrants = field(
        ("A", 4, "", 0, "club"),
        ("B", 4, "", 0, "club"),
        ("C", 4, "", 0, None),
        ("D", 4, "", 0, None),
    )
    assert frozenset("AB") in tables_of(pair_swiss(entrants))
    pairing = pair_swiss(entrants, avoid_same_unit=mode)
    assert frozenset("AB") not in tables_of(pairing)
    check_round(entrants, pairing, mode)


def test_hard_unit_avoidance_flags_what_it_cannot_avoid():
    entrants = field(*[(k, 2, "", 0, "big" if k < 6 else None) for k in range(8)])
    pairing = pair_swiss(entrants, avoid_same_unit="hard")
    same = [t for t in pairing.tables if FLAG_SAME_UNIT in t.flags]
    assert len(same) == 2  # six of one unit, two others: two tables must be same-unit
    check_round(entrants, pairing, "hard")


def test_unit_avoided_flag_explains_a_skipped_closer_pair():
    entrants = field(
        ("A", 6, "", 0, "club"),
        ("B", 5, "", 0, "club"),
        ("C", 3, "", 0, None),
        ("D", 2, "", 0, None),
    )
    pairing = pair_swiss(entrants, avoid_same_unit="hard")
    assert any(FLAG_UNIT_AVOIDED in t.flags for t in pairing.tables)


def test_a_forced_rematch_is_flagged():
    entrants = field(("A", 2, "B", 1, None), ("B", 0, "A", -1, None))
    pairing = pair_swiss(entrants)
    assert pairing.rematches == 1
    assert FLAG_REMATCH in pairing.tables[0].flags


def test_withdrawn_opponents_and_late_entries_are_fine():
    entrants = [
        Entrant(1, 1, 4, opponents=frozenset({99, 2}), seat_balance=1),
        Entrant(2, 2, 2, opponents=frozenset({1}), seat_balance=-1),
        Entrant(3, 3, 2, opponents=frozenset({98}), seat_balance=1),
        Entrant(4, 4, 1, byes=1),  # a late entry: its missed round counts as a bye
        Entrant(5, 5, 0, opponents=frozenset({97}), seat_balance=-1),
    ]
    pairing = pair_swiss(entrants)
    check_round(entrants, pairing)
    assert pairing.byes[0].entrant == 5  # the late entry already had its bye


def test_same_input_and_seed_give_the_same_pairing():
    event = SimEvent(60, seed=4, units=4)
    for _ in range(4):
        event.play(event.pair_next(avoid_same_unit="soft"))
    entrants = event.entrants()
    first = pair_swiss(entrants, seed=7, avoid_same_unit="soft")
    assert pair_swiss(list(reversed(entrants)), seed=7, avoid_same_unit="soft") == first


def test_tables_are_numbered_from_the_top():
    event = SimEvent(30, seed=2)
    for _ in range(3):
        event.play(event.pair_next())
    entrants = event.entrants()
    rank = {e.id: e.rank for e in entrants}
    pairing = pair_swiss(entrants)
    tops = [min(rank[t.ew], rank[t.ns]) for t in pairing.tables]
    assert tops == sorted(tops) and tops[0] == 1


def test_the_flags_are_codes():
    assert len(set(DRAW_FLAGS)) == len(DRAW_FLAGS) and {"float_up", "bye"} <= set(DRAW_FLAGS)
    assert all(flag.isascii() and flag.isidentifier() for flag in DRAW_FLAGS)


def test_user_errors_carry_a_code_and_its_parameters():
    with pytest.raises(PairingError) as error:
        pair_swiss([Entrant(1, 1)])
    assert error.value.msg == Message(errors.TOO_FEW, {"minimum": 2, "count": 1})
    with pytest.raises(PairingError) as error:
        pair_swiss([Entrant(1, 1), Entrant(2, 2)], avoid_same_unit="sometimes")
    assert error.value.code == errors.OPTION
    with pytest.raises(PairingError):
        pair_swiss([Entrant(1, 1), Entrant(2, 2)], seating="east")
    with pytest.raises(PairingError) as error:
        pair_swiss([Entrant(1, 1), Entrant(1, 2)])
    assert error.value.code == errors.DUPLICATE_ENTRANT
    with pytest.raises(PairingError):
        pair_swiss([Entrant(1, 1, float("nan")), Entrant(2, 2)])
    assert isinstance(error.value, ValueError)


def test_large_fields_are_paired_quickly_and_cleanly():
    event = SimEvent(1000, seed=1)
    for _ in range(5):
        event.play(event.pair_next())
    entrants = event.entrants()
    pairing = pair_swiss(entrants)
    assert pairing.rematches == 0
    check_round(entrants, pairing)
