"""An individual event for the tests: players registered through the service, drawn, and
played round by round with results given by the test."""

from __future__ import annotations

from tournament.core.actors import user_actor
from tournament.events.services import tournament_create
from tournament.individuals.registration import IndividualData, individual_register
from tournament.models import Round, Table, Tournament
from tournament.models.result_values import ResultValues
from tournament.results.services import confirm_result, submit_result
from tournament.rounds.lifecycle import lock_round, publish_round
from tournament.rounds.pairing import draw, pair_next_round

SURNAMES = "赵钱孙李周吴郑王冯陈褚卫蒋沈韩杨朱秦尤许"
UNITS = ["南京", "扬州", "淮安"]


def player_name(i: int) -> str:
    return f"{SURNAMES[i % len(SURNAMES)]}{'一二三四五六七八九十'[i // len(SURNAMES) % 10]}{i}"


def build_individual_event(
    organizer, *, slug="solo", players=18, rounds=5, **options
) -> Tournament:
    by = user_actor(organizer)
    t = tournament_create(
        organizer=organizer,
        by=by,
        name="2026掼蛋个人赛",
        slug=slug,
        entry="individuals",
        rounds=rounds,
        **options,
    )
    for i in range(players):
        data = IndividualData(name=player_name(i), unit=UNITS[i % 3], phone=f"1390000{i:04d}")
        individual_register(tournament=t, data=data, by=by)
    draw(t, seed=5, by=by)
    return t


def play_round(t: Tournament, organizer, levels) -> Round:
    """Pair, publish, enter ``levels(table)`` → (ew, ns) at every table, confirm, lock."""
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
