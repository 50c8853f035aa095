"""Standings (名次): rank the pairs by points and the event's tiebreak chain.

How the chain is applied
------------------------
All pairs start in one group. Each metric of the chain, in turn, sorts every group that
still holds more than one pair and splits it where the values differ; the boundary between
two new neighbours is labelled with that metric (``StandingRow.decided_by``). A pair's
rank is 1 + the number of pairs in groups above its own, so pairs the whole chain cannot
separate share a rank (1, 2, 2, 4). ``lot`` always separates.

Worked example, chain ``points, level_diff, lot``: A 39 points / 级差分 +5, B 39 / +2,
C 39 / +2, D 20. ``points`` splits {A, B, C} from {D}; ``level_diff`` splits A from {B, C};
``lot`` orders B and C. Ranks 1 A, 2 B (decided_by "level_diff"), 3 C ("lot"), 4 D
("points").

Cost: scoring is one pass over the records, every metric value one pass over the pairs
(对手分 reads the finished per-pair totals), and each metric sorts only the groups still
tied, so 5,000 pairs × 10 rounds rank in a fraction of a second.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any

from scoring import errors
from scoring.errors import ScoringError
from scoring.metrics import DEFAULT_TIEBREAKS, METRICS, Metric
from scoring.records import Ledger, MatchRecord, tally
from scoring.system_numbers import DEFAULT_SCORE_OPTIONS, ScoreOptions
from scoring.systems import DEFAULT_BYE_POLICY, check_bye_policy, check_system

_Group = tuple[str | None, list[Hashable]]
"""Pairs still tied, with the metric that separated them from the group above."""


@dataclass(frozen=True)
class StandingsRules:
    """The event options that decide the standings.

    ``tiebreaks`` is the whole chain including ``points`` (keys of :data:`METRICS`);
    ``lot_seed`` is stored with the event so that a lot can be redrawn identically.
    """

    system: str
    tiebreaks: tuple[str, ...] = DEFAULT_TIEBREAKS
    bye_policy: str = DEFAULT_BYE_POLICY
    lot_seed: int = 0
    options: ScoreOptions = DEFAULT_SCORE_OPTIONS

    def __post_init__(self) -> None:
        # Options read from JSON arrive as lists; keep the rules hashable and immutable.
        object.__setattr__(self, "tiebreaks", tuple(self.tiebreaks))
        check_system(self.system)
        check_bye_policy(self.bye_policy)
        for key in self.tiebreaks:
            if key not in METRICS:
                raise ScoringError(errors.UNKNOWN_METRIC, detail=repr(key))
        if len(set(self.tiebreaks)) != len(self.tiebreaks):
            raise ScoringError(errors.DUPLICATE_METRIC, detail=repr(self.tiebreaks))
        if not isinstance(self.lot_seed, int) or isinstance(self.lot_seed, bool):
            raise ScoringError(errors.BAD_LOT_SEED, detail=repr(self.lot_seed))


@dataclass(frozen=True)
class StandingRow:
    """One ranked pair.

    ``values`` has one entry per metric of the chain: numbers, the per-round tuple of
    ``last_rounds`` (latest first), the lot number, and for ``head_to_head`` the points
    scored against the other tied pair (None when the metric did not apply).
    ``decided_by`` is the metric that put this pair below the one above it (None for the
    first row and for a pair tied with the row above). ``lot_draw`` is the lot number
    when lot was needed for this pair, else None. ``rounds_played`` lists the rounds the
    pair has a record in (a bye counts), so that a round it did not play (a knockout it
    was not in) can be shown as such rather than as 0 points.
    """

    rank: int
    pair: Hashable
    points: int
    level_diff: int
    values: dict[str, Any] = field(hash=False)
    decided_by: str | None
    lot_draw: int | None
    tables: int
    wins: int
    draws: int
    losses: int
    fouls: int
    byes: int = 0
    rounds_played: tuple[int, ...] = ()


def standings(
    results: Iterable[MatchRecord],
    rules: StandingsRules,
    *,
    pairs: Iterable[Hashable] | None = None,
    after_round: int | None = None,
) -> list[StandingRow]:
    """Rank the pairs after ``after_round`` (default: every round in ``results``).

    ``pairs`` lists every pair to rank, in a stable order (a pair without matches still
    appears); records of pairs not listed still count as opponents' points. Without
    ``pairs`` every pair found in ``results`` is ranked.
    """
    # dict.fromkeys: drop repeated ids but keep the caller's order.
    pair_list = list(dict.fromkeys(pairs)) if pairs is not None else None
    ledger = tally(
        results,
        rules.system,
        rules.bye_policy,
        pairs=pair_list,
        after_round=after_round,
        options=rules.options,
    )
    ranked = pair_list if pair_list is not None else ledger.pairs
    chain = [METRICS[key] for key in rules.tiebreaks]
    groups, lot_used, columns = rank_ledger(ledger, ranked, chain, rules.lot_seed)
    return _rows(ledger, groups, lot_used, chain, columns)


def rank_ledger(
    ledger: Ledger, ranked: list[Hashable], chain: list[Metric], seed: int
) -> tuple[list[_Group], set[Hashable], dict[str, dict[Hashable, Any]]]:
    """Apply ``chain`` to the tallies of ``ranked``: the tiebreak engine on its own.

    Returns the groups, best first, each with the metric that separated it from the group
    above (see the module docstring), the entries that needed lot, and every metric's
    column of values. The team standings (:mod:`scoring.team_ranking`) rank teams with
    it over a ledger of team tallies.
    """
    columns = _columns(ledger, ranked, chain, seed)
    groups, lot_used = _rank(ledger, ranked, chain, columns)
    return groups, lot_used, columns


def _columns(
    ledger: Ledger, pairs: list[Hashable], chain: list[Metric], seed: int
) -> dict[str, dict[Hashable, Any]]:
    """Every value of every chain metric, computed once per pair."""
    columns: dict[str, dict[Hashable, Any]] = {}
    for metric in chain:
        if metric.pairwise:
            columns[metric.key] = dict.fromkeys(pairs)
        else:
            value = metric.value
            assert value is not None
            columns[metric.key] = {pair: value(ledger, pair, seed) for pair in pairs}
    return columns


def _rank(
    ledger: Ledger,
    pairs: list[Hashable],
    chain: list[Metric],
    columns: dict[str, dict[Hashable, Any]],
) -> tuple[list[_Group], set[Hashable]]:
    # A group's label is the metric that separated it from the group above; it stays
    # with the group's first place even when a later metric reorders the members.
    groups: list[_Group] = [(None, list(pairs))] if pairs else []
    lot_used: set[Hashable] = set()
    for metric in chain:
        if len(groups) == len(pairs):
            break  # everybody separated; later metrics only fill in values
        split: list[_Group] = []
        for label, group in groups:
            if len(group) == 1:
                split.append((label, group))
                continue
            if metric.always_separates:
                lot_used.update(group)
            parts = _split(ledger, group, metric, columns[metric.key])
            split.append((label, parts[0]))
            split.extend((metric.key, part) for part in parts[1:])
        groups = split
    return groups, lot_used


def _split(
    ledger: Ledger, group: list[Hashable], metric: Metric, column: dict[Hashable, Any]
) -> list[list[Hashable]]:
    """Order a tied group by one metric; return the runs of equal values, best first."""
    if metric.pairwise:
        return _head_to_head(ledger, group, column)
    if metric.always_separates:
        # repr(pair) only matters if two lot numbers collide.
        return [[t] for t in sorted(group, key=lambda t: (column[t], repr(t)))]
    ordered = sorted(group, key=column.__getitem__, reverse=metric.higher_is_better)
    parts: list[list[Hashable]] = [[ordered[0]]]
    for previous, pair in zip(ordered, ordered[1:], strict=False):
        if column[pair] == column[previous]:
            parts[-1].append(pair)
        else:
            parts.append([pair])
    return parts


def _head_to_head(
    ledger: Ledger, group: list[Hashable], column: dict[Hashable, Any]
) -> list[list[Hashable]]:
    # Only a pair of tied pairs is compared; see the ``head_to_head`` entry in metrics.
    if len(group) != 2:
        return [group]
    a, b = group
    a_points = ledger.tallies[a].points_against(b)
    b_points = ledger.tallies[b].points_against(a)
    if a_points is None or b_points is None:
        return [group]  # they never met
    column[a], column[b] = a_points, b_points
    if a_points == b_points:
        return [group]
    return [[a], [b]] if a_points > b_points else [[b], [a]]


def _rows(
    ledger: Ledger,
    groups: list[_Group],
    lot_used: set[Hashable],
    chain: list[Metric],
    columns: dict[str, dict[Hashable, Any]],
) -> list[StandingRow]:
    rows: list[StandingRow] = []
    lot_column = columns.get("lot")
    # Each metric's column looked up once, not once per pair (5,000 pairs × the chain).
    chain_columns = [(m.key, columns[m.key]) for m in chain]
    tallies = ledger.tallies
    for label, group in groups:
        rank = len(rows) + 1
        for position, pair in enumerate(group):
            t = tallies[pair]
            rows.append(
                StandingRow(
                    rank=rank,
                    pair=pair,
                    points=t.points,
                    level_diff=t.level_diff,
                    values={key: column[pair] for key, column in chain_columns},
                    decided_by=label if position == 0 else None,
                    lot_draw=lot_column[pair] if lot_column and pair in lot_used else None,
                    tables=t.tables,
                    wins=t.wins,
                    draws=t.draws,
                    losses=t.losses,
                    fouls=t.fouls,
                    byes=t.byes,
                    rounds_played=tuple(sorted(t.by_round)),
                )
            )
    return rows
