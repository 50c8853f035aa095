"""The sign-in sheet (签到表) and the registration list (报名名单) of an individual event:
one line per player. A player's check-in QR is that of their own entry (what check-in is
written against, :mod:`tournament.models.individuals`), never a partnership's."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop
from reportlab.lib.units import mm

from tournament.printing.pdf import Col, Section
from tournament.printing.signin import STATUS_LABELS, QrCell, SigninPdf, by_pinyin
from tournament.printing.tabular import Column, Exporter


class IndividualSigninPdf(SigninPdf):
    """``pairs``: the players as their own entries (one player each, id the own entry's)."""

    def sections(self) -> Iterable[Section]:
        columns = [
            Col(gettext_noop("序号"), 0.8, "center"),
            Col(gettext_noop("抽签号"), 1.0, "center"),
            Col(gettext_noop("姓名"), 3.0, bold=True),
            Col(gettext_noop("单位"), 3.2),
            Col(gettext_noop("签名"), 4.0),
        ]
        rows = [
            [i, p.draw_number or "", p.name, p.unit, ""] for i, p in enumerate(self.pairs, start=1)
        ]
        height = 9.5 * mm
        if self.checkin_url is not None:
            columns.append(Col(gettext_noop("检录码"), 1.4, "center"))
            for row, pair in zip(rows, self.pairs, strict=True):
                row.append(QrCell(self.checkin_url(pair.id)))
            height = 14 * mm
        title = _("签到表（共%(n)s人，按姓名排序）") % {"n": len(self.pairs)}
        yield Section(title, columns, rows, row_height=height, font_size=10, note=self.event.dates)


class IndividualRegistrationExport(Exporter):
    """报名名单 of an individual event: every registered player with status and phone."""

    sheet_title = gettext_lazy("报名名单")
    columns = (
        Column(gettext_lazy("序号"), 6),
        Column(gettext_lazy("抽签号"), 8),
        Column(gettext_lazy("姓名"), 12),
        Column(gettext_lazy("单位"), 18),
        Column(gettext_lazy("电话"), 14),
        Column(gettext_lazy("状态"), 8),
    )

    def __init__(self, players) -> None:
        self.players = by_pinyin(players)

    def rows(self):
        for i, p in enumerate(self.players, start=1):
            yield [
                i,
                p.draw_number,
                p.name,
                p.unit,
                p.phones[0] if p.phones else "",
                _(STATUS_LABELS[p.status]) if p.status in STATUS_LABELS else p.status,
            ]
