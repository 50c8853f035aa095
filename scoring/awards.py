"""Award tiers (录取名次, docs/rules.md §10).

A tier list is ``[(label, count), …]`` from the top: the default (docs/rules.md §10) is one 一等奖, two
二等奖 and three 三等奖, i.e. places 1, 2–3 and 4–6. The other list uses 2, 4 and 6.

Ties: a row gets the tier that covers its *rank*, so pairs sharing a rank on a boundary all
get the better prize and the tier holds more pairs than its count. With ``lot`` in the
chain ranks are never shared and the counts are exact.

>>> from scoring.standings import StandingRow
>>> def row(rank): return StandingRow(rank, rank, 0, 0, {}, None, None, 0, 0, 0, 0, 0)
>>> [(r.rank, label) for r, label in awards([row(1), row(2), row(3), row(3), row(5)],
...                                         [("一等奖", 1), ("二等奖", 2)])]
[(1, '一等奖'), (2, '二等奖'), (3, '二等奖'), (3, '二等奖')]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scoring import errors
from scoring.errors import ScoringError
from scoring.standings import StandingRow

DEFAULT_AWARD_TIERS: tuple[tuple[str, int], ...] = (("一等奖", 1), ("二等奖", 2), ("三等奖", 3))

AWARD_TIER_PRESETS: dict[str, tuple[tuple[str, int], ...]] = {
    "1-2-3": DEFAULT_AWARD_TIERS,
    "2-4-6": (("一等奖", 2), ("二等奖", 4), ("三等奖", 6)),
}
"""Named tier lists the organizer can pick (docs/rules.md §10)."""


def awards(
    rows: Iterable[StandingRow],
    tiers: Sequence[tuple[str, int]] = DEFAULT_AWARD_TIERS,
) -> list[tuple[StandingRow, str]]:
    """Return ``(row, tier label)`` for every awarded row, best first."""
    bounds = _bounds(tiers)
    result: list[tuple[StandingRow, str]] = []
    for row in sorted(rows, key=lambda r: r.rank):
        label = next((label for label, last in bounds if row.rank <= last), None)
        if label is None:
            break
        result.append((row, label))
    return result


def _bounds(tiers: Sequence[tuple[str, int]]) -> list[tuple[str, int]]:
    """Turn counts into the last place each tier covers: (1, 2, 3) → (1, 3, 6)."""
    bounds: list[tuple[str, int]] = []
    last = 0
    for tier in tiers:
        try:
            label, count = tier
        except (TypeError, ValueError):
            raise ScoringError(errors.BAD_TIERS, detail=repr(tier)) from None
        if not label or not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise ScoringError(errors.BAD_TIERS, detail=repr(tier))
        last += count
        bounds.append((label, last))
    return bounds
