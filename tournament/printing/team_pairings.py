"""Table assignments (对阵表) of a team event's round, grouped by team match.

Each team match gives its number, the two teams (X first: the team North–South at the
match's first table) and its tables, each with its East–West and North–South pair, their
players and seats, so a player finds their table and seat; the tables of one match share a
shaded band. Team byes follow, then the pairs' "find your table" list of
:mod:`tournament.printing.pairings` (``order``: ``both``; ``match`` or ``name`` for one of
the two; ``table`` for the pairs' per-table list, as in a pairs event).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop
from reportlab.lib.units import mm

from tournament.printing.data import PrintedPair, PrintedTable
from tournament.printing.pairings import PairingsPdf
from tournament.printing.pdf import Banded, Col, Section, Two
from tournament.printing.tabular import Column, Exporter
from tournament.printing.team_data import PrintedTeamMatch
from tournament.text.titles import listing


def seated(pair: PrintedPair | None, seats: tuple[str, str]) -> Two:
    """The pair's name, then its players with their seats: "张三（东）、李四（西）"."""
    if pair is None:
        return Two("")
    players = listing(
        _("%(name)s（%(seat)s）") % {"name": name, "seat": _(seat)}
        for name, seat in zip(pair.players, seats, strict=False)
    )
    return Two(pair.name, players)


class TeamPairingsPdf(PairingsPdf):
    """对阵表 of a team event: by team match, then by name (``order`` as for pairs)."""

    def __init__(
        self,
        event,
        round_number: int,
        tables: Sequence[PrintedTable],
        matches: Sequence[PrintedTeamMatch],
        points: Mapping[int, int],
        order: str = "both",
    ) -> None:
        super().__init__(event, round_number, tables, {}, order=order)
        self.order = order if order in ("table", "name", "match") else "both"
        self.matches = matches
        self.team_points = points

    def sections(self) -> Iterable[Section]:
        if self.order == "table":  # the pairs' per-table list, as in a pairs event
            yield from self.by_table()
        if self.order in ("both", "match"):
            yield from self.by_match()
        if self.order in ("both", "name"):
            yield self.by_name(new_page=self.order == "both")

    def by_match(self) -> Iterable[Section]:
        columns = [
            Col(gettext_noop("场号"), 0.9, "center", bold=True),
            Col(gettext_noop("对阵（X队 对 Y队）"), 3.6),
            Col(gettext_noop("台号"), 0.9, "center", bold=True),
            Col(gettext_noop("东西（东 / 西）"), 4.6),
            Col(gettext_noop("南北（南 / 北）"), 4.6),
        ]
        played = [m for m in self.matches if not m.is_bye]
        yield Section(
            _("%(round)s对阵表（按团体对阵）") % {"round": self.round_name},
            columns,
            (row for i, m in enumerate(played) for row in self._match_rows(m, i % 2 == 1)),
            row_height=10 * mm,
            font_size=10,
            note=_("X队在每场第1台坐南北，之后各台东西、南北交替（交叉座位）；括号内为座位"),
        )
        byes = [m for m in self.matches if m.is_bye]
        if byes:
            yield Section(
                _("团体轮空"),
                [
                    Col(gettext_noop("队伍"), 4.0),
                    Col(gettext_noop("赛前积分"), 1.2, "center"),
                    Col(gettext_noop("组合"), 6.0),
                ],
                (
                    [
                        Two(m.x.name, m.x.unit),
                        self.team_points.get(m.x.id, 0),
                        listing(t.ew.name for t in m.tables),
                    ]
                    for m in byes
                ),
                row_height=10 * mm,
                font_size=10,
            )

    def _match_rows(self, m: PrintedTeamMatch, shaded: bool) -> Iterable[Banded]:
        assert m.y is not None
        points = _("积分 %(x)s : %(y)s") % {
            "x": self.team_points.get(m.x.id, 0),
            "y": self.team_points.get(m.y.id, 0),
        }
        for index, t in enumerate(m.tables):
            first = index == 0
            yield Banded(
                [
                    m.number if first else "",
                    Two(m.teams_text(), points) if first else "",
                    t.table,
                    seated(t.ew, (gettext_noop("东"), gettext_noop("西"))),
                    seated(t.ns, (gettext_noop("南"), gettext_noop("北"))),
                ],
                shaded,
                keep=len(m.tables) if first else 1,
            )


class TeamPairingsExport(Exporter):
    """对阵表 of a team event as a sheet: one row per table, in team match order, byes last."""

    columns = (
        Column(gettext_lazy("场号"), 6),
        Column(gettext_lazy("台号"), 6),
        Column(gettext_lazy("东西队伍"), 16),
        Column(gettext_lazy("东西组合"), 20),
        Column(gettext_lazy("东西选手"), 20),
        Column(gettext_lazy("南北队伍"), 16),
        Column(gettext_lazy("南北组合"), 20),
        Column(gettext_lazy("南北选手"), 20),
    )

    def __init__(self, round_number: int, matches: Sequence[PrintedTeamMatch]) -> None:
        self.sheet_title = _("第%(n)s轮对阵") % {"n": round_number}
        self.matches = matches

    def rows(self):
        for m in self.matches:
            for index, t in enumerate(m.tables):
                x_ew = m.x_seats[index] == "EW"
                ew_team = m.x if x_ew else m.y
                ns_team = (m.y if x_ew else m.x) if not m.is_bye else None
                yield [
                    m.number,
                    t.table,
                    ew_team.name if ew_team else "",
                    t.ew.name,
                    t.ew.players_text,
                    ns_team.name if ns_team else _("轮空"),
                    t.ns.name if t.ns else "",
                    t.ns.players_text if t.ns else "",
                ]
