"""How each export is made: one ``make_*`` function per kind, writing to a binary stream.

Vocabulary
----------
request
    What to export (:class:`Request`): the event, the kind, the format, the round, and
    whether the person asking sees only the public cut.
make
    A function ``(request, out)`` that writes one kind in the requested format; the
    registry (:mod:`tournament.printing.registry`) picks it and checks the rights first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import BinaryIO

from django.utils.translation import gettext as _

from scoring import awards, counts_pass_upgrade, unit_ranking
from tournament.archive.write import write_archive
from tournament.core.errors import Invalid
from tournament.core.rights import referee_tables
from tournament.models import Round, Stage, Table, Tournament
from tournament.printing import source
from tournament.printing.bracket import BracketPdf, bracket_from_state
from tournament.printing.certificates import CertificatePdf
from tournament.printing.movement import MovementExport, MovementPdf, event_movements
from tournament.printing.pairings import PairingsExport, PairingsPdf
from tournament.printing.results import ClerkSpreadsheetExport, ResultsExport, ResultsPdf
from tournament.printing.scoresheet import ScoreSheetPdf
from tournament.printing.signin import RegistrationExport, SigninPdf
from tournament.printing.slips import SideSlipsPdf, slips_for
from tournament.printing.standings import StandingsExport, StandingsPdf, UnitsExport, UnitsPdf
from tournament.printing.tabular import Exporter, write_csv, write_xlsx
from tournament.printing.workbook import workbook_sheets
from tournament.results.sides import SLIP_PARAM, printer_mark
from tournament.signup.checkin import checkin_path
from tournament.signup.fees import registration_fees
from tournament.standings.selectors import (
    MSG_NO_RANKING,
    MSG_NO_ROUND,
    ruleset,
    standings_choice,
)
from tournament.text.titles import number_title

# Message codes (texts in tournament/text/messages/services.py).
MSG_NO_ROUNDS = "export_no_rounds"
MSG_BASE_URL = "export_base_url"
MSG_NO_TABLE_ENTRY = "export_no_table_entry"
MSG_NO_MOVEMENT = "export_no_movement"


class ExportError(Invalid):
    """The export cannot be made as asked; ``str(e)`` is the message in the active language."""


@dataclass
class Request:
    """What to export. ``public`` is True for a visitor without a role."""

    tournament: Tournament
    kind: str
    fmt: str
    round: int | None = None
    public: bool = False
    per_page: int = 1
    order: str = "both"
    base_url: str = ""
    user: object = None  # who downloads (slips: only their tables, and their name in the links)
    table: int | None = None  # slips of this table only (reprinted after a revocation)
    with_audit: bool = True  # the archive: False leaves the audit log out
    _pairs: dict | None = field(default=None, repr=False)

    @property
    def pairs(self) -> dict:
        if self._pairs is None:
            self._pairs = source.load_pairs(self.tournament)
        return self._pairs


def pick_round(req: Request) -> int:
    numbers = source.round_numbers(req.tournament, public=req.public)
    if req.round is None:
        if not numbers:
            raise ExportError(MSG_NO_ROUNDS)
        return numbers[-1]
    if req.round not in numbers:
        raise ExportError(MSG_NO_ROUND, n=req.round)
    return req.round


def _tabular(req: Request, exporter: Exporter, out: BinaryIO) -> None:
    if req.fmt == "csv":
        write_csv(exporter, out)
    else:
        write_xlsx(exporter, out, heading=req.tournament.name)


def _tables(req: Request, number: int) -> list:
    return list(source.iter_tables(req.tournament, req.pairs, [number], public=req.public))


def make_pairings(req: Request, out: BinaryIO) -> None:
    number = pick_round(req)
    points = source.points_before(req.tournament, number, public=req.public)
    tables = _tables(req, number)
    if req.fmt == "pdf":
        event = source.event_info(req.tournament)
        PairingsPdf(event, number, tables, points, order=req.order).render(out)
    else:
        _tabular(req, PairingsExport(number, tables, points), out)


def make_scoresheets(req: Request, out: BinaryIO) -> None:
    number = pick_round(req)
    t = req.tournament
    if t.table_entry and not req.base_url:
        raise ExportError(MSG_BASE_URL)
    base = req.base_url.rstrip("/")

    def entry_url(table, side: str) -> str:
        code = table.ew_code if side == "EW" else table.ns_code
        return base + source.entry_path(t.slug, table.table_id, code)

    tables = source.iter_tables(t, req.pairs, [number], public=req.public, chunk_size=500)
    ScoreSheetPdf(
        source.event_info(t),
        number,
        tables,
        per_page=req.per_page,
        entry_url=entry_url,
        rules=ruleset(t),
        sheet_round=source.sheet_round(t, number),
    ).render(out)


def make_side_slips(req: Request, out: BinaryIO) -> None:
    """One slip per side per table: that side's link (QR) and PIN, never the other's. A
    referee assigned to some tables gets only theirs; each link names who printed it."""
    number = pick_round(req)
    t = req.tournament
    if not t.table_entry:
        raise ExportError(MSG_NO_TABLE_ENTRY)
    if not req.base_url:
        raise ExportError(MSG_BASE_URL)
    base = req.base_url.rstrip("/")

    def entry_url(table, side: str) -> str:
        code = table.ew_code if side == "EW" else table.ns_code
        mark = printer_mark(table.table_id, side, code, req.user)
        query = f"?{SLIP_PARAM}={mark}" if mark else ""
        return base + source.entry_path(t.slug, table.table_id, code) + query

    rows = Table.objects.filter(round__tournament=t, round__number=number)
    pins = {pk: (ew, ns) for pk, ew, ns in rows.values_list("pk", "ew_pin", "ns_pin")}
    tables = source.iter_tables(t, req.pairs, [number], public=req.public, chunk_size=500)
    mine = referee_tables(req.user, t) if req.user is not None else None
    if req.table is not None:
        mine = {req.table} if mine is None else mine & {req.table}
    if mine is not None:
        tables = (table for table in tables if table.table in mine)
    SideSlipsPdf(source.event_info(t), number, slips_for(tables, pins, entry_url)).render(out)


def make_results(req: Request, out: BinaryIO) -> None:
    number = pick_round(req)
    tables = _tables(req, number)
    if req.fmt == "pdf":
        rows = source.standings(req.tournament, number, public=req.public)
        info = source.sheet_round(req.tournament, number)
        ResultsPdf(
            source.event_info(req.tournament),
            number,
            tables,
            rows,
            req.pairs,
            round_name=info.title,
            bracket_size=info.size,
            rules=ruleset(req.tournament),
        ).render(out)
    else:
        _tabular(
            req,
            ResultsExport(number, tables, title=source.sheet_round(req.tournament, number).title),
            out,
        )


def make_clerk_spreadsheet(req: Request, out: BinaryIO) -> None:
    number = pick_round(req)
    sheet = source.sheet_round(req.tournament, number)
    pass_column = counts_pass_upgrade(req.tournament.scoring)
    export = ClerkSpreadsheetExport(
        sheet.title, _tables(req, number), pass_column=pass_column, decider_column=sheet.knockout
    )
    _tabular(req, export, out)


def is_final(tournament: Tournament) -> bool:
    """Every round of the event is paired and locked: the standings are the final ones."""
    statuses = list(Round.objects.filter(tournament=tournament).values_list("status", flat=True))
    return len(statuses) >= tournament.rounds and all(s == Round.LOCKED for s in statuses)


def make_standings(req: Request, out: BinaryIO) -> None:
    # The same round as the standings page: the one asked for, else the last locked one.
    choice = standings_choice(req.tournament, req.round, public=req.public)
    if req.round is not None and choice.after_round != req.round:
        raise ExportError(MSG_NO_ROUND, n=req.round)
    if choice.after_round is None:
        raise ExportError(MSG_NO_RANKING)
    after = choice.after_round
    rows = source.standings(req.tournament, after, public=req.public)
    final = is_final(req.tournament) and after == max(choice.available)
    event = source.event_info(req.tournament)
    if req.fmt == "pdf":
        pdf = StandingsPdf(event, rows, req.pairs, after_round=after, final=final)
        if choice.provisional:
            pdf.title += _("（暂定）")  # the round is still open: results may change
        pdf.render(out)
    else:
        title = _("%(round)s后成绩") % {"round": number_title(after)}
        title += _("（暂定）") if choice.provisional else ""
        _tabular(req, StandingsExport(event, rows, req.pairs, title=title, with_awards=final), out)


def _units(req: Request, rows) -> list:
    unit_of = {pid: p.unit for pid, p in req.pairs.items() if p.unit}
    return unit_ranking(rows, unit_of, req.tournament.unit_best_k)


def make_units(req: Request, out: BinaryIO) -> None:
    rows = source.standings(req.tournament, None, public=req.public)
    units = _units(req, rows)
    if req.fmt == "pdf":
        UnitsPdf(source.event_info(req.tournament), units, req.pairs).render(out)
    else:
        _tabular(req, UnitsExport(units, req.pairs), out)


def event_finished(tournament: Tournament) -> bool:
    """The last round of the last stage is locked (a knockout: its final decided too)."""
    stage = Stage.objects.filter(tournament=tournament).order_by("-order").first()
    if stage is None:
        return is_final(tournament)
    statuses = list(stage.round_set.values_list("status", flat=True))
    if not statuses or any(s != Round.LOCKED for s in statuses):
        return False
    if stage.kind == "knockout":
        bracket = bracket_from_state(stage.state)
        return (
            bracket is not None
            and bool(bracket.rounds)
            and bracket.rounds[-1][0].winner is not None
            and (bracket.third_place is None or bracket.third_place.winner is not None)
        )
    return len(statuses) >= stage.rounds


def make_certificates(req: Request, out: BinaryIO) -> None:
    rows = source.standings(req.tournament, None, public=False)
    tiers = [tuple(t) for t in req.tournament.award_tiers]
    event = source.event_info(req.tournament, with_background=True)
    final = event_finished(req.tournament)
    CertificatePdf(event, awards(rows, tiers), req.pairs, final=final).render(out)


def knockout_bracket(tournament: Tournament):
    """(stage, bracket) of the latest knockout stage that has one, else (None, None)."""
    stages = Stage.objects.filter(tournament=tournament, kind="knockout").order_by("-order")
    for stage in stages:
        bracket = bracket_from_state(stage.state)
        if bracket is not None:
            return stage, bracket
    return None, None


def make_bracket(req: Request, out: BinaryIO) -> None:
    stage, bracket = knockout_bracket(req.tournament)
    scores = source.bracket_scores(stage.pk, stage.games_per_match) if stage else {}
    name = stage.name if stage else ""
    BracketPdf(source.event_info(req.tournament), bracket, req.pairs, name, scores).render(out)


def make_movement(req: Request, out: BinaryIO) -> None:
    movements = event_movements(req.tournament)
    if not movements:
        raise ExportError(MSG_NO_MOVEMENT)
    if req.fmt == "pdf":
        MovementPdf(source.event_info(req.tournament), movements).render(out)
    else:
        _tabular(req, MovementExport(movements), out)


def make_signin(req: Request, out: BinaryIO) -> None:
    if req.fmt == "pdf":
        # The check-in QR: a full link with the server's address (a staff phone's camera app
        # opens it), else the path alone, which the check-in desk's scanner still reads.
        base, slug = req.base_url.rstrip("/"), req.tournament.slug
        SigninPdf(
            source.event_info(req.tournament),
            list(req.pairs.values()),
            checkin_url=lambda pair_id: base + checkin_path(slug, pair_id),
        ).render(out)
    else:
        fees = registration_fees(req.tournament)
        fee_args = fees if fees is not None else (None, ())
        _tabular(req, RegistrationExport(req.pairs.values(), *fee_args), out)


def make_workbook(req: Request, out: BinaryIO) -> None:
    t = req.tournament
    numbers = source.round_numbers(t, public=False)
    rows = source.standings(t, None, public=False)
    sheets = workbook_sheets(
        source.event_info(t),
        source.iter_tables(t, req.pairs, numbers, chunk_size=2000),
        rows,
        _units(req, rows),
        req.pairs,
        final=is_final(t),
        round_titles=source.round_titles(t),
        rules=ruleset(t),
    )
    write_xlsx(sheets, out, heading=t.name)


def make_archive(req: Request, out: BinaryIO) -> None:
    """The event archive, streamed: ``.json.gz`` compressed, ``.json`` plain."""
    write_archive(req.tournament, out, with_audit=req.with_audit, compress=req.fmt == "json.gz")
