"""Benchmark: the first public standings request after a round lock (2.2 s, 12 pairs).

Run from the project root::

    .venv/bin/python bench/first_standings.py [--pairs 12] [--profile]

Builds an event through the services (sign-up, draw, pairing, publish, results, confirm
all) in a temporary SQLite database with the venue's settings (automatic backups on),
serves a few pages first so the process is warm as a venue's server is, locks the round,
and times the first standings request (caches empty, as right after a lock) and the next
one; ``--profile`` prints the first request's cProfile.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.django_event import setup_django  # noqa: E402


def build(pairs: int):
    from django.contrib.auth.models import User

    from tournament.core.actors import user_actor
    from tournament.events.services import tournament_create
    from tournament.registration.services import PairData, pair_register
    from tournament.results.checks import ResultValues
    from tournament.results.confirm_all import confirm_all_entered
    from tournament.results.services import submit_result
    from tournament.rounds.lifecycle import publish_round
    from tournament.rounds.pairing import draw, pair_next_round

    organizer = User.objects.create_user("bench-organizer", password="x")
    t = tournament_create(organizer=organizer, slug="first", name="首轮测试赛", rounds=3)
    by = user_actor(organizer)
    units = ["南京", "苏州", "无锡", "常州"]
    for i in range(pairs):
        data = PairData(name=f"组合{i}", unit=units[i % 4], player1=f"甲{i}", player2=f"乙{i}")
        pair_register(tournament=t, data=data, by=by)
    t.publish_standings = t.publish_pairings = True
    t.save()
    draw(t, by=by)
    round_ = publish_round(pair_next_round(t, by=by), by=by)
    for table in round_.tables.exclude(number=None):
        submit_result(table, ResultValues("A+", "5", winner="EW"), version=None, by=by)
    confirm_all_entered(round_, by=by)
    return organizer, round_


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=12)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--cold", action="store_true", help="no page served before the lock")
    args = parser.parse_args()
    setup_django()
    from django.conf import settings

    import config.wsgi  # noqa: F401 (what a server loads at start)

    settings.AUTO_BACKUP = True  # the venue's default with SQLite (config/settings.py)
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client

    from tournament.backups.auto import wait_for_running
    from tournament.core.actors import user_actor
    from tournament.rounds.lifecycle import lock_round

    organizer, round_ = build(args.pairs)
    client = Client()
    for url in () if args.cold else ("/", "/t/first/", "/t/first/pairings/1/"):
        client.get(url)  # a warm server
    wait_for_running()
    lock_round(round_, by=user_actor(organizer))
    cache.clear()
    before = set(sys.modules)
    profile = cProfile.Profile()
    queries = []  # counted by a wrapper: the request's start empties connection.queries

    def count(execute, sql, params, many, context):
        queries.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        start = time.perf_counter()
        profile.enable()
        status = client.get("/t/first/standings/").status_code
        profile.disable()
        first = time.perf_counter() - start
    start = time.perf_counter()
    client.get("/t/first/standings/")
    second = time.perf_counter() - start
    wait_for_running()
    new = sorted({m.split(".")[0] for m in set(sys.modules) - before})
    print(
        f"{args.pairs} pairs, status {status}: first standings {first * 1000:.0f} ms, "
        f"{len(queries)} queries, {len(set(sys.modules) - before)} modules imported {new}; "
        f"next {second * 1000:.0f} ms"
    )
    if args.profile:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(30)


if __name__ == "__main__":
    main()
