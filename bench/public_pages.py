"""Benchmark: the public and live pages of a 5,000-pair event (docs/benchmarks.md).

Run from the project root::

    .venv/bin/python bench/public_pages.py                 # 5,000 pairs, 8 locked rounds
    .venv/bin/python bench/public_pages.py --pairs 500     # quicker

Builds the event in a temporary database (bulk inserts: 8 locked rounds, round 9
published and not yet played), then fetches each page in-process with Django's test
client and prints, per page, the first (cold: caches empty) and the median of
``--repeat`` fetches (server time), the response size (plain and gzip) and the number of
queries. Targets: public pages < 100 ms median, staff pages < 200 ms, a search < 20 KB.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.django_event import load_event, setup_django  # noqa: E402
from bench.standings import random_event  # noqa: E402

SEARCH = "zhuge"  # finds the player renamed 诸葛亮 below


def build(size: int, rounds: int):
    """The event: ``rounds`` locked rounds, the next one published, a player named 诸葛亮."""
    from tournament.models import Player, Round, Table
    from tournament.text.pinyin import pinyin_key

    tournament = load_event(random_event(size, rounds), size, rounds)
    tournament.publish_pairings = tournament.publish_standings = True
    tournament.save()
    stage = tournament.stages.first()
    current = Round.objects.create(
        tournament=tournament, stage=stage, number=rounds + 1, status=Round.PUBLISHED
    )
    pairs = list(tournament.pairs.values_list("pk", flat=True))
    random.Random(rounds).shuffle(pairs)
    rows = [
        Table(round=current, number=i // 2 + 1, ew_id=pairs[i], ns_id=pairs[i + 1])
        for i in range(0, len(pairs) - 1, 2)
    ]
    if len(pairs) % 2:
        rows.append(Table(round=current, ew_id=pairs[-1], state=Table.CONFIRMED))
    Table.objects.bulk_create(rows, batch_size=5000)
    # Registration stores each player's pinyin (load_event leaves it empty).
    players = list(Player.objects.filter(pair__tournament=tournament))
    for p in players:
        p.name_pinyin = pinyin_key(p.name)
    Player.objects.bulk_update(players, ["name_pinyin"], batch_size=2000)
    player = Player.objects.filter(pair_id=pairs[len(pairs) // 2]).first()
    player.name = "诸葛亮"
    player.save()
    return tournament, current


def measure(client, url: str, repeat: int) -> dict:
    """Cold and median server time (ms), sizes (KB) and queries of ``repeat`` fetches."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    times, queries = [], 0
    for _ in range(repeat):
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            response = client.get(url)
            times.append((time.perf_counter() - start) * 1000)
        queries = len(captured)
        assert response.status_code == 200, (url, response.status_code)
    zipped = client.get(url, HTTP_ACCEPT_ENCODING="gzip")
    gz = len(zipped.content) if zipped.get("Content-Encoding") == "gzip" else None
    return {
        "cold": times[0],
        "median": statistics.median(times),
        "kb": len(response.content) / 1024,
        "gz": None if gz is None else gz / 1024,
        "queries": queries,
    }


def pages(tournament, current) -> list[tuple[str, str, bool]]:
    """(label, url, staff) of each page measured."""
    from django.urls import reverse

    slug, n = tournament.slug, current.number
    pair = current.tables.exclude(ns=None).first().ew_id
    pairings = reverse("pairings", args=[slug, n])
    return [
        ("public pairings of a round", pairings, False),
        (f"the same with a search (?q={SEARCH})", f"{pairings}?q={SEARCH}", False),
        ("public standings", reverse("standings", args=[slug]), False),
        ("a team's history", reverse("pair_history", args=[slug, pair]), False),
        ("projector", reverse("projector", args=[slug, n]), False),
        ("round control (staff)", reverse("round_control", args=[slug, n]), True),
        ("staff standings", reverse("standings", args=[slug]), True),
    ]


def after_a_change(tournament, client, measured: list[tuple[str, str, bool]]) -> None:
    """The first fetch after the public stamp moved (a round locked): the recomputation."""
    from tournament.core.stamps import bump_stamp

    bump_stamp(tournament.pk)
    print("first fetch after a change of the public stamp (recomputed once per process):")
    for label, url, _staff in measured:
        start = time.perf_counter()
        assert client.get(url).status_code == 200
        print(f"  {label:<38} {(time.perf_counter() - start) * 1000:>7.0f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    setup_django()
    from django.test import Client

    start = time.perf_counter()
    tournament, current = build(args.pairs, args.rounds)
    print(
        f"{args.pairs} pairs, {args.rounds} locked rounds, round {current.number} published "
        f"(built in {time.perf_counter() - start:.1f} s); in-process, times in ms"
    )
    public, staff = Client(), Client()
    staff.force_login(tournament.organizer)
    print(f"{'page':<40} {'cold':>7} {'median':>7} {'KB':>7} {'gzip KB':>8} {'queries':>7}")
    for label, url, as_staff in pages(tournament, current):
        m = measure(staff if as_staff else public, url, args.repeat)
        gz = "-" if m["gz"] is None else f"{m['gz']:.1f}"
        print(
            f"{label:<40} {m['cold']:>7.0f} {m['median']:>7.0f} {m['kb']:>7.1f} {gz:>8} "
            f"{m['queries']:>7}"
        )
    print("targets: public pages < 100 ms median, staff pages < 200 ms, a search < 20 KB")
    after_a_change(tournament, public, pages(tournament, current)[1:3])
    return 0


if __name__ == "__main__":
    sys.exit(main())
