"""Pace alerts of a round from the score sheets' line times (the rules are in
:mod:`rules.pace`; this module only reads the tables and converts times to minutes)."""

from __future__ import annotations

from datetime import datetime
from operator import itemgetter

from django.utils import timezone

from rules.levels import level_index
from rules.pace import PaceAlert, TableProgress, line_times, pace_alerts
from tournament.core.prepared import Prepared
from tournament.models import Round, Table
from tournament.standings.selectors import COUNTED_STATES


def record_line_times(table: Table, steps: list, now: datetime | None = None) -> None:
    """Keep the times of the sheet's unchanged lines and stamp the new ones (call inside the
    transaction that saves ``steps``)."""
    stamp = (now or timezone.now()).isoformat()
    times = line_times(table.deals or [], table.deal_times or [], steps, stamp)
    Table.objects.filter(pk=table.pk).update(deal_times=times)
    table.deal_times = times


def _minutes(text: str, start: datetime) -> float | None:
    try:
        moment = datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return None  # a sheet saved before line times were kept
    return (moment - start).total_seconds() / 60


def table_progress(row: tuple, start: datetime) -> TableProgress:
    """One table (a row of :data:`_SHEETS`) as the pace rules' plain data."""
    number, ew_level, ns_level, deals, times = row
    deals, times = deals or [], times or []
    minutes = [
        _minutes(times[i], start)
        for i, line in enumerate(deals)
        if isinstance(line, dict) and "win" in line and i < len(times)
    ]
    return TableProgress(
        table=number,
        ew_level=ew_level,
        ns_level=ns_level,
        deal_times=tuple(m for m in minutes if m is not None),
        has_sheet=bool(deals),
    )


# Asked by every look at round control while a round is in play (each referee's page after
# a save): compiled once (core/prepared.py). Only tables with a sheet can have a pace: the
# index of those (``match_with_sheet``) finds them without reading the others' sheets, most
# rounds none at all. Sorted here, not in SQL: an ORDER BY on the table's number made
# SQLite walk the round's tables in that order instead of the index. No order by the model's
# default either, which joined the round and the event.
_NUMBER = itemgetter(0)  # a row's table number
_SHEETS = Prepared(
    lambda r: (
        Table.objects.filter(round_id=r)
        .exclude(ns=None)
        .exclude(state__in=(*COUNTED_STATES, Table.DISPUTED))
        .exclude(deals=[])
        .values_list("number", "ew_level", "ns_level", "deals", "deal_times")
    ),
    int,
)


def round_pace(round_: Round, now: datetime | None = None) -> list[PaceAlert]:
    """The alerts of a round in play (none before it starts or once its time is up)."""
    return round_pace_points(round_, now)[0]


def round_pace_points(
    round_: Round, now: datetime | None = None
) -> tuple[list[PaceAlert], list[tuple[int, int, float, bool, bool]], float]:
    """The alerts, each table with a sheet as (table, level index reached, minutes of its
    last deal, slow, idle) for the pace strip, and the minutes elapsed (nothing out of play)."""
    if round_.started_at is None or round_.status not in (Round.PUBLISHED, Round.IN_PLAY):
        return [], [], 0.0
    limit = round_.tournament.time_limit
    elapsed = ((now or timezone.now()) - round_.started_at).total_seconds() / 60
    if elapsed < 0 or elapsed > limit:
        return [], [], elapsed
    tables = [
        table_progress(row, round_.started_at)
        for row in sorted(_SHEETS.all(round_.pk), key=_NUMBER)
    ]
    alerts = pace_alerts(tables, elapsed=elapsed, time_limit=limit)
    flagged = {a.table: a for a in alerts}
    points = [
        (
            t.table,
            max(level_index(t.ew_level or "2"), level_index(t.ns_level or "2")),
            t.deal_times[-1] if t.deal_times else 0.0,
            t.table in flagged and flagged[t.table].slow,
            t.table in flagged and flagged[t.table].idle,
        )
        for t in tables
    ]
    return alerts, points, elapsed
