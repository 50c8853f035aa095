"""The order of the hard rules (docs/rules.md §11.3): no rematch, then no forbidden or
hard-avoided table, then the seat limit of ±2. Seats never cause a rematch, a forbidden
table or a hard-avoided same-unit table; hard same-unit avoidance gives way to no-rematch."""

from __future__ import annotations

import pytest

from pairing import (
    FLAG_FORBIDDEN,
    FLAG_REMATCH,
    FLAG_SAME_UNIT,
    FLAG_SEAT_LIMIT,
    Entrant,
    pair_swiss,
)

from .checks import check_round


def four(opponents_of_1=(), units=(None, None, None, None), balances=(2, 2, 0, 0)):
    """Pairs 1–4 on equal points; 1 and 2 at seat balance +2 (they may not meet within ±2)."""
    met = {1: set(opponents_of_1), 2: set(), 3: set(), 4: set()}
    for o in opponents_of_1:
        met[o].add(1)
    return [
        Entrant(id=i, rank=i, points=4, opponents=frozenset(met[i]), seat_balance=b, unit=u)
        for i, b, u in zip((1, 2, 3, 4), balances, units, strict=True)
    ]


def tables(pairing):
    return {frozenset((t.ew, t.ns)): t.flags for t in pairing.tables}


@pytest.mark.parametrize(
    ("case", "kwargs", "entrant_kwargs"),
    [
        ("1 has met 3 and 4", {}, {"opponents_of_1": (3, 4)}),
        ("1 must not meet 3 and 4", {"forbidden": [(1, 3), (1, 4)]}, {}),
        (
            "1 and 3 of one unit under hard avoidance, 1 has met 4",
            {"avoid_same_unit": "hard"},
            {"units": ("U", "V", "U", "W"), "opponents_of_1": (4,)},
        ),
    ],
)
def test_seats_give_way_to_the_other_hard_rules(case, kwargs, entrant_kwargs):
    entrants = four(**entrant_kwargs)
    pairing = pair_swiss(entrants, **kwargs)
    found = tables(pairing)
    # 1–2 and 3–4: one pair ends at +3, nothing else is broken.
    assert set(found) == {frozenset((1, 2)), frozenset((3, 4))}, case
    assert FLAG_SEAT_LIMIT in found[frozenset((1, 2))]
    assert not any(f & {FLAG_REMATCH, FLAG_FORBIDDEN, FLAG_SAME_UNIT} for f in found.values())
    forbidden = {frozenset(p) for p in kwargs.get("forbidden", ())}
    check_round(entrants, pairing, kwargs.get("avoid_same_unit", "off"), forbidden=forbidden)


def test_hard_same_unit_avoidance_gives_way_to_no_rematch():
    # 1 has met 3 and 4; 1 and 2 are of one unit: 1–2 (same unit) rather than a rematch.
    entrants = four(opponents_of_1=(3, 4), units=("U", "U", None, None), balances=(0, 0, 0, 0))
    pairing = pair_swiss(entrants, avoid_same_unit="hard")
    found = tables(pairing)
    assert set(found) == {frozenset((1, 2)), frozenset((3, 4))}
    assert FLAG_SAME_UNIT in found[frozenset((1, 2))]
    assert not any(FLAG_REMATCH in f for f in found.values())
    check_round(entrants, pairing, "hard")


def test_a_rematch_ranks_above_a_forbidden_table():
    # 1 has met 3, must not meet 4, and 2 is the only other choice... which 1 has met too:
    # among 1–3 (rematch), 1–4 (forbidden), 1–2 (rematch), the forbidden one is made.
    entrants = four(opponents_of_1=(2, 3), balances=(0, 0, 0, 0))
    pairing = pair_swiss(entrants, forbidden=[(1, 4)])
    found = tables(pairing)
    assert set(found) == {frozenset((1, 4)), frozenset((2, 3))}
    assert FLAG_FORBIDDEN in found[frozenset((1, 4))]
    check_round(entrants, pairing, forbidden={frozenset((1, 4))})
