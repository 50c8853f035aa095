"""A team event for the tests: 8 teams of 2 pairs (a unit's two teams), registered through
the service, drawn, and played round by round with results worked out in the test."""

from __future__ import annotations

from tournament.core.actors import user_actor
from tournament.events.services import tournament_create
from tournament.models import Round, Table, Team, Tournament
from tournament.models.result_values import ResultValues
from tournament.results.services import confirm_result, submit_result
from tournament.rounds.lifecycle import lock_round, publish_round
from tournament.rounds.pairing import draw, pair_next_round
from tournament.teams.registration import TeamData, team_register

TEAM_NAMES = ["苏州一队", "苏州二队", "无锡队", "常州队", "南京队", "扬州队", "镇江队", "南通队"]
UNITS = ["苏州市", "苏州市", "无锡市", "常州市", "南京市", "扬州市", "镇江市", "南通市"]


def roster(i: int, size: int = 4, substitutes: int = 1) -> TeamData:
    players = tuple(f"{TEAM_NAMES[i][:2]}{i}号{n}" for n in range(1, size + 1))
    subs = tuple(f"{TEAM_NAMES[i][:2]}{i}替{n}" for n in range(1, substitutes + 1))
    return TeamData(name=TEAM_NAMES[i], unit=UNITS[i], players=players, substitutes=subs)


def build_team_event(organizer, *, slug="teams", teams=8, rounds=4, **options) -> Tournament:
    by = user_actor(organizer)
    t = tournament_create(
        organizer=organizer,
        by=by,
        name="2026苏皖掼蛋团体赛",
        slug=slug,
        entry="teams",
        team_pairs=2,
        substitutes=2,
        rounds=rounds,
        **options,
    )
    for i in range(teams):
        team_register(tournament=t, data=roster(i), by=by)
    draw(t, seed=7, by=by)
    return t


def play_round(t: Tournament, organizer, levels) -> Round:
    """Pair, publish, enter ``levels(table)`` → (ew_level, ns_level) at every table, lock."""
    by = user_actor(organizer)
    rnd = pair_next_round(t, by=by)
    publish_round(rnd, by=by)
    for table in Table.objects.filter(round=rnd).exclude(ns=None).order_by("number"):
        ew, ns = levels(table)
        table = submit_result(table, ResultValues(ew_level=ew, ns_level=ns), version=None, by=by)
        confirm_result(table, version=None, by=by)
    rnd.refresh_from_db()
    lock_round(rnd, by=by)
    return rnd


def team_of(pair_id: int) -> Team:
    return Team.objects.get(pairs__pk=pair_id)
