"""The two processes of ``test_cache_across_processes``: ``python -m tests.app.two_processes``.

``reader``: migrates a fresh SQLite file (``reader-migrated``: the file is a migrated copy
already), builds a 4-pair event whose round 1 is locked and whose round 2 is confirmed but not
locked, then answers each ``get`` line on stdin with one JSON line about the public standings
page it fetched through its own cache (per-process memory, the default).
``lock``: locks round 2 through the service, as the chief referee's server would.
``pin-build`` (``pin-build-migrated``): the event, then round 3 with table 1 entered by its
East–West side; prints the North–South PIN. ``pin-try PIN N``: N confirmations by the
North–South side with PIN, as one worker of the server would take them; prints the answers.
"""

from __future__ import annotations

import json
import sys

import django

URL = "/t/spring/standings/"


def build_event() -> None:
    from django.contrib.auth import get_user_model

    from tournament.core.actors import user_actor
    from tournament.events.services import tournament_create
    from tournament.models import Round, Staff, Table
    from tournament.registration.services import PairData, pair_register
    from tournament.results.checks import ResultValues
    from tournament.results.services import confirm_result, submit_result
    from tournament.rounds.lifecycle import lock_round

    users = get_user_model().objects
    organizer = users.create_user("alice", password="x")
    referee, chief = (
        users.create_user("ref", password="x"),
        users.create_user("chief", password="x"),
    )
    t = tournament_create(organizer=organizer, slug="spring", name="春季掼蛋赛", rounds=5)
    Staff.objects.create(tournament=t, user=chief, role=Staff.CHIEF_REFEREE)
    Staff.objects.create(tournament=t, user=referee, role=Staff.REFEREE)
    t.publish_pairings = t.publish_standings = True
    t.save()
    pairs = [
        pair_register(
            tournament=t,
            data=PairData(name=f"队{i}", unit="", player1=f"甲{i}", player2=f"乙{i}"),
            by=user_actor(None),
        )
        for i in range(4)
    ]
    for number, seats in ((1, ((0, 1), (2, 3))), (2, ((0, 2), (1, 3)))):
        round_ = Round.objects.create(
            tournament=t, stage=t.stages.first(), number=number, status="published"
        )
        for table_no, (ew, ns) in enumerate(seats, start=1):
            table = Table.objects.create(round=round_, number=table_no, ew=pairs[ew], ns=pairs[ns])
            submit_result(
                table, ResultValues("A+", "5", winner="EW"), version=1, by=user_actor(referee)
            )
            table.refresh_from_db()
            confirm_result(table, version=table.version, by=user_actor(chief))
        if number == 1:
            round_.refresh_from_db()
            lock_round(round_, by=user_actor(chief))


def reader(migrated: bool = False) -> None:
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    if not migrated:
        call_command("migrate", verbosity=0)
    build_event()
    print("ready", flush=True)
    for _line in sys.stdin:
        with CaptureQueriesContext(connection) as queries:
            page = Client().get(URL).content.decode()
        shown = "第2轮后成绩" in page  # the standings after the round the other process locks
        print(json.dumps({"queries": len(queries), "round2_shown": shown}), flush=True)


def lock() -> None:
    from django.contrib.auth import get_user_model

    from tournament.core.actors import user_actor
    from tournament.models import Round
    from tournament.rounds.lifecycle import lock_round

    chief = get_user_model().objects.get(username="chief")
    lock_round(Round.objects.get(number=2), by=user_actor(chief))


def pin_build(migrated: bool = False) -> None:
    from django.core.management import call_command

    from tournament.core.actors import user_actor
    from tournament.models import Pair, Round, Table
    from tournament.results.checks import ResultValues
    from tournament.results.services import submit_result

    if not migrated:
        call_command("migrate", verbosity=0)
    build_event()
    t = Pair.objects.first().tournament
    round_ = Round.objects.create(
        tournament=t, stage=t.stages.first(), number=3, status="published"
    )
    pairs = list(Pair.objects.order_by("pk"))
    table = Table.objects.create(round=round_, number=1, ew=pairs[0], ns=pairs[3])
    submit_result(
        table, ResultValues("A+", "5", winner="EW"), version=1, by=user_actor(None, "table_ew")
    )
    print(json.dumps({"pin": Table.objects.get(pk=table.pk).ns_pin}), flush=True)


def pin_try(pin: str, times: int) -> None:
    from tournament.core.actors import user_actor
    from tournament.core.errors import Refused
    from tournament.models import Table
    from tournament.results.services import confirm_result

    answers = []
    for _ in range(times):
        table = Table.objects.get(round__number=3, number=1)
        try:
            confirm_result(table, version=table.version, by=user_actor(None, "table_ns"), pin=pin)
            answers.append("confirmed")
        except Refused as exc:
            answers.append(exc.msg.code)
    print(json.dumps(answers), flush=True)


if __name__ == "__main__":
    django.setup()
    {
        "reader": reader,
        "reader-migrated": lambda: reader(migrated=True),
        "lock": lock,
        "pin-build": pin_build,
        "pin-build-migrated": lambda: pin_build(migrated=True),
        "pin-try": lambda: pin_try(sys.argv[2], int(sys.argv[3])),
    }[sys.argv[1]]()
