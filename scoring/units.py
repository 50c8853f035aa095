"""Unit ranking (单位团体): a unit scores the points of its best K pairs.

A unit (单位: a club, a company, a district) enters several pairs. Its score is the sum of
the points of its K best-placed pairs in the standings (K is an event option); a unit with
fewer than K pairs counts the pairs it has.

Ties between units, in turn: the smaller sum of the counted pairs' ranks (better placed
pairs), then the better rank of its best pair; units still equal share a rank.

>>> from scoring.standings import StandingRow
>>> def row(rank, pair, points):
...     return StandingRow(rank, pair, points, 0, {}, None, None, 0, 0, 0, 0, 0)
>>> rows = [row(1, "a1", 50), row(2, "b1", 48), row(3, "a2", 40), row(4, "b2", 40),
...         row(5, "a3", 39)]
>>> unit_of = {"a1": "A", "a2": "A", "a3": "A", "b1": "B", "b2": "B"}
>>> [(u.rank, u.unit, u.score, u.pairs) for u in unit_ranking(rows, unit_of, best_k=2)]
[(1, 'A', 90, ('a1', 'a2')), (2, 'B', 88, ('b1', 'b2'))]
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass

from scoring import errors
from scoring.errors import ScoringError
from scoring.standings import StandingRow


@dataclass(frozen=True)
class UnitRow:
    """One ranked unit; ``pairs`` and ``ranks`` are its counted pairs, best first."""

    rank: int
    unit: Hashable
    score: int
    pairs: tuple[Hashable, ...]
    ranks: tuple[int, ...]


def unit_ranking(
    rows: Iterable[StandingRow],
    unit_of: Mapping[Hashable, Hashable],
    best_k: int,
) -> list[UnitRow]:
    """Rank the units by the points of their best ``best_k`` pairs.

    Pairs missing from ``unit_of`` (or mapped to None) belong to no unit and are skipped.
    """
    if not isinstance(best_k, int) or isinstance(best_k, bool) or best_k < 1:
        raise ScoringError(errors.BAD_BEST_K, detail=repr(best_k))
    counted: dict[Hashable, list[StandingRow]] = {}
    for row in sorted(rows, key=lambda r: r.rank):
        unit = unit_of.get(row.pair)
        if unit is None:
            continue
        members = counted.setdefault(unit, [])
        if len(members) < best_k:
            members.append(row)
    units = [
        UnitRow(
            rank=0,
            unit=unit,
            score=sum(r.points for r in members),
            pairs=tuple(r.pair for r in members),
            ranks=tuple(r.rank for r in members),
        )
        for unit, members in counted.items()
    ]
    units.sort(key=_sort_key)
    return _with_ranks(units)


def _sort_key(unit: UnitRow) -> tuple[int, int, int]:
    return (-unit.score, sum(unit.ranks), unit.ranks[0])


def _with_ranks(units: list[UnitRow]) -> list[UnitRow]:
    ranked: list[UnitRow] = []
    for position, unit in enumerate(units):
        tied = ranked and _sort_key(ranked[-1]) == _sort_key(unit)
        rank = ranked[-1].rank if tied else position + 1
        ranked.append(
            UnitRow(rank=rank, unit=unit.unit, score=unit.score, pairs=unit.pairs, ranks=unit.ranks)
        )
    return ranked
