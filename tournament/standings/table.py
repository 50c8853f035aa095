"""The standings as shown: cell values, the web table and its legend.

Every place that prints a standing — the page, the PDF, xlsx and CSV exports and the
``standings`` command — turns the rows of :func:`tournament.standings.selectors.standings_for` into
cells with :func:`metric_value`, so they cannot disagree.
"""

from __future__ import annotations

import django_tables2 as tables
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring import METRICS, StandingRow
from tournament.core.messages.labels import metric_label
from tournament.models import Team
from tournament.rounds.titles import listing

# One line per metric for the legend under the table (the rules behind each column).
METRIC_HELP = {
    "points": _("积分：各轮比赛得分之和。"),
    "level_diff": _("级差分：赢几级加几，输几级减几，各轮相加。"),
    "opp_points": _("对手分：本队遇到的每个对手目前的积分之和（轮空不计）。"),
    "fouls": _("犯规：记录表上的犯规次数，少者列前。"),
    "wins": _("胜局数：获胜的场数。"),
    "levels_climbed": _("升级数：每场打到的级数相加。"),
    "progressive": _("累进分：每轮后累计积分之和，早得分者列前。"),
    "head_to_head": _("相互胜负：仅两队同分时比较相互之间的得分。"),
    "last_rounds": _(
        "末轮成绩倒查：先比最后一轮得分，相同再比前一轮，依此类推；“—”表示未参加该轮。"
    ),
    "lot": _("抽签：以上都相同时按赛事抽签号决定，签号小者列前。"),
}


def metric_value(row: StandingRow, key: str) -> object:
    """A tiebreak value as a cell: numbers stay numbers, ``last_rounds`` becomes "26/13/—"
    (latest round first, "—" for a round the team did not play, e.g. a knockout it was not
    in), a lot number shows only where the lot was drawn, a metric that did not apply is
    None."""
    if key == "lot":
        return row.lot_draw
    value = row.values.get(key)
    if key == "last_rounds" and isinstance(value, tuple | list):
        last = len(value)  # value[i] is round last - i
        played = set(row.rounds_played)
        value = [v if last - i in played else None for i, v in enumerate(value)]
    if isinstance(value, tuple | list):
        return "/".join("—" if v is None else str(v) for v in value)
    return value


def metric_text(value: object) -> str:
    """A cell as printed on the page and by the command: None as "—"."""
    if value is None:
        return "—"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def metric_keys(chain: list[str]) -> list[str]:
    """The chain after ``points`` (points have their own column)."""
    return [key for key in chain if key != "points" and key in METRICS]


def standings_rows(rows: list[StandingRow], teams: dict[int, Team], chain: list[str]) -> list[dict]:
    """Plain dicts for the table (and the JSON of the standings command)."""
    out = []
    for row in rows:
        team = teams.get(row.team)
        names = [p.name for p in team.players.all()] if team else []
        item = {
            "rank": row.rank,
            "team_id": row.team,
            "team": team.name if team else str(row.team),
            "unit": team.unit.name if team and team.unit_id else "",
            "players": "、".join(names),  # as the API and ``standings --json`` have it
            # The page lists them in the reader's language (these rows are kept for all).
            "player_list": names,
            "points": row.points,
            "matches": row.matches,
            "wins": row.wins,
            "draws": row.draws,
            "losses": row.losses,
            "decided_by": row.decided_by or "",
            "lot_draw": row.lot_draw,
        }
        for key in metric_keys(chain):
            item[key] = metric_value(row, key)
        out.append(item)
    return out


def legend(chain: list[str]) -> list[str]:
    """One line per metric of the chain, in chain order."""
    return [str(METRIC_HELP[key]) for key in chain if key in METRIC_HELP]


def search_rows(rows: list[dict], query: str) -> list[dict]:
    """Keep rows whose team, players or unit contain ``query`` (ranks stay as they are)."""
    query = query.strip().lower()
    if not query:
        return rows
    return [r for r in rows if query in f"{r['team']} {r['players']} {r['unit']}".lower()]


class MetricColumn(tables.Column):
    """A tiebreak column: the cell of :func:`metric_value`, "—" when it does not apply."""

    def __init__(self, key: str) -> None:
        super().__init__(verbose_name=metric_label(key), accessor=key, empty_values=())

    def render(self, value):
        return metric_text(value)


class StandingsTable(tables.Table):
    """Rank, pair and points; the event's tiebreak columns come as ``extra_columns``."""

    rank = tables.Column(verbose_name=_("名次"))
    # Rows carry their own link ("team_url"): the table needs no event slug.
    team = tables.Column(verbose_name=_("队名"))
    unit = tables.Column(verbose_name=_("单位"))
    players = tables.Column(verbose_name=_("选手"), accessor="player_list", orderable=False)
    points = tables.Column(verbose_name=_("积分"))

    def __init__(self, *args, phone_line: list[str] = (), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.phone_line = list(phone_line)

    def render_team(self, value: str, record: dict) -> str:
        """The pair's name (a link to its history) and, under it, the values of the tiebreak
        columns a phone hides (``.tb-line``, shown by app.css under 640 px): without them
        pairs tied on points and the first tiebreak looked identical on a phone."""
        url = record.get("team_url")
        name = format_html('<a href="{}">{}</a>', url, value) if url else format_html("{}", value)
        if not self.phone_line:
            return name
        values = format_html_join(
            " · ",
            "{} {}",
            ((metric_label(k), metric_text(record.get(k))) for k in self.phone_line),
        )
        return format_html('{}<span class="tb-line">{}</span>', name, values)

    def render_players(self, value: list[str]) -> str:
        return listing(value)

    class Meta:
        attrs = {"class": "table standings"}
        order_by = ("rank",)


def standings_table(data: list[dict], chain: list[str], *, groups: bool = False) -> StandingsTable:
    """The web table: a column per metric of ``chain``, then groups and the record."""
    extra: list[tuple[str, tables.Column]] = [(k, MetricColumn(k)) for k in metric_keys(chain)]
    if groups:  # 3-round rotation: the group and the rank within it
        extra += [
            ("group", tables.Column(verbose_name=_("组别"))),
            ("group_rank", tables.Column(verbose_name=_("组内名次"))),
        ]
    extra.append(
        (
            "record",
            tables.TemplateColumn(
                "{{ record.wins }}/{{ record.draws }}/{{ record.losses }}",
                verbose_name=_("胜/平/负"),
                orderable=False,
            ),
        )
    )
    # The phone shows the first tiebreak's column (app.css): the later ones go on the line
    # under the pair's name.
    return StandingsTable(data, extra_columns=extra, phone_line=metric_keys(chain)[1:])


def lot_explanations(rows: list[dict]) -> list[str]:
    """One sentence per tie broken by lot, for the line under the table."""
    notes = []
    for i, row in enumerate(rows):
        if row["decided_by"] == "lot" and i > 0:
            above = rows[i - 1]
            notes.append(
                gettext(
                    "第%(a)s名“%(ta)s”与第%(b)s名“%(tb)s”所有排名依据相同，按抽签决定（签号 %(la)s 与 %(lb)s）"
                )
                % {
                    "a": above["rank"],
                    "ta": above["team"],
                    "b": row["rank"],
                    "tb": row["team"],
                    "la": above["lot_draw"],
                    "lb": row["lot_draw"],
                }
            )
    return notes
