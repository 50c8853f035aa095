"""Independent checks of the hard rules of a Swiss round: networkx referees the fewest
violations, tests/pairing/exact.py the least objective."""

from __future__ import annotations

from collections import Counter

import networkx as nx
import numpy as np

from pairing import Entrant, Pairing
from pairing.flags import (
    FLAG_FLOAT_DOWN,
    FLAG_FLOAT_UP,
    FLAG_FORBIDDEN,
    FLAG_REMATCH,
    FLAG_SAME_UNIT,
)
from pairing.seats import balances_after, outside_one_after, outside_one_budget, seat_legal

from .exact import minimum_perfect_matching


def placed(pairing: Pairing) -> Counter:
    return Counter(pairing.entrant_ids())


def compatible(a: Entrant, b: Entrant, unit_mode: str, forbidden=frozenset()) -> bool:
    if b.id in a.opponents or a.id in b.opponents:
        return False
    if frozenset((a.id, b.id)) in forbidden:
        return False
    if not seat_legal(a.seat_balance, b.seat_balance):
        return False
    return not (unit_mode == "hard" and a.unit is not None and a.unit == b.unit)


def violation_cost(a: Entrant, b: Entrant, unit_mode: str, k: int, forbidden=frozenset()) -> int:
    """Violations of a table, lexicographic (docs/rules.md §11.3): rematch > hard same unit
    or a forbidden pairing (one level) > seat beyond ±2 > a same unit under soft avoidance
    (the level the pairing puts right below the violations, above the bye order and the
    seat rule)."""
    cost = 0
    if b.id in a.opponents or a.id in b.opponents:
        cost += k**3
    same_unit = a.unit is not None and a.unit == b.unit
    if (unit_mode == "hard" and same_unit) or frozenset((a.id, b.id)) in forbidden:
        cost += k * k
    if not seat_legal(a.seat_balance, b.seat_balance):
        cost += k
    if unit_mode == "soft" and same_unit:
        cost += 1
    return cost


