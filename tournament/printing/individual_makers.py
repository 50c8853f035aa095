"""How an individual event's exports are made (个人赛): the registry calls these instead of
the pairs' ``make_*`` of :mod:`tournament.printing.makers` when ``Tournament.entry`` is
"individuals" (a kind's ``makers``).

Every number is read from :func:`tournament.individuals.standings.individual_standings_for`:
the same players' standings as the standings page and the pairing. The tables themselves
are pairs tables between partnerships, so the score sheets, the slips, the clerk's sheet
and the round sheets are the pairs' ones.
"""

from __future__ import annotations

from itertools import groupby
from typing import BinaryIO

from django.utils.translation import gettext as _

from scoring import awards
from tournament.individuals.partnerships import individuals_of_pairs
from tournament.individuals.standings import individual_standings_for
from tournament.models import Tournament
from tournament.printing import source
from tournament.printing.individual_pairings import (
    IndividualPairingsExport,
    IndividualPairingsPdf,
    IndividualRound,
    IndividualSeatsExport,
)
from tournament.printing.individual_signin import IndividualRegistrationExport, IndividualSigninPdf
from tournament.printing.individual_source import load_individuals, points_before, round_seats
from tournament.printing.individual_standings import (
    IndividualCertificatePdf,
    IndividualStandingsExport,
    IndividualStandingsPdf,
    IndividualUnitsExport,
    IndividualUnitsPdf,
    individual_standings_section,
    unit_standings,
)
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
from tournament.printing.results import FoulLogExport, ResultsExport, ResultsPdf
from tournament.printing.tabular import write_csv, write_xlsx
from tournament.printing.team_standings import Concatenated
from tournament.signup.checkin import checkin_path
from tournament.standings.selectors import MSG_NO_RANKING, MSG_NO_ROUND, ruleset, standings_choice
from tournament.text.titles import number_title


def tiebreaks(t: Tournament) -> tuple[str, ...]:
    return tuple(t.individual_tiebreaks)


def individual_round(req: Request, number: int, tables=None) -> IndividualRound:
    t = req.tournament
    tables = tables if tables is not None else _tables(req, number)
    people = individuals_of_pairs(t)
    players = load_individuals(t)
    return IndividualRound(
        number,
        tables,
        people,
        players,
        round_seats(tables, people, players),
        points_before(t, number, public=req.public),
    )


def make_pairings(req: Request, out: BinaryIO) -> None:
    number = pick_round(req)
    data = individual_round(req, number)
    if req.fmt == "pdf":
        event = source.event_info(req.tournament)
        IndividualPairingsPdf(event, data, order=req.order).render(out)
    elif req.fmt == "csv":
        both = Concatenated(IndividualPairingsExport(data), IndividualSeatsExport(data))
        write_csv(both, out)
    else:
        sheets = [IndividualPairingsExport(data), IndividualSeatsExport(data)]
        write_xlsx(sheets, out, heading=req.tournament.name)


