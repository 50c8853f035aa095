"""How a team event's exports are made (团体赛): the registry calls these instead of the pairs'
``make_*`` of :mod:`tournament.printing.makers` when ``Tournament.entry`` is "teams".

Every number is read from :mod:`tournament.teams.standings` (through
:mod:`tournament.printing.team_source`): the same team matches, scores and rankings as the
standings page and the pairing.
"""

from __future__ import annotations

from itertools import groupby
from typing import BinaryIO

from django.utils.translation import gettext as _

from scoring import awards
from tournament.printing import source, team_source
from tournament.printing.makers import (
    ExportError,
    Request,
    _tables,
    _tabular,
    event_finished,
    is_final,
    pick_round,
)
from tournament.printing.makers import make_results as pairs_make_results
from tournament.printing.results import FoulLogExport, ResultsExport
from tournament.printing.signin import RegistrationExport
from tournament.printing.tabular import write_xlsx
from tournament.printing.team_certificates import TeamCertificatePdf
from tournament.printing.team_pairings import TeamPairingsExport, TeamPairingsPdf
from tournament.printing.team_results import TeamMatchesExport, TeamResultsPdf
from tournament.printing.team_sheet import TeamSheetPdf
from tournament.printing.team_standings import (
    BestPairsExport,
    Concatenated,
    TeamStandingsExport,
    TeamStandingsPdf,
)
from tournament.standings.selectors import MSG_NO_RANKING, MSG_NO_ROUND, ruleset, standings_choice
from tournament.teams.standings import best_pairs_for, team_of_pairs, team_standings_for
from tournament.text.titles import number_title

MSG_NOT_TEAM_EVENT = "export_not_team_event"


def _matches(req: Request, number: int, tables=None):
    tables = tables if tables is not None else _tables(req, number)
    return team_source.round_matches(req.tournament, tables, [number], public=req.public)


def make_pairings(req: Request, out: BinaryIO) -> None:
    number = pick_round(req)
    t = req.tournament
    tables = _tables(req, number)
    matches = _matches(req, number, tables)
    if req.fmt != "pdf":
        _tabular(req, TeamPairingsExport(number, matches), out)
        return
    before = team_standings_for(t, after_round=number - 1, public=req.public)
    points = {row.team: row.points for row in before}
    event = source.event_info(t)
    TeamPairingsPdf(event, number, tables, matches, points, order=req.order).render(out)


def make_results(req: Request, out: BinaryIO) -> None:
    """The round's results notice: the pairs' one with the team matches and the team
    standings; the sheets (xlsx, csv) are the pairs' per-table ones."""
    if req.fmt != "pdf":
        pairs_make_results(req, out)
        return
    number = pick_round(req)
    t = req.tournament
    tables = _tables(req, number)
    teams = team_source.load_teams(t)
    info = source.sheet_round(t, number)
    TeamResultsPdf(
        source.event_info(t),
        number,
        tables,
        [],
        req.pairs,
        round_name=info.title,
        bracket_size=info.size,
        rules=ruleset(t),
        matches=team_source.round_matches(t, tables, [number], public=req.public, teams=teams),
        teams=teams,
        team_rows=team_standings_for(t, after_round=number, public=req.public),
    ).render(out)


def make_team_sheets(req: Request, out: BinaryIO) -> None:
    if not req.tournament.is_team_event:
        raise ExportError(MSG_NOT_TEAM_EVENT)
    number = pick_round(req)
    t = req.tournament
    TeamSheetPdf(
        source.event_info(t),
        _matches(req, number),
        sheet_round=source.sheet_round(t, number),
        per_page=req.per_page,
    ).render(out)


def _best_pairs(req: Request, after: int | None, public: bool) -> BestPairsExport:
    teams = team_source.load_teams(req.tournament)
    team_of = {pair: teams[team] for pair, team in team_of_pairs(req.tournament).items()}
    rows = best_pairs_for(req.tournament, after_round=after, public=public)
    return BestPairsExport(rows, req.pairs, team_of)


def make_standings(req: Request, out: BinaryIO) -> None:
    t = req.tournament
    choice = standings_choice(t, req.round, public=req.public)
    if req.round is not None and choice.after_round != req.round:
        raise ExportError(MSG_NO_ROUND, n=req.round)
    if choice.after_round is None:
        raise ExportError(MSG_NO_RANKING)
    after = choice.after_round
    rows = team_standings_for(t, after_round=after, public=req.public)
    teams = team_source.load_teams(t)
    best = _best_pairs(req, after, req.public)
    final = is_final(t) and after == max(choice.available)
    event = source.event_info(t)
    provisional = _("（暂定）") if choice.provisional else ""
    if req.fmt == "pdf":
        pdf = TeamStandingsPdf(event, rows, teams, best, after_round=after, final=final)
        pdf.title += provisional
        pdf.render(out)
        return
    title = _("%(round)s后团体名次") % {"round": number_title(after)} + provisional
    export = TeamStandingsExport(event, rows, teams, title=title, with_awards=final)
    if req.fmt == "csv":
        _tabular(req, Concatenated(export, best), out)
    else:
        write_xlsx([export, best], out, heading=t.name)


def make_certificates(req: Request, out: BinaryIO) -> None:
    t = req.tournament
    rows = team_standings_for(t)
    tiers = [tuple(tier) for tier in t.award_tiers]
    event = source.event_info(t, with_background=True)
    teams = team_source.load_teams(t, with_played=True)
    final = event_finished(t)
    TeamCertificatePdf(event, awards(rows, tiers), teams, final=final).render(out)


def _all_matches(req: Request, numbers: list[int], teams) -> list:
    """Every team match of ``numbers`` in round order, with its score (staff: every entry)."""
    t = req.tournament
    tables = source.iter_tables(t, req.pairs, numbers, chunk_size=2000, with_fouls=False)
    out = []
    for number, group in groupby(tables, key=lambda table: table.round):
        out += team_source.round_matches(t, list(group), [number], public=False, teams=teams)
    return out


def make_workbook(req: Request, out: BinaryIO) -> None:
    """The staff's workbook of a team event: the rounds' results, the team matches' results,
    the team standings, the best pairs, the registered pairs and the foul log."""
    t = req.tournament
    numbers = source.round_numbers(t, public=False)
    titles = source.round_titles(t)
    teams = team_source.load_teams(t)
    final = is_final(t)
    tables = source.iter_tables(t, req.pairs, numbers, chunk_size=2000)
    fouls = FoulLogExport(ruleset(t))

    def sheets():
        for number, group in groupby(tables, key=lambda table: table.round):
            yield ResultsExport(number, fouls.collect(group), title=titles.get(number))
        yield TeamMatchesExport(_all_matches(req, numbers, teams), titles)
        rows = team_standings_for(t)
        yield TeamStandingsExport(source.event_info(t), rows, teams, with_awards=final)
        yield _best_pairs(req, None, False)
        yield RegistrationExport(req.pairs.values())
        yield fouls

    write_xlsx(sheets(), out, heading=t.name)
