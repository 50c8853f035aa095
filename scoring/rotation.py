"""3-round rotation totals (分组三轮移位总得分制, docs/rules.md §6.3 and §11.6).

Each pair plays three rounds against the other pairs of its group; its result is the sum
of its rounds, 0 … 345 in ``hundred_plus`` (3 × 115, docs/rules.md §6.3). Pairs are ranked by that
total within their group and over all groups; equal totals share a rank (the documents rank by
the total alone — an organizer who wants tiebreaks runs :func:`scoring.standings` on the
group's records instead).

>>> from scoring.records import MatchRecord
>>> results = [
...     MatchRecord(1, ew="a", ns="b", ew_level="A+", ns_level="8"),
...     MatchRecord(2, ew="b", ns="a", ew_level="A+", ns_level="A"),
... ]
>>> [(r.pair, r.rounds, r.total, r.group_rank) for r in
...  rotation_totals(results, {"a": 1, "b": 1})]
[('a', (107, 12), 119, 1), ('b', (6, 101), 107, 2)]
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass

from scoring.records import MatchRecord, tally
from scoring.system_numbers import DEFAULT_SCORE_OPTIONS, ScoreOptions
from scoring.systems import DEFAULT_BYE_POLICY


@dataclass(frozen=True)
class RotationRow:
    """One pair's rotation total; ``rounds`` are its points in round order."""

    pair: Hashable
    group: Hashable
    rounds: tuple[int, ...]
    total: int
    group_rank: int
    overall_rank: int


def rotation_totals(
    results: Iterable[MatchRecord],
    groups: Mapping[Hashable, Hashable],
    *,
    system: str = "hundred_plus",
    bye_policy: str = DEFAULT_BYE_POLICY,
    options: ScoreOptions = DEFAULT_SCORE_OPTIONS,
) -> list[RotationRow]:
    """Sum each pair's rounds; rank within its group and overall, best total first.

    Only the pairs in ``groups`` are ranked (a pair without records totals 0).
    """
    ledger = tally(results, system, bye_policy, pairs=groups, options=options)
    totals = {pair: ledger.tallies[pair].points for pair in groups}
    overall = _competition_ranks(totals)
    by_group: dict[Hashable, dict[Hashable, int]] = {}
    for pair, group in groups.items():
        by_group.setdefault(group, {})[pair] = totals[pair]
    group_ranks: dict[Hashable, int] = {}
    for members in by_group.values():
        group_ranks.update(_competition_ranks(members))
    rows = [
        RotationRow(
            pair=pair,
            group=groups[pair],
            rounds=tuple(p for _, p in sorted(ledger.tallies[pair].by_round.items())),
            total=totals[pair],
            group_rank=group_ranks[pair],
            overall_rank=overall[pair],
        )
        for pair in groups
    ]
    # sorted() is stable: equal totals keep the order of ``groups``.
    return sorted(rows, key=lambda r: r.overall_rank)


def _competition_ranks(totals: Mapping[Hashable, int]) -> dict[Hashable, int]:
    """Rank by total, highest first; equal totals share a rank (1, 2, 2, 4)."""
    ordered = sorted(totals.items(), key=lambda item: -item[1])
    ranks: dict[Hashable, int] = {}
    previous: int | None = None
    rank = 0
    for position, (pair, total) in enumerate(ordered, start=1):
        if total != previous:
            rank, previous = position, total
        ranks[pair] = rank
    return ranks
