"""The plain data of the read API, built from what the public pages compute.

``staff`` means the request carried a valid staff token of the event: it then sees what
the event's staff pages see (draft pairings, results as they come in). Every builder is
run through :func:`tournament.core.page_cache.cached_per_stamp`, keyed by the public or the
staff stamp, exactly like the pages; the standings and a pair's history share the pages' cache entries.
"""

from __future__ import annotations

from django.utils.translation import get_language

from tournament.core.hidden_people import public_name
from tournament.core.page_cache import cached_per_stamp
from tournament.core.result_labels import result_text
from tournament.core.rights import may_see_results
from tournament.individuals.display import individual_metric_keys, players_of
from tournament.models import Pair, Round, Table, Tournament
from tournament.public.individual_standings import individual_data
from tournament.public.team_standings import team_data
from tournament.standings.cells import metric_keys
from tournament.standings.rows import history_rows, standings_data
from tournament.standings.selectors import COUNTED_STATES, standings_choice
from tournament.teams.display import team_metric_keys


def pair_ref(pair: Pair | None) -> dict | None:
    if pair is None:
        return None
    return {"id": pair.pk, "name": pair.name, "unit": pair.unit.name if pair.unit_id else ""}


def event_summary(tournament: Tournament) -> dict:
    fields = ("slug", "name", "start_date", "end_date", "venue", "host")
    return {name: getattr(tournament, name) for name in fields}


def is_public(tournament: Tournament) -> bool:
    """The event shows anything at all to the public (as its overview page)."""
    return tournament.publish_pairings or tournament.publish_standings


def pairings_visible(tournament: Tournament, round_: Round, staff: bool) -> bool:
    """As the public pairings page: published, non-draft rounds (staff: every round)."""
    return staff or (tournament.publish_pairings and round_.status != Round.DRAFT)


def results_visible(tournament: Tournament, round_: Round, staff: bool) -> bool:
    """As the public pages (:func:`~tournament.core.rights.may_see_results`)."""
    return may_see_results(tournament, round_.status, staff=staff)


def event_detail(tournament: Tournament, staff: bool) -> dict:
    def build() -> dict:
        rounds = [
            {
                "number": r.number,
                "status": r.status,
                "results": results_visible(tournament, r, staff),
            }
            for r in tournament.round_set.order_by("number")
            if pairings_visible(tournament, r, staff)
        ]
        return event_summary(tournament) | {
            "format": tournament.format,
            "planned_rounds": tournament.rounds,
            "time_limit": tournament.time_limit,
            "scoring": tournament.scoring,
            "tiebreaks": list(tournament.tiebreaks),
            "publish_pairings": tournament.publish_pairings,
            "publish_standings": tournament.publish_standings,
            "rounds": rounds,
            **team_event_fields(tournament),
            **individual_event_fields(tournament),
        }

    return cached_per_stamp(tournament, "api-event", build, public=not staff)


def team_event_fields(tournament: Tournament) -> dict:
    """What a team event adds to its detail (nothing for a pairs event)."""
    if not tournament.is_team_event:
        return {}
    return {
        "entry": tournament.entry,
        "team_pairs": tournament.team_pairs,
        "team_tiebreaks": list(tournament.team_tiebreaks),
    }


def individual_event_fields(tournament: Tournament) -> dict:
    """What an individual event adds to its detail (nothing for a pairs event)."""
    if not tournament.is_individual_event:
        return {}
    return {
        "entry": tournament.entry,
        "individual_tiebreaks": list(tournament.individual_tiebreaks),
    }


def entry_fields(tournament: Tournament, round_: Round):
    """The fields a team or an individual event adds to each table of a round."""
    if tournament.is_team_event:
        return team_match_fields
    if tournament.is_individual_event:
        names = players_of(round_.tables.values_list("ew_id", flat=True))
        names |= players_of(round_.tables.values_list("ns_id", flat=True))
        return lambda m: {
            "ew_players": names.get(m.ew_id, []),
            "ns_players": names.get(m.ns_id) if m.ns_id else None,
        }
    return lambda m: {}


def _tables(round_: Round, teams: bool = False):
    tables = round_.tables.select_related("ew__unit", "ns__unit")
    if teams:
        tables = tables.select_related("ew__team", "ns__team")
    # Tables by number, then the byes (no table number), as on the pairings page.
    return sorted(tables, key=lambda m: (m.number is None, m.number or 0, m.pk))


def pairings(tournament: Tournament, round_: Round, staff: bool) -> dict:
    def build() -> dict:
        teams = tournament.is_team_event
        fields = entry_fields(tournament, round_)
        tables = [
            {"table": m.number, "ew": pair_ref(m.ew), "ns": pair_ref(m.ns)} | fields(m)
            for m in _tables(round_, teams)
        ]
        return {"event": tournament.slug, "round": round_.number, "tables": tables}

    data = cached_per_stamp(tournament, "api-pairings", build, round_.pk, public=not staff)
    return data | {"status": round_.status}


def team_match_fields(m: Table) -> dict:
    """A team event's table: its team match and the teams of its two pairs."""
    return {
        "match": m.team_match,
        "ew_team": m.ew.team.name if m.ew and m.ew.team_id else None,
        "ns_team": m.ns.team.name if m.ns and m.ns.team_id else None,
    }


