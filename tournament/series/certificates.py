"""Certificates of a series (系列赛荣誉证书): one landscape A4 page per person of the top K.

Drawn as the events' certificates are (:class:`~tournament.printing.certificates.CertificatePdf`:
the frame, the title, the award line, the host, the date and the seal): the person's name
(and 会员号), the place in the series' standings, its tier (冠军, 亚军, 季军, then 优胜奖)
and the points with the events counted. The certificates are printed by the series'
organizer for the prize-giving: a hidden person's name is printed (they are handed over,
not published).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext
from reportlab.lib.units import mm

from scoring.series_points import points_text
from tournament.models import Series
from tournament.printing import fonts
from tournament.printing.certificates import CertificatePdf
from tournament.printing.data import EventInfo
from tournament.printing.pdf import DARK, RED
from tournament.printing.source import format_date
from tournament.series.standings import SeriesLine

TIERS = (gettext_noop("冠军"), gettext_noop("亚军"), gettext_noop("季军"))
MERIT = gettext_noop("优胜奖")


def tier_of(rank: int) -> str:
    return TIERS[rank - 1] if rank <= len(TIERS) else MERIT


def series_info(series: Series) -> EventInfo:
    """The fields of an event's print-out a certificate uses; the rest stay blank."""
    return EventInfo(
        name=series.name,
        slug=series.slug,
        host=series.host,
        venue="",
        dates="",
        certificate_date=format_date(timezone.localdate()),
        scoring="",
        scoring_label="",
        time_limit=0,
        bye_policy="",
        tiebreaks=(),
        award_tiers=(),
        table_entry=False,
        printed_at=timezone.localtime().strftime("%Y-%m-%d %H:%M"),
    )


def top_lines(lines: Sequence[SeriesLine], k: int) -> list[SeriesLine]:
    """The persons ranked in the first ``k`` places (a shared k-th place: all of them)."""
    return [line for line in lines if line.rank <= k and line.points > 0]


class SeriesCertificatePdf(CertificatePdf):
    def __init__(self, series: Series, lines: Sequence[SeriesLine]) -> None:
        super().__init__(series_info(series), [], {})
        self.lines = lines

    def draw(self) -> None:
        if not self.lines:
            self.start_page()
            fonts.draw(
                self.canvas,
                self.width / 2,
                self.height / 2,
                _("积分榜上尚无获奖选手"),
                20,
                align="center",
            )
            self.end_page()
        for line in self.lines:
            self.start_page()
            self.person_certificate(line)
            self.end_page()

    def person_certificate(self, line: SeriesLine) -> None:
        c = self.canvas
        cx, top = self.width / 2, self.height
        self.frame()
        fonts.draw(c, cx, top - 44 * mm, _("荣 誉 证 书"), 44, align="center", bold=True, color=RED)
        width = self.text_width
        fonts.draw(
            c,
            cx,
            top - 70 * mm,
            line.name,
            30,
            align="center",
            bold=True,
            color=DARK,
            max_width=width,
            min_size=14,
        )
        n = len(line.counted)
        text = ngettext(
            "总积分 %(points)s，计入 %(n)s 场赛事", "总积分 %(points)s，计入 %(n)s 场赛事", n
        )
        counted = text % {
            "points": points_text(line.points),
            "n": n,
        }
        if line.number:
            counted = _("会员号 %(number)s") % {"number": line.number} + " · " + counted
        fonts.draw(c, cx, top - 81 * mm, counted, 14, align="center", max_width=self.text_width)
        self.award(top - 98 * mm, line.rank, tier_of(line.rank), lines=2)
        self.signed(c)
