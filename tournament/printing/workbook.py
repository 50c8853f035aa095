"""The whole-event workbook (全赛事工作簿): one sheet per round, then standings, unit
ranking and the registration list.

Sheets are written one after the other in openpyxl's write-only mode while the matches
stream from one query in round order, so a 5,000-pair, 10-round event never sits in memory
as a workbook.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import groupby

from rules import RuleSet
from scoring import StandingRow, UnitRow
from tournament.printing.data import EventInfo, PrintedPair, PrintedTable
from tournament.printing.results import FoulLogExport, ResultsExport
from tournament.printing.signin import RegistrationExport
from tournament.printing.standings import StandingsExport, UnitsExport
from tournament.printing.tabular import Exporter


def workbook_sheets(
    event: EventInfo,
    tables: Iterable[PrintedTable],
    standings: Sequence[StandingRow],
    units: Sequence[UnitRow],
    pairs: Mapping[int, PrintedPair],
    *,
    final: bool,
    round_titles: Mapping[int, str] | None = None,
    rules: RuleSet | None = None,
) -> Iterator[Exporter]:
    """The sheets in order; ``tables`` must come in round order (as the source yields them).

    Round sheets are named by :func:`tournament.text.titles.round_title` (``round_titles``), so
    knockout rounds say 半决赛 or 决赛. The foul log comes last: it is gathered while the
    round sheets stream past."""
    fouls = FoulLogExport(rules)
    titles = round_titles or {}
    for number, group in groupby(tables, key=lambda t: t.round):
        yield ResultsExport(number, fouls.collect(group), title=titles.get(number))
    yield StandingsExport(event, standings, pairs, with_awards=final)
    if units:
        yield UnitsExport(units, pairs)
    yield RegistrationExport(pairs.values())
    yield fouls
