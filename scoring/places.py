"""Places decided by the time each table passed A (docs/rules.md §5.5).

Second round of a final (docs/rules.md §5.5): "以最先打過A為勝出，即按時間決出冠、亞、季軍" —
every table plays at once and the places go by the time each table's winner passed A.

Vocabulary
----------
finish
    One table of that round: its winner (the pair that passed A, or that led when time was
    called), its loser, the time the winner passed A (None when nobody passed A) and the
    winner's level index (13 = A+), as plain data.
places
    Winners that passed A, earliest first; then winners of tables where nobody passed A,
    higher level first; then the losers in the order of their table's winner. Equal
    times or levels share a place.

>>> from datetime import time
>>> places_by_time([Finish("a", "b", time(15, 40), 13), Finish("c", "d", time(15, 20), 13)])
[(1, 'c'), (2, 'a'), (3, 'd'), (4, 'b')]
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from datetime import time


@dataclass(frozen=True)
class Finish:
    """One table of a round ranked by finishing time (see the module docstring)."""

    winner: Hashable
    loser: Hashable | None
    passed_at: time | None
    level: int


def _key(finish: Finish) -> tuple:
    # Passed A first (by time), then the others by level, higher first.
    if finish.passed_at is not None:
        return (0, finish.passed_at, 0)
    return (1, time(0), -finish.level)


def places_by_time(finishes: Sequence[Finish]) -> list[tuple[int, Hashable]]:
    """(place, pair) for every pair of the round, best first; ties share a place."""
    ordered = sorted(finishes, key=_key)
    out: list[tuple[int, Hashable]] = []
    previous = None
    for index, finish in enumerate(ordered, 1):
        place = out[-1][0] if previous == _key(finish) else index
        out.append((place, finish.winner))
        previous = _key(finish)
    count = len(ordered)
    previous = None
    for index, finish in enumerate(ordered, 1):
        if finish.loser is None:
            continue
        place = out[-1][0] if previous == _key(finish) else count + index
        out.append((place, finish.loser))
        previous = _key(finish)
    return out
