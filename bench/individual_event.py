"""Benchmark: an individual event (个人赛) of many players, database included.

Registers N players through the service, draws, then for each round: pairs it through the
round's pairing (the individual Swiss on the players' standings, partnerships made as
pairs), stores random results for every table and locks it. Prints the seconds of each
step and of the players' standings after the last round.

    .venv/bin/python bench/individual_event.py [--players 2000] [--rounds 7]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.django_event import setup_django  # noqa: E402
from bench.team_event import play, timed  # noqa: E402


def register(t, players: int, by) -> None:
    from tournament.individuals.registration import IndividualData, individual_register

    for i in range(players):
        data = IndividualData(name=f"选手{i:05d}", unit=f"单位{i % 60}")
        individual_register(tournament=t, data=data, by=by)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    setup_django()
    from django.contrib.auth.models import User

    from tournament.core.actors import command_actor
    from tournament.events.services import tournament_create
    from tournament.individuals.standings import individual_standings_for
    from tournament.rounds.pairing import draw, pair_next_round

    organizer = User.objects.create_user("bench-organizer", password="x")
    by = command_actor(organizer)
    t = tournament_create(
        organizer=organizer,
        name="个人赛性能测试",
        slug="solo",
        entry="individuals",
        rounds=args.rounds,
        by=by,
    )
    print(f"{args.players} players, {args.rounds} rounds")
    timed("register (one player at a time)", register, t, args.players, by)
    timed("draw", draw, t, seed=1, by=by)
    rng = random.Random(1)
    for number in range(1, args.rounds + 1):
        rnd = timed(f"pair round {number}", pair_next_round, t, by=by)
        play(rnd, rng)
    rows = timed("standings", individual_standings_for, t)
    print(f"ranked {len(rows)} players")


if __name__ == "__main__":
    main()