def results(tournament: Tournament, round_: Round, staff: bool) -> dict:
    """Every table with its result; the public sees the results the pairings page shows
    (confirmed tables of a locked round), staff every table as entered."""

    def build() -> dict:
        tables = []
        teams = tournament.is_team_event
        fields = entry_fields(tournament, round_)
        for m in _tables(round_, teams):
            shown = staff and m.state in COUNTED_STATES or m.state == Table.CONFIRMED
            tables.append(
                {
                    "table": m.number,
                    "ew": pair_ref(m.ew),
                    "ns": pair_ref(m.ns),
                    "state": m.state,
                    "ew_level": m.ew_level if shown else "",
                    "ns_level": m.ns_level if shown else "",
                    "forfeit": m.forfeit if shown else "",
                    "defeat_side": m.defeat_side if shown else "",
                    "defeat_reason": m.defeat_reason if shown else "",
                    "winner": m.winner if shown else "",
                    "result": result_text(m) if shown else "",
                }
                | fields(m)
            )
        return {"event": tournament.slug, "round": round_.number, "tables": tables}

    data = cached_per_stamp(
        tournament, "api-results", build, round_.pk, get_language(), public=not staff
    )
    return data | {"status": round_.status}


def standings(tournament: Tournament, requested: int | None, staff: bool) -> dict | None:
    """The standings after ``requested`` (default the last locked round); None when that
    round may not be shown."""
    choice = standings_choice(tournament, requested, public=not staff)
    if requested is not None and choice.after_round != requested:
        return None
    rows: list[dict] = []
    if choice.after_round is not None and not tournament.is_individual_event:
        # The same cache entry as the standings page.
        table = cached_per_stamp(
            tournament,
            "standings",
            lambda: standings_data(tournament, choice.after_round, public=not staff),
            choice.after_round,
            public=not staff,
        )
        rows = [standing_line(item, list(tournament.tiebreaks)) for item in table["data"]]
    answer = {
        "event": tournament.slug,
        "after_round": choice.after_round,
        "provisional": choice.provisional,
        "rounds": choice.available,
        "rows": rows,
    }
    if tournament.is_team_event:
        answer |= team_standing_lines(tournament, choice.after_round, public=not staff)
    if tournament.is_individual_event:
        answer["players"] = player_standing_lines(tournament, choice.after_round, public=not staff)
    return answer


def player_standing_lines(tournament: Tournament, after_round: int | None, *, public: bool):
    """An individual event's players' standings, from the page's cache entry."""
    if after_round is None:
        return []
    keys = individual_metric_keys(list(tournament.individual_tiebreaks))
    own = ("points", "level_diff", "tables", "wins", "draws", "losses", "sit_outs")
    return [
        {
            "rank": item["rank"],
            "player": {"id": item["individual_id"], "name": item["player"], "unit": item["unit"]},
            **{key: item[key] for key in own},
            "metrics": {key: item.get(key) for key in keys},
        }
        for item in individual_data(tournament, after_round, public=public)
    ]


def team_standing_lines(tournament: Tournament, after_round: int | None, *, public: bool) -> dict:
    """A team event's team standings and best pairs, from the page's cache entry."""
    if after_round is None:
        return {"teams": [], "best_pairs": []}
    found = team_data(tournament, after_round, public=public)
    keys = team_metric_keys(list(tournament.team_tiebreaks))
    own = ("points", "total", "match_points", "level_diff", "matches", "wins", "draws", "losses")
    teams = [
        {
            "rank": item["rank"],
            "team": {"id": item["team_id"], "name": item["team"], "unit": item["unit"]},
            **{key: item[key] for key in own},
            "metrics": {key: item.get(key) for key in keys},
        }
        for item in found["teams"]
    ]
    best = [
        {
            "rank": item["rank"],
            "pair": {"id": item["pair_id"], "name": item["pair"], "unit": ""},
            **{key: item[key] for key in ("team", "players", "points", "level_diff")},
        }
        for item in found["best"]
    ]
    return {"teams": teams, "best_pairs": best}


def standing_line(item: dict, chain: list[str]) -> dict:
    """One row of the standings page's table as API data (the tiebreaks in ``metrics``)."""
    return {
        "rank": item["rank"],
        "team": {"id": item["team_id"], "name": item["team"], "unit": item["unit"]},
        "players": item["players"],
        **{key: item[key] for key in ("points", "matches", "wins", "draws", "losses")},
        "metrics": {key: item.get(key) for key in metric_keys(chain)},
    }


def pair_detail(tournament: Tournament, pair: Pair, staff: bool) -> dict:
    rows = cached_per_stamp(
        tournament,
        "history",
        lambda: history_rows(tournament, pair.pk, public=not staff),
        pair.pk,
        public=not staff,
    )
    opponents = {
        t.pk: t
        for t in Pair.objects.filter(
            pk__in=[r["line"].opponent for r in rows if r["line"].opponent is not None]
        ).select_related("unit")
    }
    history = [
        {
            "round": r["line"].round,
            "opponent": pair_ref(opponents.get(r["line"].opponent)),
            "seat": r["line"].seat,
            "level": r["line"].level,
            "opponent_level": r["line"].opponent_level,
            "points": r["line"].points,
            "level_points": r["line"].level_points,
            "fouls": r["line"].fouls,
            "total": r["line"].total,
        }
        for r in rows
    ]
    return {
        "event": tournament.slug,
        "team": pair_ref(pair),
        "players": [
            p.name if staff else public_name(p) for p in pair.players.select_related("person")
        ],
        "status": pair.status,
        "history": history,
    }
