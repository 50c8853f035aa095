"""An individual event (个人赛) as the pages, the API and the commands show it: the players'
standings rows, a round's tables naming the partnerships' players, and the sit-outs.

Plain dicts, computed once per stamp by the callers (as the team rows of
:mod:`tournament.teams.display`); the labels of the individual tiebreaks are those of
:data:`tournament.text.options.INDIVIDUAL_TIEBREAK_METRICS`.
"""

from __future__ import annotations

from django.utils.translation import gettext

from tournament.individuals.standings import individual_standings_for
from tournament.models import Individual, Pair, Player, Round, Tournament
from tournament.standings.cells import metric_value
from tournament.teams.display import bye_teams
from tournament.text.options import INDIVIDUAL_TIEBREAK_METRICS

# Columns of their own on every player's row: not repeated as tiebreak columns.
OWN_COLUMNS = ("points", "level_diff")


def individual_metric_keys(chain: list[str]) -> list[str]:
    """The individual tiebreak chain after the columns every row has (points, 级差分)."""
    return [key for key in chain if key not in OWN_COLUMNS and key in INDIVIDUAL_TIEBREAK_METRICS]


def individual_metric_label(key: str) -> str:
    """An individual tiebreak's heading in the active language."""
    return gettext(INDIVIDUAL_TIEBREAK_METRICS.get(key, key))


def individual_rows(tournament: Tournament, after_round: int | None, *, public: bool) -> list[dict]:
    """One dict per player, in rank order: the page's, the API's and ``standings --json``'s.

    ``team`` repeats the player's name for the helpers shared with the pairs' rows (the
    sentences on ties broken by lot)."""
    rows = individual_standings_for(tournament, after_round=after_round, public=public)
    people = {
        pk: (name, unit or "", status)
        for pk, name, unit, status in Individual.objects.filter(tournament=tournament).values_list(
            "pk", "name", "unit__name", "status"
        )
    }
    chain = individual_metric_keys(list(tournament.individual_tiebreaks))
    out = []
    for row in rows:
        name, unit, status = people.get(row.player, (str(row.player), "", Pair.ACTIVE))
        item = {
            "rank": row.rank,
            "individual_id": row.player,
            "player": name,
            "team": name,
            "unit": unit,
            "status": status,
            "points": row.points,
            "level_diff": row.level_diff,
            "tables": row.tables,
            "wins": row.wins,
            "draws": row.draws,
            "losses": row.losses,
            "sit_outs": row.sit_outs,
            "forfeits": row.forfeits,
            "decided_by": row.decided_by or "",
            "lot_draw": row.lot_draw,
        }
        for key in chain:
            item[key] = metric_value(row, key)
        out.append(item)
    return out


def players_of(pair_ids) -> dict[int, list[str]]:
    """Pair id → its players' names in seat order (two for a partnership, one for an own entry)."""
    found: dict[int, list[str]] = {}
    rows = Player.objects.filter(pair_id__in=set(pair_ids) - {None}).order_by("pair_id", "position")
    for pair_id, name in rows.values_list("pair_id", "name"):
        found.setdefault(pair_id, []).append(name)
    return found


def individual_tables(round_: Round) -> list[dict]:
    """A round of an individual event as ``pair --json`` and the read API give it: per table
    ``table``, ``ew``, ``ns`` ("甲/乙"), ``ew_players``, ``ns_players``; then one
    ``{"table": null, "bye": NAME}`` per player sitting out."""
    rows = list(round_.tables.order_by("number", "pk").values_list("number", "ew_id", "ns_id"))
    names = players_of(pair for _, ew, ns in rows for pair in (ew, ns))
    out = [
        {
            "table": number,
            "ew": "/".join(names.get(ew, [])),
            "ns": "/".join(names.get(ns, [])),
            "ew_players": names.get(ew, []),
            "ns_players": names.get(ns, []),
        }
        for number, ew, ns in rows
        if ns is not None
    ]
    return out + [{"table": None, "bye": name} for name in sit_outs(round_)]


def sit_outs(round_: Round) -> list[str]:
    """The names of the players sitting out the round (a bye row of each one's own entry)."""
    names = round_.tables.filter(ns=None).values_list("ew__name", flat=True)
    return sorted(name for name in names if name)


def bye_names(round_: Round) -> list[str] | None:
    """The byes of a round said once each ("轮空：NAME"): a team event's teams, an individual
    event's players; None for a pairs event (its bye rows are listed as they are)."""
    if round_.tournament.is_team_event:
        return bye_teams(round_)
    if round_.tournament.is_individual_event:
        return sit_outs(round_)
    return None
