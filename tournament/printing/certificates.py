"""Certificates (荣誉证书): landscape A4, one page per awarded pair.

Each shows the players' names, the pair and its unit, the event, the rank and the award tier
(一等奖 …, docs/rules.md §10), the host and the date. The organizer may upload a background image
(``Tournament.certificate_background``); it is stretched over the page and stored in the PDF
once, however many certificates use it. Without one, a red and gold double frame is drawn.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader

from scoring import StandingRow
from tournament.printing import fonts
from tournament.printing.data import EventInfo, PrintedPair
from tournament.printing.pdf import DARK, RED, PdfDocument

GOLD = colors.Color(0.78, 0.6, 0.2)
SEAL_RADIUS = 21 * mm  # a round seal is 42 mm across


class CertificatePdf(PdfDocument):
    landscape = True
    header = False
    footer = False
    title = "荣誉证书"  # msgid; translated in __init__
    text_width = 210 * mm

    def __init__(
        self,
        event: EventInfo,
        awarded: Sequence[tuple[StandingRow, str]],
        pairs: Mapping[int, PrintedPair],
        *,
        final: bool = True,
    ) -> None:
        super().__init__(event)
        self.final = final
        self.title = _("荣誉证书")
        self.awarded = awarded
        self.pairs = pairs
        self._background = None
        if event.background:
            try:
                self._background = ImageReader(io.BytesIO(event.background))
            except Exception:  # noqa: BLE001 - Pillow raises many types for a bad upload
                self._background = None  # print on plain paper rather than fail

    def draw(self) -> None:
        if not self.awarded:
            self.start_page()
            fonts.draw(
                self.canvas, self.width / 2, self.height / 2, _("尚无获奖组合"), 20, align="center"
            )
            self.end_page()
        for row, tier in self.awarded:
            pair = self.pairs.get(row.pair)
            if pair is None:
                continue
            self.start_page()
            self.certificate(pair, row.rank, tier)
            self.end_page()

    def frame(self) -> None:
        c = self.canvas
        if self._background is not None:
            c.drawImage(self._background, 0, 0, self.width, self.height)
            return
        c.saveState()
        c.setStrokeColor(RED)
        c.setLineWidth(3)
        c.rect(10 * mm, 10 * mm, self.width - 20 * mm, self.height - 20 * mm)
        c.setStrokeColor(GOLD)
        c.setLineWidth(1)
        c.rect(14 * mm, 14 * mm, self.width - 28 * mm, self.height - 28 * mm)
        c.restoreState()

    def certificate(self, pair: PrintedPair, rank: int, tier: str) -> None:
        c = self.canvas
        cx = self.width / 2
        top = self.height
        self.frame()
        fonts.draw(c, cx, top - 48 * mm, _("荣 誉 证 书"), 44, align="center", bold=True, color=RED)
        between = pgettext("certificate: between the two players' names", "　")
        names = between.join(pair.players) or pair.name
        fonts.draw(
            c,
            cx,
            top - 76 * mm,
            names,
            28,
            align="center",
            bold=True,
            color=DARK,
            max_width=self.text_width,
            min_size=14,
        )
        who = " · ".join(p for p in (pair.name, pair.unit) if p)
        fonts.draw(
            c,
            cx,
            top - 87 * mm,
            _("（%(rule)s）") % {"rule": who},
            14,
            align="center",
            max_width=self.text_width,
            min_size=9,
        )
        self.award(top - 103 * mm, rank, tier)
        self.signed(c)
        if not self.final:
            self.not_final_stamp(c)

    def award(self, base: float, rank: int, tier: str, *, lines: int = 3) -> None:
        """From ``base`` down: the place taken in the event (up to ``lines`` lines), the
        award tier in large red letters and the closing sentence."""
        c, cx = self.canvas, self.width / 2
        sentence = _("在%(event)s中获得%(place)s，荣获") % {
            "event": self.event.name,
            "place": place(rank),
        }
        for line in fonts.wrap(sentence, self.text_width, 18)[:lines]:
            fonts.draw(c, cx, base, line, 18, align="center")
            base -= 9 * mm
        fonts.draw(
            c,
            cx,
            base - 12 * mm,
            _(tier),
            40,
            align="center",
            bold=True,
            color=RED,
            max_width=self.text_width,
        )
        fonts.draw(c, cx, base - 26 * mm, _("特发此证，以资鼓励。"), 16, align="center")

    def signed(self, c) -> None:
        """The host (主办单位) and the date, with a dashed circle where the seal goes."""
        right = self.width - 40 * mm
        host = self.event.host or "__________________"
        fonts.draw(c, right, 40 * mm, host, 16, align="right", max_width=120 * mm, min_size=10)
        fonts.draw(c, right, 31 * mm, self.event.certificate_date, 14, align="right")
        c.saveState()
        c.setStrokeColor(colors.Color(0.8, 0.8, 0.8))
        c.setDash(2, 3)
        c.circle(right - 30 * mm, 38 * mm, SEAL_RADIUS)
        c.restoreState()
        fonts.draw(
            c,
            right - 30 * mm,
            19 * mm,
            _("（盖章）"),
            8,
            align="center",
            color=colors.Color(0.7, 0.7, 0.7),
        )

    def not_final_stamp(self, c) -> None:
        """未完赛: printed before the last round of the last stage was locked."""
        c.saveState()
        c.translate(62 * mm, 40 * mm)  # bottom left: clear of the title in any language
        c.rotate(18)
        c.setStrokeColor(RED)
        c.setLineWidth(2.5)
        c.rect(-28 * mm, -9 * mm, 56 * mm, 18 * mm)
        c.restoreState()
        c.saveState()
        c.translate(62 * mm, 40 * mm)  # bottom left: clear of the title in any language
        c.rotate(18)
        fonts.draw(c, 0, -4 * mm, _("未完赛"), 24, align="center", bold=True, color=RED)
        c.restoreState()


def place(rank: int) -> str:
    """A place in the standings as the certificate says it: 第3名, or "3rd" in English
    ("took 3rd place in …"; "placed 1 in …" read as a count)."""
    if not (get_language() or "").startswith("en"):
        return f"第{rank}名"
    suffix = "th" if 10 <= rank % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
    return f"{rank}{suffix}"
