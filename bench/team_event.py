"""Benchmark: a team event (团体赛) of many teams, database included.

Registers N teams of 2 pairs through the service, draws, then for each round: pairs it
through the round's pairing (the team Swiss on the teams' standings), publishes it, stores
random results for every table (as a clerk's sheet would) and locks it. Prints the seconds
of each step, the team standings' computation after the last round and the best pairs'.

    .venv/bin/python bench/team_event.py [--teams 1000] [--rounds 7]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.django_event import setup_django  # noqa: E402


def timed(label: str, fn, *args, **kwargs):
    start = time.perf_counter()
    result = fn(*args, **kwargs)
    print(f"{label:<34} {time.perf_counter() - start:8.2f} s", flush=True)
    return result


def register(t, teams: int, by) -> None:
    from tournament.teams.registration import TeamData, team_register

    for i in range(teams):
        players = tuple(f"队{i}选手{n}" for n in range(1, 5))
        data = TeamData(name=f"队伍{i:05d}", unit=f"单位{i % 60}", players=players)
        team_register(tournament=t, data=data, by=by)


def play(rnd, rng: random.Random) -> None:
    """Random final levels at every table, confirmed, and the round locked."""
    from rules.levels import LEVELS
    from tournament.models import Round, Table
    from tournament.models.table_guard import exempt

    tables = list(Table.objects.filter(round=rnd).exclude(ns=None))
    for table in tables:
        table.ew_level, table.ns_level = rng.choice(LEVELS), rng.choice(LEVELS[:-1])
        table.state = Table.CONFIRMED
    with exempt("fixture"):  # results stored as a benchmark's set-up
        Table.objects.bulk_update(tables, ["ew_level", "ns_level", "state"], batch_size=2000)
    Round.objects.filter(pk=rnd.pk).update(status=Round.LOCKED)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--teams", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    setup_django()
    from django.contrib.auth.models import User

    from tournament.core.actors import command_actor
    from tournament.events.services import tournament_create
    from tournament.rounds.pairing import draw, pair_next_round
    from tournament.teams.standings import best_pairs_for, team_standings_for

    organizer = User.objects.create_user("bench-organizer", password="x")
    by = command_actor(organizer)
    t = tournament_create(
        organizer=organizer,
        name="团体赛性能测试",
        slug="teams",
        entry="teams",
        rounds=args.rounds,
        by=by,
    )
    print(f"{args.teams} teams of 2 pairs ({2 * args.teams} pairs), {args.rounds} rounds")
    timed("register (one team at a time)", register, t, args.teams, by)
    timed("draw", draw, t, seed=1, by=by)
    rng = random.Random(1)
    for number in range(1, args.rounds + 1):
        rnd = timed(f"pair round {number}", pair_next_round, t, by=by)
        play(rnd, rng)
    rows = timed("team standings", team_standings_for, t)
    pairs = timed("best pairs", best_pairs_for, t)
    print(f"ranked {len(rows)} teams and {len(pairs)} pairs")


if __name__ == "__main__":
    main()
