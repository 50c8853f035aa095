"""Swiss pairing (积分编排) for rounds 2 and on.

Rules, hardest first (docs/rules.md §11):

1. every active pair plays exactly once, or has the bye when the count is odd; the bye
   only ever goes to a pair with the fewest byes;
2. the hard rules in docs/rules.md §11.3's order (no rematch; no forbidden pairing (回避)
   and no same-unit table when avoidance is ``"hard"``; no seat balance beyond ±2) — each
   while a pairing without it exists, and as few as possible otherwise (flagged
   ``rematch``, ``forbidden``, ``same_unit``, ``seat_limit``); then, under soft avoidance
   (同单位尽量回避), as few same-unit tables as those allow (flagged ``same_unit``): a
   same-unit table is avoided even at the cost of the bye order, the seat rule and
   closeness, never by a rematch;
3. at least 90 % of the pairs end the round within ±1 seat balance (if rule 2 makes that
   impossible, the pairing gets the note ``seat_rule_unmet`` and as few pairs as possible
   end outside);
4. the bye goes to the lowest-ranked of those pairs, unless rule 2 or 3 needs another;
5. closeness: the smallest sum over tables of the squared points difference; ties go to
   pairs close in the standings, top tables first, then to the seed.

Rule 4 is met by weighting pairs that would end outside ±1 (:mod:`pairing.costs`): the
weight starts at zero (seats only break closeness ties) and grows only as far as the rule
needs (:func:`_search_seat_weight`), so closeness gives up no more than necessary.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Hashable, Iterable
from dataclasses import replace
from fractions import Fraction

from . import errors
from .conflicts import conflict_flags, table_conflicts
from .costs import UNIT_MODES, CostModel, Field
from .entrants import Entrant, check_entrants, check_forbidden
from .errors import PairingError, check_choice
from .flags import (
    FLAG_BYE,
    FLAG_FLOAT_DOWN,
    FLAG_FLOAT_UP,
    FLAG_REMATCH,
    FLAG_REMATCH_AVOIDED,
    FLAG_SAME_UNIT,
    FLAG_SEAT_FORCED,
    FLAG_SECOND_BYE,
    FLAG_UNIT_AVOIDED,
)
from .result import Bye, Pairing, Table
from .seats import check_seating, first_sits_ew, outside_one_budget
from .solver import Solution, build_line, bye_candidates, solve, solve_exact


def pair_swiss(
    entrants: Iterable[Entrant],
    *,
    seed: int = 0,
    avoid_same_unit: str = "off",
    seating: str = "first_ew",
    forbidden: Iterable[Iterable[Hashable]] = (),
) -> Pairing:
    """Pair a Swiss round from the standings (see the module docstring for the rules).

    ``entrants`` are the active pairs only; ``rank`` orders them, ``points`` measure
    closeness. ``forbidden``: pairs of ids that must not meet (ids not in the field are
    ignored). Same input and seed give the same pairing.
    """
    check_choice("avoid_same_unit", avoid_same_unit, UNIT_MODES)
    check_seating(seating)
    if not isinstance(seed, int):
        raise PairingError(errors.BAD_SEED, seed=repr(seed))
    field = Field(check_entrants(entrants), check_forbidden(forbidden))
    solution, model, met = _search_seat_weight(field, avoid_same_unit, seed)
    pairing = build_pairing(field, solution, model, seating, seed)
    if not met:
        pairing = replace(pairing, notes=(*pairing.notes, NOTE_SEAT_RULE_UNMET))
    return pairing


NOTE_SEAT_RULE_UNMET = "seat_rule_unmet"
"""Note on a pairing where no pairing keeps 90 % of the pairs within ±1."""
MAX_SEAT_STEPS = 10
SEAT_LADDER = (1, 4, 16, 64, 256)
"""Seat weights tried in turn, in squared typical gaps between point values."""


def _search_seat_weight(
    field: Field, unit_mode: str, seed: int
) -> tuple[Solution, CostModel, bool]:
    """Find the pairing with the best closeness among those the seat rule accepts.

    With weight 0 seats only break ties. If the 90 % rule fails, the weight climbs a
    ladder (1, 4, 16, … squared typical gaps) until the rule holds, then walks the lower
    convex hull of (pairs outside ±1, closeness) between the last weight that failed and
    the first that held: each step tries the weight at which the two known pairings cost
    the same (parametric search), until no pairing in between is cheaper.
    Returns (solution, model, whether the seat rule is met).
    """
    budget = outside_one_budget(field.n)
    lo_model = CostModel(field, unit_mode, seed)
    line = build_line(field, lo_model)

    def attempt(weight: Fraction) -> tuple[Solution, CostModel, int, int]:
        model = CostModel(
            field, unit_mode, seed, seat_num=weight.numerator, seat_den=weight.denominator
        )
        solution = solve(field, model, line)
        return solution, model, solution.outside_one(field), _closeness(solution, lo_model)

    lo, _model, s_lo, c_lo = attempt(Fraction(0))
    if s_lo <= budget:
        return lo, lo_model, True
    tried = {Fraction(0)}
    hi = None
    for factor in SEAT_LADDER:
        weight = Fraction(factor * field.gap * field.gap)
        tried.add(weight)
        solution, model, outside, close = attempt(weight)
        if outside <= budget:
            hi, hi_model, s_hi, c_hi = solution, model, outside, close
            break
        lo, s_lo, c_lo = solution, outside, close
    if hi is None:
        hi, hi_model = _seats_first(field, unit_mode, seed, line, budget)
        s_hi, c_hi = hi.outside_one(field), _closeness(hi, lo_model)
        if s_hi > budget or hi_model.options["bye_for_seats"] or hi_model.bye_pool:
            return hi, hi_model, s_hi <= budget
    for _ in range(MAX_SEAT_STEPS):
        if c_hi <= c_lo:
            break  # the pairing that meets the rule is at least as close: nothing to trade
        weight = Fraction(c_hi - c_lo, s_lo - s_hi)
        if weight in tried:
            break  # both known pairings are optimal at this weight: nothing in between
        tried.add(weight)
        mid, model, s_mid, c_mid = attempt(weight)
        if c_mid + weight * s_mid >= c_hi + weight * s_hi:
            break
        if s_mid <= budget:
            hi, hi_model, c_hi, s_hi = mid, model, c_mid, s_mid
        else:
            c_lo, s_lo = c_mid, s_mid
    return hi, hi_model, True


def _seats_first(
    field: Field, unit_mode: str, seed: int, line: list[int], budget: int
) -> tuple[Solution, CostModel]:
    """The pairing with seats counted before closeness; on an odd field where even that
    misses the 90 % rule, the one where the bye may also move up, if it does better."""
    model = CostModel(field, unit_mode, seed, seats_first=True)
    solution = solve(field, model, line)
    if solution.outside_one(field) > budget and not solution.exact:
        solution = solve_exact(field, model, line)
    if solution.outside_one(field) > budget and field.n % 2:
        # The bye candidate the rule names first cannot meet the seat rule: let the bye
        # move up among the pairs with the fewest byes.
        moved_model = CostModel(field, unit_mode, seed, bye_for_seats=True)
        moved = solve_exact(field, moved_model, line)
        if moved.outside_one(field) < solution.outside_one(field):
            if moved.outside_one(field) <= budget:
                return _earliest_bye(field, unit_mode, seed, line, budget, moved, moved_model)
            return moved, moved_model
    return solution, model


def _earliest_bye(
    field: Field,
    unit_mode: str,
    seed: int,
    line: list[int],
    budget: int,
    moved: Solution,
    moved_model: CostModel,
) -> tuple[Solution, CostModel]:
    """The bye rule's order among the byes that meet the 90 % rule: ``moved`` has the
    fewest pairs outside ±1 of all, but an earlier candidate may meet the rule too (with
    as few violations and same-unit tables); the first such candidate keeps the bye."""
    least = _rule_two(moved, moved_model)
    for c in bye_candidates(field):
        if c == moved.bye:
            break
        model = CostModel(field, unit_mode, seed, seats_first=True, bye_pool=[c])
        solution = solve_exact(field, model, line)
        if _rule_two(solution, model) == least and solution.outside_one(field) <= budget:
            return solution, model
    return moved, moved_model


def _rule_two(solution: Solution, model: CostModel) -> tuple[int, int]:
    """(violations, avoidable same-unit tables) of a solution: the levels above the bye."""
    tables = solution.tables
    units = sum(model.soft and model.same_unit(i, j) for i, j in tables)
    return sum(model.violation(i, j) for i, j in tables), units


def _closeness(solution: Solution, model: CostModel) -> int:
    return sum(model.closeness(i, j) for i, j in solution.tables)


def build_pairing(
    field: Field, solution: Solution, model: CostModel, seating: str, seed: int | None
) -> Pairing:
    """Seat, flag and number the tables of a solution. The conflict flags come from
    :func:`pairing.conflicts.table_conflicts`, the check the conflict list uses."""
    explainer = _Explainer(field, model.unit_mode)
    tables = []
    rematches = 0
    cost = 0.0
    for number, (i, j) in enumerate(sorted(solution.tables), start=1):
        first_ew, forced = first_sits_ew(field.balance[i], field.balance[j], seating)
        ew, ns = (i, j) if first_ew else (j, i)
        found = table_conflicts(
            field.entrants[ew], field.entrants[ns], number, model.unit_mode, field.apart
        )
        flags = explainer.flags(i, j) | conflict_flags(found)
        if FLAG_SAME_UNIT in flags:
            flags.discard(FLAG_UNIT_AVOIDED)  # the table is itself of one unit
        if forced:
            flags.add(FLAG_SEAT_FORCED)
        if FLAG_REMATCH in flags:
            rematches += 1
        tables.append(Table(number, field.ids[ew], field.ids[ns], frozenset(flags)))
        cost += (field.points[i] - field.points[j]) ** 2
    byes = ()
    if solution.bye is not None:
        flags = {FLAG_BYE}
        if field.byes[solution.bye] > min(field.byes):
            flags.add(FLAG_SECOND_BYE)
        byes = (Bye(field.ids[solution.bye], frozenset(flags)),)
    return Pairing(
        tables=tuple(tables),
        byes=byes,
        rematches=rematches,
        cost=cost,
        seed=seed,
        seat_weight=model.seat_weight,
    )


class _Explainer:
    """Works out the flags of a table that explain the computer's choice (floats, a closer
    opponent skipped); the conflict flags come from :func:`table_conflicts`."""

    def __init__(self, field: Field, unit_mode: str) -> None:
        self.field = field
        self.unit_mode = unit_mode
        self.unit_points: dict[int, list[int]] = {}
        if unit_mode != "off":
            for i in range(field.n):
                if field.unit[i] >= 0:
                    self.unit_points.setdefault(field.unit[i], []).append(field.pq[i])
            for values in self.unit_points.values():
                values.sort()

    def flags(self, i: int, j: int) -> set[str]:
        f = self.field
        flags: set[str] = set()
        if f.pq[i] != f.pq[j]:
            flags.update((FLAG_FLOAT_UP, FLAG_FLOAT_DOWN))
        gap = abs(f.pq[i] - f.pq[j])
        if self._closer_opponent(i, gap) or self._closer_opponent(j, gap):
            flags.add(FLAG_REMATCH_AVOIDED)
        if self.unit_mode != "off" and (self._closer_unit(i, gap) or self._closer_unit(j, gap)):
            flags.add(FLAG_UNIT_AVOIDED)
        return flags

    def _closer_opponent(self, i: int, gap: int) -> bool:
        if gap == 0:
            return False  # nobody is closer than an opponent with the same points
        pq = self.field.pq
        p = pq[i]
        return any(abs(pq[o] - p) < gap for o in self.field.opponents[i])

    def _closer_unit(self, i: int, gap: int) -> bool:
        f = self.field
        if f.unit[i] < 0 or gap == 0:
            return False
        values = self.unit_points[f.unit[i]]
        p = f.pq[i]
        # Members strictly closer than the opponent, minus the pair itself.
        return bisect_left(values, p + gap) - bisect_right(values, p - gap) > 1
