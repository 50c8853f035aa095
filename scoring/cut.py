"""The cut of a qualification and the play-off for a tie across it (docs/rules.md §5.6).

Vocabulary
----------
cut
    The line under the first ``n`` pairs of a ranking: they qualify for the next stage.
tie at the cut (并列)
    Pairs the tiebreak chain cannot separate (equal on every metric but the lot) that
    straddle the cut: some of them would qualify, some not. 《掼蛋比赛流程》: "如果第一轮
    结束后出现并列多名则多加一局定胜负进决赛" — they play one more game instead of drawing
    lots.
play-off (加赛)
    That game: the tied pairs meet two by two, best against worst of the tied group, and
    each table's winner qualifies. Possible when the tied pairs are exactly twice the
    places left; otherwise the chief referee must arrange it by hand (``tables`` is empty).

>>> from scoring import MatchRecord, StandingsRules, standings
>>> rows = standings([MatchRecord(1, "a", "b", "A+", "5"), MatchRecord(1, "c", "d", "A+", "5")],
...                  StandingsRules("points26", tiebreaks=("points", "level_diff")))
>>> cut = cut_at(rows, 1)
>>> cut.qualified, cut.tied, cut.places, cut.tables
((), ('a', 'c'), 1, (('a', 'c'),))
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from scoring.standings import StandingRow

# A row below one it is tied with: nothing but the lot (or nothing at all) separated them.
_TIED = (None, "lot")


@dataclass(frozen=True)
class Cut:
    """Who qualifies outright, who is tied across the cut, and the play-off tables."""

    qualified: tuple[Hashable, ...]
    tied: tuple[Hashable, ...]
    places: int
    tables: tuple[tuple[Hashable, Hashable], ...]

    @property
    def needs_playoff(self) -> bool:
        return bool(self.tied)


def cut_at(rows: Sequence[StandingRow], n: int) -> Cut:
    """The cut under the first ``n`` of ``rows`` (a ranking from :func:`scoring.standings`)."""
    pairs = [row.pair for row in rows]
    if n >= len(rows) or n < 1 or rows[n].decided_by not in _TIED:
        return Cut(tuple(pairs[:n]), (), 0, ())
    start = n - 1
    while start > 0 and rows[start].decided_by in _TIED:
        start -= 1
    end = n + 1
    while end < len(rows) and rows[end].decided_by in _TIED:
        end += 1
    tied = tuple(pairs[start:end])
    places = n - start
    return Cut(tuple(pairs[:start]), tied, places, playoff_tables(tied, places))


def playoff_tables(tied: Sequence[Hashable], places: int) -> tuple[tuple[Hashable, Hashable], ...]:
    """Best against worst of the tied group, one table per place; () when not two per place."""
    if len(tied) != 2 * places:
        return ()
    return tuple((tied[i], tied[-1 - i]) for i in range(places))
