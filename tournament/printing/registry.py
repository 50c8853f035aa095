"""Every export by name: its formats, who may download it, and how it is made.

The command line (``manage.py export``) and the web (``views/exports.py``) both go through
:func:`run`, so the two can never disagree about what an export contains or who sees it.

Rights (RULES of the app, checked on the server): the organizer and the chief referee may
download everything; referees the pairings and the score sheets; the public the pairings
when ``publish_pairings`` is on and the standings when ``publish_standings`` is on. Public
downloads count only locked rounds, like the public pages.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import BinaryIO

from django.utils import translation
from django.utils.translation import gettext_lazy as _

from tournament.core.rights import CHIEF_REFEREE, REFEREE, has_role
from tournament.models import Stage, Tournament
from tournament.printing import individual_makers as individual
from tournament.printing.bracket import BRACKET_TITLE
from tournament.printing.makers import (
    MSG_NO_MOVEMENT,
    MSG_NO_TABLE_ENTRY,
    ExportError,
    Request,
    make_archive,
    make_bracket,
    make_certificates,
    make_clerk_spreadsheet,
    make_movement,
    make_pairings,
    make_results,
    make_scoresheets,
    make_side_slips,
    make_signin,
    make_standings,
    make_units,
    make_workbook,
    pick_round,
)
from tournament.printing.movement import event_movements
from tournament.printing.team_makers import (
    MSG_NOT_TEAM_EVENT,
    make_team_sheets,
)
from tournament.printing.team_makers import make_certificates as make_team_certificates
from tournament.printing.team_makers import make_pairings as make_team_pairings
from tournament.printing.team_makers import make_results as make_team_results
from tournament.printing.team_makers import make_standings as make_team_standings
from tournament.printing.team_makers import make_workbook as make_team_workbook
from tournament.spreadsheets.reader import XLSX_CONTENT_TYPE
from tournament.text.titles import number_title

CONTENT_TYPES = {
    "pdf": "application/pdf",
    "xlsx": XLSX_CONTENT_TYPE,
    "csv": "text/csv; charset=utf-8",
    "json": "application/json",
    "json.gz": "application/gzip",
}
# Message codes (texts in tournament/text/messages/services.py).
MSG_FORMAT = "export_format"
MSG_KIND = "export_kind"
MSG_NO_KNOCKOUT = "export_no_knockout"


def has_knockout(tournament: Tournament) -> bool:
    """True when the event has a knockout stage (its bracket is then worth printing)."""
    return Stage.objects.filter(tournament=tournament, kind="knockout").exists()


@dataclass(frozen=True)
class Kind:
    key: str
    label: str  # lazy: shown in the active language
    formats: tuple[str, ...]
    per_round: bool
    role: str
    public_flag: str | None
    make: Callable[[Request, BinaryIO], None]
    round_optional: bool = False
    # Whether the export applies to the event (``None``: always), and the message code of
    # the refusal when it does not: an export that cannot apply is not offered at all.
    applies: Callable[[Tournament], bool] | None = None
    not_applicable: str = ""
    # How the export is made for another kind of entry (``Tournament.entry``: "teams",
    # "individuals"), when it differs from a pairs event's.
    makers: Mapping[str, Callable[[Request, BinaryIO], None]] = field(default_factory=dict)

    def applies_to(self, tournament: Tournament) -> bool:
        return self.applies is None or self.applies(tournament)

    def maker(self, tournament: Tournament) -> Callable[[Request, BinaryIO], None]:
        """The make function for the event's kind of entry."""
        return self.makers.get(tournament.entry, self.make)