def least_violations(
    entrants: list[Entrant], unit_mode: str, k: int, forbidden=frozenset()
) -> tuple[int, int]:
    """(least violation cost, least pairs outside ±1 among those) over perfect pairings."""
    graph = nx.Graph()
    big = 4 * len(entrants) + 4
    for x, a in enumerate(entrants):
        for b in entrants[x + 1 :]:
            cost = violation_cost(a, b, unit_mode, k, forbidden) * big
            cost += outside_one_after(a.seat_balance, b.seat_balance)
            graph.add_edge(a.id, b.id, weight=-cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    total = -sum(graph[a][b]["weight"] for a, b in matching)
    return divmod(total, big)


def bye_candidates(entrants: list[Entrant]) -> list[Entrant]:
    """Fewest byes, lowest-ranked first."""
    fewest = min(e.byes for e in entrants)
    return sorted((e for e in entrants if e.byes == fewest), key=lambda e: -e.rank)


def check_round(
    entrants: list[Entrant],
    pairing: Pairing,
    unit_mode: str = "off",
    seating="first_ew",
    forbidden=frozenset(),
):
    """Assert every hard rule of a Swiss round; return the balances after the round.
    ``forbidden``: a set of two-id frozensets that must not meet."""
    by_id = {e.id: e for e in entrants}
    _check_placement(entrants, pairing, by_id)
    # Violations: as few as any pairing (with any allowed bye) can have.
    k = len(pairing.tables) + 2
    violations = sum(
        violation_cost(by_id[t.ew], by_id[t.ns], unit_mode, k, forbidden) for t in pairing.tables
    )
    assert pairing.rematches == sum(by_id[t.ns].id in by_id[t.ew].opponents for t in pairing.tables)
    budget = outside_one_budget(len(entrants))
    options: dict = {}
    if pairing.byes:
        bye = by_id[pairing.byes[0].entrant]
        assert bye.byes == min(e.byes for e in entrants), "second bye while another has none"
        candidates = bye_candidates(entrants)
        if violations or bye.id != candidates[0].id:
            for c in candidates:
                rest = [e for e in entrants if e.id != c.id]
                least, outside = least_violations(rest, unit_mode, k, forbidden)
                options[c.id] = (least, outside + (abs(c.seat_balance) > 1))
            assert violations == min(v for v, _o in options.values()), "avoidable violation"
            for c in candidates:  # each candidate below ours needed more violations or seats
                if c.id == bye.id:
                    break
                least, outside = options[c.id]
                assert least > violations or outside > budget, "the bye should have gone lower"
    elif violations:
        assert violations == least_violations(entrants, unit_mode, k, forbidden)[0], (
            "avoidable violation"
        )
    # Seats: the rule, the ±2 limit, the 90 % rule.
    after = _check_tables(entrants, pairing, unit_mode, seating, forbidden)
    assert all(abs(v) <= 2 for v in after.values()) or violations % (k * k) >= k
    outside = sum(abs(v) > 1 for v in after.values())
    if outside > budget:
        # Allowed only when the rules above the seat rule leave no better choice.
        assert "seat_rule_unmet" in pairing.notes
        if pairing.byes:
            best = min(o for v, o in options.values() if v == violations) if options else None
            if best is None:  # our bye was the first candidate and nothing was violated
                rest = [e for e in entrants if e.id != bye.id]
                best = least_violations(rest, unit_mode, k, forbidden)[1] + (
                    abs(bye.seat_balance) > 1
                )
        else:
            best = least_violations(entrants, unit_mode, k, forbidden)[1]
        assert outside == best, "the seat rule could have been met"
    return after


def _check_placement(entrants: list[Entrant], pairing: Pairing, by_id: dict) -> None:
    """Each active pair placed once, one bye for an odd count, tables numbered from the top."""
    count = placed(pairing)
    # Each active pair exactly once; nobody unknown (withdrawn pairs are not passed in).
    assert set(count) == set(by_id), "a pair is missing or unknown"
    assert all(v == 1 for v in count.values()), "a pair is placed twice"
    assert len(pairing.byes) == len(entrants) % 2
    # Tables numbered 1.. from the top of the standings.
    assert [t.number for t in pairing.tables] == list(range(1, len(pairing.tables) + 1))
    tops = [min(by_id[t.ew].rank, by_id[t.ns].rank) for t in pairing.tables]
    assert tops == sorted(tops)


def _check_tables(entrants, pairing: Pairing, unit_mode: str, seating, forbidden) -> dict:
    """Seat each table by the seat rule and check its flags; return the balances after."""
    by_id = {e.id: e for e in entrants}
    after = {e.id: e.seat_balance for e in entrants}
    for t in pairing.tables:
        a, b = by_id[t.ew], by_id[t.ns]
        first, second = (a, b) if a.rank < b.rank else (b, a)
        if a.seat_balance != b.seat_balance:
            assert a.seat_balance < b.seat_balance, "the lower balance must sit EW"
        else:
            assert (first is a) == (seating == "first_ew")
        after[a.id] += 1
        after[b.id] -= 1
        assert (after[a.id], after[b.id]) == balances_after(a.seat_balance, b.seat_balance)
        # Flags tell the truth.
        assert (FLAG_REMATCH in t.flags) == (b.id in a.opponents)
        assert (FLAG_FLOAT_UP in t.flags) == (FLAG_FLOAT_DOWN in t.flags) == (a.points != b.points)
        same = a.unit is not None and a.unit == b.unit
        assert (FLAG_SAME_UNIT in t.flags) == (same and unit_mode != "off")
        assert (FLAG_FORBIDDEN in t.flags) == (frozenset((a.id, b.id)) in forbidden)
    return after


def objective(entrants: list[Entrant], tables, seat_weight: float) -> float:
    by_id = {e.id: e for e in entrants}
    return sum(table_cost(by_id[x], by_id[y], seat_weight) for x, y in tables)


def table_cost(a: Entrant, b: Entrant, seat_weight: float) -> float:
    """What one table adds to the objective: squared points difference, the seat weight if
    a pair ends outside ±1."""
    cost = (a.points - b.points) ** 2
    return cost + seat_weight * outside_one_after(a.seat_balance, b.seat_balance)


def score_cuts(field: list[Entrant]) -> list[np.ndarray]:
    """The odd sets of a field sorted by points, lowest first: the pairs on at least some
    number of points, when they are odd in number (a pairing floats one of them down)."""
    points = np.array([e.points for e in field])
    return [points >= p for p in sorted(set(points.tolist())) if (points >= p).sum() % 2]


def exact_minimum(
    entrants: list[Entrant],
    pairing: Pairing,
    unit_mode: str,
    seat_weight: float | None = None,
    forbidden=frozenset(),
) -> tuple[float, float] | None:
    """(our objective, exact minimum) over pairings of the same field without our bye,
    under the same hard constraints, or None when no pairing meets them. The minimum comes
    from :func:`tests.pairing.exact.minimum_perfect_matching` (linear programming with
    odd-set cuts, proved by a lower bound it checks; independent of the rustworkx matcher
    the pairing uses), exact to float rounding.

    Every table costs at least its squared points difference, so when all our tables are
    allowed, a table whose points differ by more than the square root of our whole
    objective is in no cheaper pairing: only the tables within that window are built, and
    our objective is the upper bound the solver starts from.

    Under soft same-unit avoidance the pairing first has as few same-unit tables as it can
    (check_round referees that); when it has none, its objective is the minimum over the
    pairings without one (the constraints of hard avoidance); when some are unavoidable,
    None (no closeness comparison)."""
    if unit_mode == "soft":
        units = {e.id: e.unit for e in entrants}
        if any(units[t.ew] is not None and units[t.ew] == units[t.ns] for t in pairing.tables):
            return None
        unit_mode = "hard"
    byes = {b.entrant for b in pairing.byes}
    field = sorted((e for e in entrants if e.id not in byes), key=lambda e: e.points)
    by_id = {e.id: e for e in field}
    weight = pairing.seat_weight if seat_weight is None else seat_weight
    tables = [(t.ew, t.ns) for t in pairing.tables]
    ours = objective(field, tables, weight)
    allowed = all(compatible(by_id[x], by_id[y], unit_mode, forbidden) for x, y in tables)
    assert weight >= 0, "the window needs tables costing at least 0"
    window = ours + 1e-9 if allowed else float("inf")
    costs = {}
    for x, a in enumerate(field):
        for y in range(x + 1, len(field)):
            b = field[y]
            if (b.points - a.points) ** 2 > window:
                break  # sorted by points: the later ones differ even more
            if compatible(a, b, unit_mode, forbidden):
                costs[x, y] = table_cost(a, b, weight)
    best = minimum_perfect_matching(
        len(field),
        list(costs),
        list(costs.values()),
        upper=ours if allowed else None,
        odd_sets=score_cuts(field),
    )
    return None if best is None else (ours, best)
