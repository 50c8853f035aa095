"""Whether a Swiss round can be paired without a violation (:mod:`pairing.solver`'s proof).

Exact: a group that may not meet itself (a unit under hard avoidance, the pairs at one
balance of ±2) larger than half the field rules it out at once; else Dirac's degree bound
proves a perfect matching of the compatibility graph, else a maximum-cardinality matching
decides.
"""

from __future__ import annotations

from collections import Counter

from .costs import CostModel, Field
from .matching import dirac_guarantees_perfect, has_perfect_matching


def feasible(field: Field, model: CostModel, bye: int | None) -> bool:
    """Exact and cached: can everyone but ``bye`` be paired without a violation?"""
    key = (model.unit_mode, bye)
    if key not in field.feasible:
        field.feasible[key] = _perfect_possible(
            [i for i in range(field.n) if i != bye], field, model
        )
    return field.feasible[key]


def crowds(field: Field, model: CostModel) -> list[set[int]]:
    """The groups that may not meet themselves (a unit under hard avoidance, the pairs at
    one balance of ±2) with more than half of the field less one bye: each needs the bye."""
    groups: dict[tuple, set[int]] = {}
    for i in range(field.n):
        if abs(field.balance[i]) >= 2:
            groups.setdefault(("seat", field.balance[i]), set()).add(i)
        if model.unit_mode == "hard" and field.unit[i] >= 0:
            groups.setdefault(("unit", field.unit[i]), set()).add(i)
    return [group for group in groups.values() if 2 * len(group) > field.n - 1]


def later_feasible(field: Field, model: CostModel, later: list[int]) -> bool:
    """Can one of the ``later`` bye candidates have the bye without a violation? (Exact:
    :func:`feasible` on each, after the crowds rule out, at once, those outside a crowd.)"""
    groups = crowds(field, model) if later else []
    if any(2 * (len(crowd) - 1) > field.n - 1 for crowd in groups):
        return False  # even a bye inside it leaves that crowd more than half the rest
    later = [c for c in later if all(c in crowd for crowd in groups)]
    return any(feasible(field, model, c) for c in later)


def unit_crowd(field: Field, model: CostModel) -> set[int] | None:
    """The pairs of the one unit that hard avoidance keeps apart and that outnumbers the
    rest (:func:`crowds`), or None (no such unit, or a group of seat balances too)."""
    groups = crowds(field, model)
    if model.unit_mode != "hard" or len(groups) != 1:
        return None
    units = {field.unit[i] for i in groups[0]}
    unit = units.pop() if len(units) == 1 else -1
    if unit < 0 or field.unit.count(unit) != len(groups[0]):
        return None
    return groups[0]


def forced_tables(field: Field, crowd: set[int], bye: int | None) -> int:
    """The fewest tables of two pairs of ``crowd`` in any pairing with this ``bye``: its
    pairs beyond the others' number meet each other."""
    members = len(crowd) - (bye in crowd)
    others = field.n - (bye is not None) - members
    return max(0, members - others) // 2


def _perfect_possible(rest: list[int], field: Field, model: CostModel) -> bool:
    """Does the compatibility graph on ``rest`` have a perfect matching?"""
    members = set(rest)
    balances = Counter(field.balance[i] for i in rest)
    units = Counter(field.unit[i] for i in rest) if model.unit_mode == "hard" else Counter()
    units.pop(-1, None)  # pairs without a unit
    # A group that may not meet itself (a hard unit, or pairs at the same balance of ±2)
    # needs partners outside it for every member.
    crowds = [units.most_common(1)[0][1] if units else 0]
    crowds += [count for b, count in balances.items() if abs(b) >= 2]
    if 2 * max(crowds) > len(rest):
        return False
    lower_bounds = []
    for i in rest:
        blocked = len(field.opponents[i] & members) + len(field.avoid[i] & members)
        if abs(field.balance[i]) >= 2:
            blocked += balances[field.balance[i]] - 1
        if field.unit[i] >= 0 and units:
            blocked += units[field.unit[i]] - 1
        lower_bounds.append(len(rest) - 1 - blocked)
    if dirac_guarantees_perfect(lower_bounds):
        return True
    edges = [
        (x, y)
        for x in range(len(rest))
        for y in range(x + 1, len(rest))
        if not model.forbidden(rest[x], rest[y])
    ]
    return has_perfect_matching(len(rest), edges)
