"""Benchmark: what registering one pair through the service costs, in-process.

The registration desk (a late entry), the organizer's form and the tests' fixtures all
register a pair through :func:`tournament.registration.services.pair_register`: its name
checks, the pair and its players, linking the players to persons
(:func:`tournament.core.identity.link_event`), the audit line and the public stamp. This
registers ``--warm`` pairs into a new event, then ``--pairs`` more one by one, and prints
the CPU milliseconds and SQL statements of one registration.

    .venv/bin/python bench/registration.py [--pairs 300] [--warm 20]

CPU time moves by 15 % from run to run on a shared machine; the instructions do not. To
count them, run it under callgrind with counting off at the start: ``--callgrind`` turns it
on for the timed registrations only, and callgrind's total divided by ``--pairs`` is one
registration's instructions:

    valgrind --tool=callgrind --instr-atstart=no .venv/bin/python bench/registration.py \\
        --pairs 100 --callgrind
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.django_event import setup_django  # noqa: E402


def counting(state: str) -> None:
    """Turn callgrind's counting on or off in this process."""
    command = ["callgrind_control", f"--instr={state}", str(os.getpid())]
    subprocess.run(command, check=True, capture_output=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=300, help="registrations timed")
    parser.add_argument("--warm", type=int, default=20, help="registrations before them")
    parser.add_argument("--callgrind", action="store_true", help="count only the timed ones")
    args = parser.parse_args(argv)
    setup_django()
    from django.contrib.auth.models import User
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournament.core.actors import user_actor
    from tournament.events.services import tournament_create
    from tournament.registration.services import PairData, pair_register

    organizer = User.objects.create_user("organizer")
    event = tournament_create(organizer=organizer, slug="desk", name="报名台", rounds=5)
    by = user_actor(organizer)

    def register(n: int) -> None:
        data = PairData(f"第{n}队", f"单位{n % 7}", f"甲{n}", f"乙{n}")
        pair_register(tournament=event, data=data, by=by)

    for n in range(args.warm):
        register(n)
    if args.callgrind:
        counting("on")
    start = time.process_time()
    for n in range(args.warm, args.warm + args.pairs):
        register(n)
    cpu = (time.process_time() - start) / args.pairs * 1000
    if args.callgrind:
        counting("off")
    with CaptureQueriesContext(connection) as statements:
        register(args.warm + args.pairs)
    total = args.warm + args.pairs + 1
    print(f"{connection.vendor}, {total} pairs registered one by one")
    print(f"  a registration: {cpu:.2f} ms CPU, {len(statements)} statements")
    return 0


if __name__ == "__main__":
    sys.exit(main())
