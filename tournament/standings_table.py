"""The standings table shown on the web: one column per metric of the event's chain."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from scoring import METRICS, StandingRow
from tournament.models import Team


def metric_text(key: str, value) -> str:
    """A metric value as printed: tuples of last_rounds as "26/13/…", None as "—"."""
    if value is None:
        return "—"
    if isinstance(value, tuple | list):
        return "/".join("—" if v is None else str(v) for v in value)
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def standings_rows(rows: list[StandingRow], teams: dict[int, Team], chain: list[str]) -> list[dict]:
    """Plain dicts for the table (and the JSON of the standings command)."""
    out = []
    for row in rows:
        team = teams.get(row.team)
        item = {
            "rank": row.rank,
            "team_id": row.team,
            "team": team.name if team else str(row.team),
            "unit": team.unit.name if team and team.unit_id else "",
            "players": "、".join(p.name for p in team.players.all()) if team else "",
            "points": row.points,
            "matches": row.matches,
            "wins": row.wins,
            "draws": row.draws,
            "losses": row.losses,
            "decided_by": row.decided_by or "",
            "lot_draw": row.lot_draw,
        }
        for key in chain:
            if key != "points":
                item[key] = row.values.get(key)
        out.append(item)
    return out


def search_rows(rows: list[dict], query: str) -> list[dict]:
    """Keep rows whose team, players or unit contain ``query`` (ranks stay as they are)."""
    query = query.strip().lower()
    if not query:
        return rows
    return [r for r in rows if query in f"{r['team']} {r['players']} {r['unit']}".lower()]


def standings_table_class(
    chain: list[str], *, link_team=None, groups: bool = False
) -> type[tables.Table]:
    """A django-tables2 Table class with a column per tiebreak metric of ``chain``."""
    attrs = {
        "rank": tables.Column(verbose_name=_("名次")),
        "team": tables.Column(verbose_name=_("队名"), linkify=link_team),
        "unit": tables.Column(verbose_name=_("单位")),
        "players": tables.Column(verbose_name=_("选手"), orderable=False),
        "points": tables.Column(verbose_name=_("积分")),
    }
    for key in chain:
        if key in ("points",):
            continue
        metric = METRICS.get(key)
        label = (metric.label_en if get_language() == "en" else metric.label_zh) if metric else key
        attrs[key] = tables.Column(verbose_name=label, empty_values=())
        attrs[f"render_{key}"] = lambda self, value, _key=key: metric_text(_key, value)
    if groups:  # 3-round rotation: the group and the rank within it
        attrs["group"] = tables.Column(verbose_name=_("组别"))
        attrs["group_rank"] = tables.Column(verbose_name=_("组内名次"))
    attrs["record"] = tables.Column(verbose_name=_("胜/平/负"), empty_values=(), orderable=False)
    attrs["render_record"] = lambda self, record: (
        f"{record['wins']}/{record['draws']}/{record['losses']}"
    )
    attrs["Meta"] = type("Meta", (), {"attrs": {"class": "table standings"}, "order_by": ("rank",)})
    return type("StandingsTable", (tables.Table,), attrs)


def lot_explanations(rows: list[dict]) -> list[str]:
    """One sentence per tie broken by lot, for the line under the table."""
    notes = []
    for i, row in enumerate(rows):
        if row["decided_by"] == "lot" and i > 0:
            above = rows[i - 1]
            notes.append(
                f"第{above['rank']}名“{above['team']}”与第{row['rank']}名“{row['team']}”"
                f"所有排名依据相同，按抽签决定（签号 {above['lot_draw']} 与 {row['lot_draw']}）"
            )
    return notes
