"""Pace of the tables of a round (进度提醒): who will not pass A in time, who has stopped.

Plain data in and out; times are minutes since the round started.

Vocabulary
----------
line times
    The moment each line of a table's score sheet was first saved, kept beside the lines
    (``Match.deal_times``); a line the referee corrects gets a new time.
deal times
    The line times of the deals (lines with ``"win"``), in order.
climb
    How far the leading side has got: its level index (``"2"`` → 0 … ``"A"`` → 12).
present pace
    The leader's climb divided by the minutes up to the last deal. At that pace the table
    needs ``(13 - climb) / pace`` more minutes to pass A (13 is ``"A+"``); a table that
    would need more than the time left is *slow*. Fewer than ``MIN_DEALS`` deals are too
    few to judge.
idle
    A table whose sheet has lines but no deal for ``IDLE_MINUTES`` (a table scored only
    with final levels has no sheet, hence no pace).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.levels import LEVEL_PASSED_A, level_index

IDLE_MINUTES = 15
MIN_DEALS = 3


@dataclass(frozen=True)
class TableProgress:
    """One unfinished table: its levels now and its deal times (minutes, in order)."""

    table: int
    ew_level: str
    ns_level: str
    deal_times: tuple[float, ...]
    has_sheet: bool = True


@dataclass(frozen=True)
class PaceAlert:
    """A table to watch: ``slow`` (``projected`` minutes to pass A, None when it has not
    climbed at all) and/or ``idle`` (``idle_minutes`` since its last deal or the start)."""

    table: int
    slow: bool
    idle: bool
    projected: int | None
    idle_minutes: int
    deals: int


def _climb(progress: TableProgress) -> int:
    levels = [progress.ew_level or "2", progress.ns_level or "2"]
    return max(level_index(level) for level in levels)


def projected_minutes(progress: TableProgress) -> float | None:
    """Minutes from the start until the table passes A at its present pace (None: no
    climb yet, so never); None also when there are fewer than ``MIN_DEALS`` deals."""
    times = progress.deal_times
    climb = _climb(progress)
    if len(times) < MIN_DEALS or times[-1] <= 0 or climb <= 0:
        return None
    pace = climb / times[-1]
    return times[-1] + (LEVEL_PASSED_A - climb) / pace


def table_alert(progress: TableProgress, *, elapsed: float, time_limit: int) -> PaceAlert | None:
    """The alert of one table ``elapsed`` minutes into a round of ``time_limit`` minutes."""
    if not progress.has_sheet:
        return None
    times = progress.deal_times
    last = times[-1] if times else 0.0
    idle_for = max(0.0, elapsed - last)
    idle = idle_for >= IDLE_MINUTES
    projected = projected_minutes(progress)
    judged = len(times) >= MIN_DEALS
    slow = judged and (projected is None or projected > time_limit)
    if not (slow or idle):
        return None
    return PaceAlert(
        table=progress.table,
        slow=slow,
        idle=idle,
        projected=None if projected is None else round(projected),
        idle_minutes=int(idle_for),
        deals=len(times),
    )


def pace_alerts(tables: list[TableProgress], *, elapsed: float, time_limit: int) -> list[PaceAlert]:
    """The alerts of a round's unfinished tables, by table number."""
    alerts = (table_alert(t, elapsed=elapsed, time_limit=time_limit) for t in tables)
    return sorted((a for a in alerts if a is not None), key=lambda a: a.table)


def line_times(old_lines: list, old_times: list, new_lines: list, now: str) -> list[str]:
    """The times of ``new_lines``: a line unchanged from the stored sheet keeps its time,
    every line from the first change on is stamped ``now``.

    >>> line_times([{"win": "EW"}], ["t1"], [{"win": "EW"}, {"win": "NS"}], "t2")
    ['t1', 't2']
    """
    times: list[str] = []
    for i, line in enumerate(new_lines):
        same = i < len(old_lines) and old_lines[i] == line and i < len(old_times)
        if not same:
            break
        times.append(old_times[i])
    return times + [now] * (len(new_lines) - len(times))
