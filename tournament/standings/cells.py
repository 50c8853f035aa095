"""The standings' cells as every place prints them: plain values, no table library.

Every place that prints a standing (the page, the PDF, xlsx and CSV exports, the read API
and the ``standings`` command) turns the rows of
:func:`tournament.standings.selectors.standings_for` into cells with :func:`metric_value`, so
they cannot disagree. The web table (:mod:`tournament.standings.table`, django-tables2) is
built on these; the exports and the command do not load it (a command's start-up).
"""

from __future__ import annotations

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring import METRICS, StandingRow
from tournament.core.hidden_people import public_name
from tournament.models import Pair

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
    "lot": _(
        "抽签：以上都相同时由电脑抽签决定：每个组合（团体、选手）一个随机签号（由本赛事的"
        "签种算出，不是抽签号），签号小者列前。"
    ),
}


def metric_value(row: StandingRow, key: str) -> object:
    """A tiebreak value as a cell: numbers stay numbers, ``last_rounds`` becomes "26/13/—"
    (latest round first, "—" for a round the pair did not play, e.g. a knockout it was not
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


def standings_rows(
    rows: list[StandingRow], pairs: dict[int, Pair], chain: list[str], *, public: bool = False
) -> list[dict]:
    """Plain dicts for the table (and the JSON of the standings command); ``public``: a
    hidden player named 不公开 (tournament.core.hidden_people)."""
    out = []
    name = public_name if public else (lambda p: p.name)
    for row in rows:
        pair = pairs.get(row.pair)
        names = [name(p) for p in pair.players.all()] if pair else []
        item = {
            "rank": row.rank,
            "team_id": row.pair,
            "team": pair.name if pair else str(row.pair),
            # 退赛/取消资格 beside the name: a pair no longer playing keeps its place.
            "status_mark": ""
            if not pair or pair.status == Pair.ACTIVE
            else pair.get_status_display(),
            # The page words it in the reader's language (the mark above is the first
            # reader's: the rows are kept for all).
            "status": pair.status if pair else "",
            "unit": pair.unit.name if pair and pair.unit_id else "",
            "players": "、".join(names),  # as the API and ``standings --json`` have it
            # The page lists them in the reader's language (these rows are kept for all).
            "player_list": names,
            "points": row.points,
            "matches": row.tables,
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
    """Keep rows whose pair, players or unit contain ``query`` (ranks stay as they are)."""
    query = query.strip().lower()
    if not query:
        return rows
    return [r for r in rows if query in f"{r['team']} {r['players']} {r['unit']}".lower()]


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
