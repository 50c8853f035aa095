"""The draw (抽签) and the first round of a Swiss stage.

Vocabulary
----------
draw number
    A number 1 … n given to each pair by lot before the event (docs/rules.md §11.1). Drawn by the
    computer from a recorded seed: the same ids and seed give the same numbers.
override
    A draw number fixed by hand (a pair drew a physical ticket); the others are drawn
    among the numbers left.
adjacent pairing (临近配对)
    Round 1 pairs draw numbers 1–2, 3–4, …; table ``k`` holds numbers ``2k-1`` and ``2k``.
    With an odd count the last draw number has the bye. The lower number is listed first
    and sits East–West under ``seating="first_ew"`` (North–South under ``"first_ns"``),
    unless seat balances carried from an earlier stage say otherwise (:mod:`pairing.seats`).
keeping apart in round 1
    With same-unit avoidance (hard, or soft: 同单位尽量回避), or forbidden pairings (回避),
    an adjacent table that would seat two pairs of one unit (or a forbidden pair) is not
    made when the field allows otherwise: round 1 is then paired like a Swiss round in
    which every pair has the same points and the draw numbers are the ranking, so a pair
    moves down the draw order only as far as needed and the tables stay as close to 1–2,
    3–4, … as the field allows; a table that cannot be avoided is flagged (``same_unit``,
    ``forbidden``). The 细则's 临近配对 (docs/rules.md §11.2: "单、双号台次均小号在前，即1-2，3-4……")
    is read as pairing *near* draw numbers, smaller number listed first: the 细则 itself does
    not avoid units ("各轮次同单位选手均不回避"), so when an event does, the nearest number of
    another unit is the nearest pairing the rule leaves; the smaller number of each table
    is still listed first.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import replace

from . import errors
from .conflicts import conflict_flags, table_conflicts
from .costs import UNIT_MODES
from .entrants import Entrant, check_entrants, check_forbidden, id_key
from .errors import PairingError, check_choice
from .flags import FLAG_BYE, FLAG_REMATCH, FLAG_SEAT_FORCED
from .result import Bye, Pairing, Table
from .seats import check_seating, first_sits_ew
from .swiss import pair_swiss


def draw_numbers(
    ids: Iterable[Hashable], seed: int, overrides: Mapping[Hashable, int] | None = None
) -> dict[Hashable, int]:
    """Return ``{id: draw number}`` with numbers 1 … n.

    The ids are sorted first, so the order they come in does not change the draw.
    ``overrides`` fixes numbers for some ids; each must be in 1 … n and used once.
    """
    id_list = sorted(ids, key=id_key)
    n = len(id_list)
    if len(set(id_list)) != n:
        raise PairingError(errors.DUPLICATE)
    overrides = dict(overrides or {})
    unknown = [i for i in overrides if i not in set(id_list)]
    if unknown:
        raise PairingError(errors.UNKNOWN_OVERRIDE, unknown=repr(unknown))
    used = list(overrides.values())
    bad = [v for v in used if not isinstance(v, int) or not 1 <= v <= n]
    if bad or len(set(used)) != len(used):
        raise PairingError(errors.BAD_OVERRIDE, n=n)
    free = [k for k in range(1, n + 1) if k not in set(used)]
    random.Random(seed).shuffle(free)
    result = dict(overrides)
    rest = iter(free)
    for i in id_list:
        if i not in result:
            result[i] = next(rest)
    return result


def draw_sheet(numbers: Mapping[Hashable, int]) -> list[tuple[int, Hashable]]:
    """The printed draw list: ``(number, id)`` in number order."""
    return sorted(((k, i) for i, k in numbers.items()), key=lambda row: row[0])


def pair_round_one(
    entrants: Iterable[Entrant],
    seating: str = "first_ew",
    *,
    avoid_same_unit: str = "off",
    forbidden: Iterable[Iterable[Hashable]] = (),
) -> Pairing:
    """Adjacent pairing on draw numbers: 1–2 at table 1, 3–4 at table 2, …

    Odd count: the pair with the last draw number has the bye. Every entrant needs a
    distinct ``draw_number``. Pairs to keep apart (same-unit avoidance, ``forbidden``
    pairs of ids) change the adjacent tables only where they would meet; see the module
    docstring.
    """
    check_seating(seating)
    check_choice("avoid_same_unit", avoid_same_unit, UNIT_MODES)
    apart = check_forbidden(forbidden)
    field = check_entrants(entrants)
    missing = [e.id for e in field if e.draw_number is None]
    if missing:
        raise PairingError(errors.NO_DRAW, missing=repr(missing))
    numbers = [e.draw_number for e in field]
    if len(set(numbers)) != len(numbers):
        raise PairingError(errors.DRAW_CLASH)
    order = sorted(field, key=lambda e: e.draw_number)  # type: ignore[arg-type,return-value]
    adjacent = [(order[2 * k], order[2 * k + 1]) for k in range(len(order) // 2)]
    if any(_kept_apart(a, b, avoid_same_unit, apart) for a, b in adjacent):
        return _round_one_apart(order, seating, avoid_same_unit, apart)
    tables = []
    rematches = 0
    cost = 0.0
    for k, (first, second) in enumerate(adjacent):
        cost += (first.points - second.points) ** 2
        first_ew, forced = first_sits_ew(first.seat_balance, second.seat_balance, seating)
        ew, ns = (first, second) if first_ew else (second, first)
        flags = set(conflict_flags(table_conflicts(ew, ns, k + 1, avoid_same_unit, apart)))
        if forced:
            flags.add(FLAG_SEAT_FORCED)
        rematches += FLAG_REMATCH in flags
        tables.append(Table(k + 1, ew.id, ns.id, frozenset(flags)))
    byes = (Bye(order[-1].id, frozenset({FLAG_BYE})),) if len(order) % 2 else ()
    return Pairing(tuple(tables), byes, rematches=rematches, cost=cost, seed=None)


def _kept_apart(a: Entrant, b: Entrant, avoid_same_unit: str, apart: set[frozenset]) -> bool:
    """Should ``a`` and ``b`` not meet (same unit under avoidance, or forbidden)?"""
    if avoid_same_unit != "off" and a.unit is not None and a.unit == b.unit:
        return True
    return frozenset((a.id, b.id)) in apart


def _round_one_apart(
    order: list[Entrant], seating: str, avoid_same_unit: str, apart: set[frozenset]
) -> Pairing:
    """Round 1 as a Swiss round of equal points ranked by draw number: the Swiss rules
    keep the pairs apart when the field allows it (and flag the tables where it cannot);
    among such pairings the standings-distance tie-break keeps tables next to 1–2, 3–4."""
    ranked = [replace(e, rank=r, points=0.0) for r, e in enumerate(order, start=1)]
    pairing = pair_swiss(ranked, avoid_same_unit=avoid_same_unit, seating=seating, forbidden=apart)
    points = {e.id: e.points for e in order}
    cost = sum((points[t.ew] - points[t.ns]) ** 2 for t in pairing.tables)
    return replace(pairing, cost=cost, seed=None, seat_weight=0.0)
