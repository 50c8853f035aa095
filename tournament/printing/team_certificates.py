"""Certificates (荣誉证书) of a team event: one page per awarded team.

The page names the team (and its unit) and its players: the roster members who played a
counted table, or the whole roster when none did yet; then the event, the place in the team
standings and the award tier (docs/rules.md §10), the host, the date and the seal, as the
pairs' certificates (:mod:`tournament.printing.certificates`) draw them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils.translation import gettext as _
from reportlab.lib.units import mm

from scoring import TeamStandingRow
from tournament.printing import fonts
from tournament.printing.certificates import CertificatePdf
from tournament.printing.data import EventInfo
from tournament.printing.pdf import DARK, RED
from tournament.printing.team_data import PrintedTeam
from tournament.text.titles import listing


class TeamCertificatePdf(CertificatePdf):
    def __init__(
        self,
        event: EventInfo,
        awarded: Sequence[tuple[TeamStandingRow, str]],
        teams: Mapping[int, PrintedTeam],
        *,
        final: bool = True,
    ) -> None:
        super().__init__(event, [], {}, final=final)
        self.team_awards = awarded
        self.teams = teams

    def draw(self) -> None:
        if not self.team_awards:
            self.start_page()
            fonts.draw(
                self.canvas, self.width / 2, self.height / 2, _("尚无获奖队伍"), 20, align="center"
            )
            self.end_page()
        for row, tier in self.team_awards:
            team = self.teams.get(row.team)
            if team is None:
                continue
            self.start_page()
            self.team_certificate(team, row.rank, tier)
            self.end_page()

    def team_certificate(self, team: PrintedTeam, rank: int, tier: str) -> None:
        c = self.canvas
        cx, top = self.width / 2, self.height
        self.frame()
        fonts.draw(c, cx, top - 44 * mm, _("荣 誉 证 书"), 44, align="center", bold=True, color=RED)
        name = team.name + (_("（%(unit)s）") % {"unit": team.unit} if team.unit else "")
        fonts.draw(
            c,
            cx,
            top - 68 * mm,
            name,
            28,
            align="center",
            bold=True,
            color=DARK,
            max_width=self.text_width,
            min_size=14,
        )
        players = listing(team.players or team.members)
        base = top - 80 * mm
        for line in fonts.wrap(_("队员：%(names)s") % {"names": players}, self.text_width, 15)[:2]:
            fonts.draw(c, cx, base, line, 15, align="center", max_width=self.text_width)
            base -= 7 * mm
        self.award(base - 5 * mm, rank, tier, lines=2)
        self.signed(c)
        if not self.final:
            self.not_final_stamp(c)
