"""The plain input of every pairing function.

Vocabulary
----------
entrant
    One pair (对/组合) in the event, known by an opaque hashable ``id``.
rank
    Position in the current standings, 1 = top. The Swiss field is ordered by rank.
points
    The standings points used to measure how close two pairs are (closeness).
unit
    The pair's unit (单位: club, company, city) for same-unit avoidance; ``None`` = none.
seat balance
    Games sat East-West (东西) minus games sat North-South (南北) so far.
bye
    A round without an opponent (轮空); ``byes`` counts them.
draw number
    The number drawn by lot before the event (抽签号), 1 … n.
forbidden pairing (回避)
    Two pairs the organizer says must not meet (relatives, one club's two best pairs): a
    hard constraint like same-unit avoidance, given as a collection of two-id pairs.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field

from . import errors
from .errors import PairingError


@dataclass(frozen=True)
class Entrant:
    """One active pair as the pairing functions see it.

    Withdrawn and disqualified pairs are simply not passed in. A late entry is an ordinary
    entrant whose ``rank``, ``points`` and ``byes`` the adapter sets by the event's rule.
    """

    id: Hashable
    rank: int
    points: float = 0.0
    unit: str | None = None
    opponents: frozenset = field(default_factory=frozenset)
    seat_balance: int = 0
    byes: int = 0
    draw_number: int | None = None


def check_entrants(entrants: Iterable[Entrant], minimum: int = 2) -> list[Entrant]:
    """Return the entrants as a list after checking ids, numbers and the field size."""
    field_list = list(entrants)
    seen: set = set()
    for e in field_list:
        if not isinstance(e, Entrant):
            raise TypeError(f"expected Entrant, got {type(e).__name__}")
        if e.id in seen:
            raise PairingError(errors.DUPLICATE_ENTRANT, entrant=repr(e.id))
        seen.add(e.id)
        if not isinstance(e.points, int | float) or not math.isfinite(e.points):
            raise PairingError(errors.BAD_POINTS, entrant=repr(e.id), points=repr(e.points))
    if len(field_list) < minimum:
        raise PairingError(errors.TOO_FEW, minimum=minimum, count=len(field_list))
    return field_list


def check_forbidden(forbidden: Iterable[Iterable[Hashable]]) -> set[frozenset]:
    """The forbidden pairings as a set of two-id frozensets; ids not in the field are fine
    (a pair that withdrew), but each item must name two different ids."""
    result: set[frozenset] = set()
    for item in forbidden:
        ids = frozenset(item)
        if len(ids) != 2:
            raise PairingError(errors.BAD_FORBIDDEN, item=repr(item))
        result.add(ids)
    return result


def id_key(value: Hashable) -> tuple:
    """A sort key for opaque ids that is stable across processes (unlike ``hash``).

    Numbers sort by value, anything else by type name and ``repr``.
    """
    if isinstance(value, int | float) and not isinstance(value, bool):
        return (0, value, "")
    return (1, type(value).__name__, repr(value))
