"""A pair's round-by-round history, for the pair page.

>>> from scoring.records import MatchRecord
>>> from scoring.standings import StandingsRules
>>> results = [
...     MatchRecord(1, ew=1, ns=2, ew_level="A+", ns_level="K"),
...     MatchRecord(2, ew=3, ns=1, ew_level="5", ns_level="5"),
... ]
>>> [(h.round, h.opponent, h.seat, h.points, h.total) for h in
...  pair_history(results, StandingsRules("points26"), 1)]
[(1, 2, 'EW', 15, 15), (2, 3, 'NS', 13, 28)]
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass

from scoring.records import MatchRecord, score_record
from scoring.standings import StandingsRules
from scoring.systems import EW, NS, MatchScore


@dataclass(frozen=True)
class HistoryLine:
    """One round of one pair, seen from that pair's seat.

    ``opponent`` is None for a bye. ``total`` is the running total after this round.
    ``score`` is the full :class:`MatchScore` (forfeit, defeat, stand-in level difference).
    """

    round: int
    opponent: Hashable | None
    seat: str
    level: str | None
    opponent_level: str | None
    points: int
    opponent_points: int | None
    level_points: int
    outcome: str | None
    fouls: int
    opponent_fouls: int | None
    total: int
    score: MatchScore


def pair_history(
    results: Iterable[MatchRecord],
    rules: StandingsRules,
    pair: Hashable,
    *,
    after_round: int | None = None,
) -> list[HistoryLine]:
    """Return the lines of ``pair``, one per round it has a record in, in round order."""
    mine = [
        r
        for r in results
        if (r.ew == pair or (r.ns is not None and r.ns == pair))
        and (after_round is None or r.round <= after_round)
    ]
    mine.sort(key=lambda r: r.round)
    lines: list[HistoryLine] = []
    total = 0
    for record in mine:
        score = score_record(record, rules.system, rules.bye_policy, rules.options)
        line = _line(record, score, pair, total)
        total = line.total
        lines.append(line)
    return lines


def _line(record: MatchRecord, score: MatchScore, pair: Hashable, total: int) -> HistoryLine:
    seat = EW if record.ew == pair else NS
    own = score.seat(seat)
    if record.ns is None:
        return HistoryLine(
            round=record.round,
            opponent=None,
            seat=seat,
            level=score.ew_level,
            opponent_level=None,
            points=own.points,
            opponent_points=None,
            level_points=own.level_points,
            outcome=own.outcome,
            fouls=record.ew_fouls,
            opponent_fouls=None,
            total=total + own.points,
            score=score,
        )
    other = score.seat(NS if seat == EW else EW)
    ew_side = seat == EW
    return HistoryLine(
        round=record.round,
        opponent=record.ns if ew_side else record.ew,
        seat=seat,
        level=score.ew_level if ew_side else score.ns_level,
        opponent_level=score.ns_level if ew_side else score.ew_level,
        points=own.points,
        opponent_points=other.points,
        level_points=own.level_points,
        outcome=own.outcome,
        fouls=record.ew_fouls if ew_side else record.ns_fouls,
        opponent_fouls=record.ns_fouls if ew_side else record.ew_fouls,
        total=total + own.points,
        score=score,
    )
