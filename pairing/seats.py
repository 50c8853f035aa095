"""Seats (东西/南北) and the seat balance.

Vocabulary
----------
seat balance
    For one pair: games sat East-West minus games sat North-South. Sitting EW adds 1.
listed first
    At a table, the higher-ranked pair (round 1: the lower draw number). docs/rules.md §11.2: the
    pair listed first sits East-West (``seating="first_ew"``) or North-South
    (``"first_ns"``): docs/rules.md §11.5.

The rule per table: the pair with the lower balance sits EW, which moves both balances
toward each other; equal balances fall back to the listing option. Only equal balances can
move a pair away from zero, so:

* two pairs at the same balance ``b`` end at ``b + 1`` and ``b - 1``;
* a balance beyond ±2 needs two pairs both at +2 (or both at −2): such tables are illegal;
* a pair ends at ±2 only from a table of two pairs at the same ±1 (or by staying at ±2).

Hence the pairing keeps the balance within ±2 by never pairing equal balances of size 2
or more, and keeps ≥ 90 % of pairs within ±1 by limiting tables of equal ±1 balances.
"""

from __future__ import annotations

from .errors import check_choice

SEATINGS = ("first_ew", "first_ns")
SEAT_LIMIT = 2
"""No pair may end a round with ``abs(balance) > SEAT_LIMIT``."""
WITHIN_ONE_SHARE = 0.9
"""At least this share of the pairs must end every round within ±1."""


def check_seating(seating: str) -> None:
    check_choice("seating", seating, SEATINGS)


def first_sits_ew(first_balance: int, second_balance: int, seating: str) -> tuple[bool, bool]:
    """Return ``(first_is_ew, forced)`` for a table whose listed-first pair is ``first``.

    ``forced`` is true when the balances decided against the listing default.
    """
    default = seating == "first_ew"
    if first_balance == second_balance:
        return default, False
    first_ew = first_balance < second_balance
    return first_ew, first_ew != default


def balances_after(a: int, b: int) -> tuple[int, int]:
    """Balances of two pairs after they meet (in the same order as given)."""
    if a < b:
        return a + 1, b - 1
    if b < a:
        return a - 1, b + 1
    return a + 1, a - 1  # equal: which one gets +1 does not change the pair of values


def seat_legal(a: int, b: int) -> bool:
    """False when meeting would push one of the pairs beyond ±2."""
    return a != b or abs(a) < SEAT_LIMIT


def outside_one_after(a: int, b: int) -> int:
    """How many of the two pairs end the table outside ±1."""
    x, y = balances_after(a, b)
    return (abs(x) > 1) + (abs(y) > 1)


def outside_one_budget(field_size: int) -> int:
    """How many pairs of a round's field may end outside ±1 (the 90 % rule)."""
    return int(field_size * (1 - WITHIN_ONE_SHARE) + 1e-9)