KINDS: dict[str, Kind] = {
    k.key: k
    for k in (
        Kind(
            "pairings",
            _("对阵表"),
            ("pdf", "xlsx", "csv"),
            True,
            REFEREE,
            "publish_pairings",
            make_pairings,
            makers={"teams": make_team_pairings, "individuals": individual.make_pairings},
        ),
        Kind("scoresheets", _("比赛记录表"), ("pdf",), True, REFEREE, None, make_scoresheets),
        Kind(
            "team_sheets",
            _("团体记录表"),
            ("pdf",),
            True,
            REFEREE,
            None,
            make_team_sheets,
            applies=lambda t: t.is_team_event,
            not_applicable=MSG_NOT_TEAM_EVENT,
        ),
        Kind(
            "side_slips",
            _("选手录入纸条"),
            ("pdf",),
            True,
            REFEREE,
            None,
            make_side_slips,
            applies=lambda t: bool(t.table_entry),
            not_applicable=MSG_NO_TABLE_ENTRY,
        ),
        Kind(
            "results",
            _("成绩公告"),
            ("pdf", "xlsx", "csv"),
            True,
            CHIEF_REFEREE,
            None,
            make_results,
            makers={"teams": make_team_results, "individuals": individual.make_results},
        ),
        Kind(
            "clerk_sheet",
            _("成绩录入表"),
            ("xlsx", "csv"),
            True,
            CHIEF_REFEREE,
            None,
            make_clerk_spreadsheet,
        ),
        Kind(
            "standings",
            _("成绩排名"),
            ("pdf", "xlsx", "csv"),
            False,
            CHIEF_REFEREE,
            "publish_standings",
            make_standings,
            round_optional=True,
            makers={"teams": make_team_standings, "individuals": individual.make_standings},
        ),
        Kind(
            "units",
            _("单位团体"),
            ("pdf", "xlsx", "csv"),
            False,
            CHIEF_REFEREE,
            None,
            make_units,
            makers={"individuals": individual.make_units},
        ),
        Kind(
            "certificates",
            _("荣誉证书"),
            ("pdf",),
            False,
            CHIEF_REFEREE,
            None,
            make_certificates,
            makers={"teams": make_team_certificates, "individuals": individual.make_certificates},
        ),
        Kind(
            "bracket",
            _(BRACKET_TITLE),
            ("pdf",),
            False,
            CHIEF_REFEREE,
            None,
            make_bracket,
            applies=has_knockout,
            not_applicable=MSG_NO_KNOCKOUT,
        ),
        Kind(
            "movement",
            _("移位表"),
            ("pdf", "xlsx", "csv"),
            False,
            REFEREE,
            None,
            make_movement,
            applies=lambda t: bool(event_movements(t)),
            not_applicable=MSG_NO_MOVEMENT,
        ),
        Kind(
            "signin",
            _("签到表/报名名单"),
            ("pdf", "xlsx", "csv"),
            False,
            CHIEF_REFEREE,
            None,
            make_signin,
            makers={"individuals": individual.make_signin},
        ),
        Kind(
            "workbook",
            _("全赛事工作簿"),
            ("xlsx",),
            False,
            CHIEF_REFEREE,
            None,
            make_workbook,
            makers={"teams": make_team_workbook, "individuals": individual.make_workbook},
        ),
        Kind(
            "archive", _("赛事存档"), ("json.gz", "json"), False, CHIEF_REFEREE, None, make_archive
        ),
    )
}


def get_kind(key: str, fmt: str) -> Kind:
    kind = KINDS.get(key)
    if kind is None:
        raise ExportError(MSG_KIND, kind=key, allowed=list(KINDS))
    if fmt not in kind.formats:
        raise ExportError(MSG_FORMAT, kind=str(kind.label), fmt=fmt, allowed=list(kind.formats))
    return kind


def allowed(kind: Kind, user, tournament: Tournament) -> tuple[bool, bool]:
    """(may download, as the public) for this user."""
    if has_role(user, tournament, kind.role):
        return True, False
    if has_role(user, tournament, REFEREE):
        return False, False  # staff see staff data or nothing, never the public cut
    if kind.public_flag and getattr(tournament, kind.public_flag):
        return True, True
    return False, True


def filename(req: Request, kind: Kind) -> str:
    """E.g. ``spring-第3轮-对阵表.pdf`` (FileResponse encodes it for the browser)."""
    parts = [req.tournament.slug]
    if req.round is not None and (kind.per_round or kind.round_optional):
        parts.append(number_title(req.round))
    parts.append(kind.label.replace("/", "-"))
    if kind.key in ("scoresheets", "team_sheets") and req.per_page == 2:
        parts.append("每页两张")
    return "-".join(parts) + f".{req.fmt}"


def run(req: Request, out: BinaryIO) -> Kind:
    """Write the export to ``out``; raise :class:`ExportError` with a Chinese message."""
    kind = get_kind(req.kind, req.fmt)
    if not kind.applies_to(req.tournament):
        raise ExportError(kind.not_applicable)
    if kind.per_round and req.round is None:
        req.round = pick_round(req)
    # Printouts follow the event's print language, whatever the language of the page.
    with translation.override(req.tournament.print_language or "zh-hans"):
        kind.maker(req.tournament)(req, out)
    return kind
