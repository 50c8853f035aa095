"""A team event as the pages, the API and the commands show it: the team standings' rows,
the best pairs' rows (最佳组合) and the team matches of a round by title.

Plain dicts, computed once per stamp by the callers (as the pairs' standings rows of
:mod:`tournament.standings.rows`); the labels of the team tiebreaks are those of
:data:`tournament.text.options.TEAM_TIEBREAK_METRICS`.
"""

from __future__ import annotations

from django.utils.translation import gettext

from tournament.models import Pair, Player, Round, Team, Tournament
from tournament.standings.cells import metric_value
from tournament.teams.standings import best_pairs_for, team_standings_for
from tournament.text.options import TEAM_TIEBREAK_METRICS

# Columns of their own on every team standing: not repeated as tiebreak columns.
OWN_COLUMNS = ("points", "total", "level_diff")


def team_metric_keys(chain: list[str]) -> list[str]:
    """The team tiebreak chain after the columns every team row has (points, total, 级差分)."""
    return [key for key in chain if key not in OWN_COLUMNS and key in TEAM_TIEBREAK_METRICS]


def team_metric_label(key: str) -> str:
    """A team tiebreak's heading in the active language."""
    return gettext(TEAM_TIEBREAK_METRICS.get(key, key))


def team_rows(tournament: Tournament, after_round: int | None, *, public: bool) -> list[dict]:
    """One dict per team, in rank order: the page's, the API's and ``standings --json``'s."""
    rows = team_standings_for(tournament, after_round=after_round, public=public)
    teams = {
        pk: (name, unit or "", status)
        for pk, name, unit, status in Team.objects.filter(tournament=tournament).values_list(
            "pk", "name", "unit__name", "status"
        )
    }
    chain = team_metric_keys(list(tournament.team_tiebreaks))
    out = []
    for row in rows:
        name, unit, status = teams.get(row.team, (str(row.team), "", Pair.ACTIVE))
        item = {
            "rank": row.rank,
            "team_id": row.team,
            "team": name,
            "unit": unit,
            "status": status,
            "points": row.points,
            "total": row.total,
            "match_points": row.match_points,
            "level_diff": row.level_diff,
            "matches": row.matches,
            "wins": row.wins,
            "draws": row.draws,
            "losses": row.losses,
            "byes": row.byes,
            "decided_by": row.decided_by or "",
            "lot_draw": row.lot_draw,
        }
        for key in chain:
            item[key] = metric_value(row, key)
        out.append(item)
    return out


def best_pair_rows(tournament: Tournament, after_round: int | None, *, public: bool) -> list[dict]:
    """The best pairs (最佳组合): every pair that has played, ranked across all teams."""
    rows = best_pairs_for(tournament, after_round=after_round, public=public)
    ids = [row.pair for row in rows]
    pairs = dict(
        (pk, (name, team or ""))
        for pk, name, team in Pair.objects.filter(pk__in=ids).values_list(
            "pk", "name", "team__name"
        )
    )
    players: dict[int, list[str]] = {}
    found = Player.objects.filter(pair_id__in=ids).order_by("pair_id", "position")
    for pair_id, player in found.values_list("pair_id", "name"):
        players.setdefault(pair_id, []).append(player)
    out = []
    for row in rows:
        name, team = pairs.get(row.pair, (str(row.pair), ""))
        out.append(
            {
                "rank": row.rank,
                "pair_id": row.pair,
                "pair": name,
                "team": team,
                "players": players.get(row.pair, []),
                "points": row.points,
                "level_diff": row.level_diff,
            }
        )
    return out


def team_standings_data(tournament: Tournament, after_round: int | None, *, public: bool) -> dict:
    """Both tables of a team event's standings page."""
    return {
        "teams": team_rows(tournament, after_round, public=public),
        "best": best_pair_rows(tournament, after_round, public=public),
    }


def match_teams(round_: Round, matches=None) -> dict[int, tuple[str, str]]:
    """Team match number → (X, Y): X sits NS at the match's first table (docs/rules.md §16.2).

    ``matches`` limits the read to those matches (the ones of a page of tables)."""
    tables = round_.tables.exclude(team_match=None).exclude(ns=None)
    if matches is not None:
        tables = tables.filter(team_match__in=set(matches))
    out: dict[int, tuple[str, str]] = {}
    rows = tables.order_by("number").values_list("team_match", "ns__team__name", "ew__team__name")
    for match, x, y in rows:
        out.setdefault(match, (x or "", y or ""))
    return out


def match_title(number: int, teams: tuple[str, str]) -> str:
    """第1场 苏州一队 对 无锡队."""
    return gettext("第%(n)s场 %(x)s 对 %(y)s") % {"n": number, "x": teams[0], "y": teams[1]}


def bye_teams(round_: Round) -> list[str]:
    """The names of the teams with a bye this round (one bye row per pair of a line-up)."""
    names = round_.tables.filter(ns=None).values_list("ew__team__name", flat=True)
    return sorted({name for name in names if name})