class IndividualResultsPdf(ResultsPdf):
    """第N轮成绩公告 of an individual event: every table, then the players' standings."""

    def __init__(self, *args, players, player_rows, tiebreaks, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.players = players
        self.player_rows = player_rows
        self.tiebreaks = tiebreaks

    def sections(self):
        yield next(iter(super().sections()))  # every table's result, as in a pairs event
        yield individual_standings_section(
            self.event,
            self.tiebreaks,
            self.player_rows,
            self.players,
            _("%(round)s后个人名次") % {"round": number_title(self.round_number)},
            with_awards=False,
            new_page=True,
        )


def make_results(req: Request, out: BinaryIO) -> None:
    """The round's results notice: the tables, then the players' standings after the
    round; the sheets (xlsx, csv) are the pairs' per-table ones."""
    if req.fmt != "pdf":
        pairs_make_results(req, out)
        return
    number = pick_round(req)
    t = req.tournament
    info = source.sheet_round(t, number)
    IndividualResultsPdf(
        source.event_info(t),
        number,
        _tables(req, number),
        [],
        req.pairs,
        round_name=info.title,
        rules=ruleset(t),
        players=load_individuals(t),
        player_rows=individual_standings_for(t, after_round=number, public=req.public),
        tiebreaks=tiebreaks(t),
    ).render(out)


def make_standings(req: Request, out: BinaryIO) -> None:
    t = req.tournament
    choice = standings_choice(t, req.round, public=req.public)
    if req.round is not None and choice.after_round != req.round:
        raise ExportError(MSG_NO_ROUND, n=req.round)
    if choice.after_round is None:
        raise ExportError(MSG_NO_RANKING)
    after = choice.after_round
    rows = individual_standings_for(t, after_round=after, public=req.public)
    players = load_individuals(t)
    final = is_final(t) and after == max(choice.available)
    provisional = _("（暂定）") if choice.provisional else ""
    event = source.event_info(t)
    if req.fmt == "pdf":
        pdf = IndividualStandingsPdf(
            event, tiebreaks(t), rows, players, after_round=after, final=final
        )
        pdf.title += provisional
        pdf.render(out)
        return
    title = _("%(round)s后个人名次") % {"round": number_title(after)} + provisional
    tiers = event.award_tiers if final else ()
    export = IndividualStandingsExport(rows, players, tiebreaks(t), tiers, title=title)
    if req.fmt == "csv":
        write_csv(export, out)
    else:
        write_xlsx(export, out, heading=t.name)


def make_units(req: Request, out: BinaryIO) -> None:
    t = req.tournament
    players = load_individuals(t)
    rows = individual_standings_for(t, public=req.public)
    units = unit_standings(rows, players, t.unit_best_k)
    if req.fmt == "pdf":
        IndividualUnitsPdf(source.event_info(t), units, players).render(out)
    else:
        _tabular(req, IndividualUnitsExport(units, players), out)


def make_certificates(req: Request, out: BinaryIO) -> None:
    t = req.tournament
    rows = individual_standings_for(t)
    tiers = [tuple(tier) for tier in t.award_tiers]
    event = source.event_info(t, with_background=True)
    IndividualCertificatePdf(
        event, awards(rows, tiers), load_individuals(t), final=event_finished(t)
    ).render(out)


def make_signin(req: Request, out: BinaryIO) -> None:
    """The sign-in sheet and the registration list name the players, never the partnerships."""
    t = req.tournament
    players = load_individuals(t, by_own=True)
    if req.fmt == "pdf":
        base = req.base_url.rstrip("/")
        IndividualSigninPdf(
            source.event_info(t),
            list(players.values()),
            checkin_url=lambda own_id: base + checkin_path(t.slug, own_id),
        ).render(out)
    else:
        _tabular(req, IndividualRegistrationExport(players.values()), out)


def make_workbook(req: Request, out: BinaryIO) -> None:
    """The staff's workbook of an individual event: the rounds' results (per table), the
    players' standings, the players and the foul log."""
    t = req.tournament
    numbers = source.round_numbers(t, public=False)
    titles = source.round_titles(t)
    tables = source.iter_tables(t, req.pairs, numbers, chunk_size=2000)
    fouls = FoulLogExport(ruleset(t))
    players = load_individuals(t)

    def sheets():
        for number, group in groupby(tables, key=lambda table: table.round):
            yield ResultsExport(number, fouls.collect(group), title=titles.get(number))
        tiers = t.award_tiers if is_final(t) else ()
        rows = individual_standings_for(t)
        yield IndividualStandingsExport(rows, players, tiebreaks(t), tiers)
        units = unit_standings(rows, players, t.unit_best_k)
        if units:
            yield IndividualUnitsExport(units, players)
        yield IndividualRegistrationExport(players.values())
        yield fouls

    write_xlsx(sheets(), out, heading=t.name)
