"""Benchmark: how well the rating (rating/) predicts later results, and how fast it is.

Run from the project root::

    .venv/bin/python bench/rating.py                 # quality table + timing
    .venv/bin/python bench/rating.py --seasons 2 --no-timing

The simulation (seeded): a pool of players with a hidden skill (normal, mean 0, sd 1);
each event takes part of the pool, who mostly play with their usual partner (30 % play
with someone else that day); a pair's hidden strength is the sum of its players' skills.
Each event is a Swiss of 7 rounds paired by the app's own pure pairing
(:func:`pairing.pair_swiss`, round 1 by adjacent random draw numbers); a table's
outcome is the strength difference plus noise (normal, sd ``--noise``): the winner is
the side ahead, the margin (级差) grows with the lead, 1 … 13; an exact tie is rare and
counted as a draw. Standings: 2 points a win, 1 a draw, then level difference.

Quality: for each event after the first ``--warmup`` events of a season, the predictors
order the event's pairs *before it starts* from the earlier events only:

- random: a random order (what a random draw knows);
- total points so far: the mean of the pair's players' total points in earlier events;
- points per event so far: the same per event played (a newcomer: the field's mean);
- each rating variant: the mean of the pair's players' ordinal (a newcomer 0); one also
  by the mean mu (a newcomer 25), the estimate without the uncertainty;
- oracle: the hidden strength (the ceiling no predictor can pass).

Figures: Kendall's tau and Spearman's rho of that order against the event's final
standings, and the share of the event's tables whose winner the order predicts
(the side ranked higher; an exact tie counts half).

Timing: rating 100 events × 500 pairs × 7 rounds (175,000 tables) with the default model;
``--db`` (``--db-only``) stores those events in a temporary database, persons linked, and
times the adapter (tournament.ratings.services): cold (reads and rating) and warm (cache).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pairing import Entrant, pair_round_one, pair_swiss  # noqa: E402
from rating import RatedTable, rate, strength  # noqa: E402

VARIANTS = [
    ("plackett_luce", False),
    ("plackett_luce", True),
    ("bradley_terry", False),
    ("bradley_terry", True),
    ("thurstone_mosteller", False),
    ("thurstone_mosteller", True),
]


def kendall_tau(xs: list[float], ys: list[float]) -> float:
    """Kendall's tau-b (ties in either list allowed)."""
    concordant = discordant = ties_x = ties_y = 0
    n = len(xs)
    for i in range(n):
        for j in range(i + 1, n):
            dx, dy = xs[i] - xs[j], ys[i] - ys[j]
            if dx == 0 and dy == 0:
                continue
            if dx == 0:
                ties_x += 1
            elif dy == 0:
                ties_y += 1
            elif (dx > 0) == (dy > 0):
                concordant += 1
            else:
                discordant += 1
    denominator = math.sqrt((concordant + discordant + ties_x) * (concordant + discordant + ties_y))
    return (concordant - discordant) / denominator if denominator else 0.0


def ranks(values: list[float]) -> list[float]:
    """Average ranks (1 = smallest)."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(xs: list[float], ys: list[float]) -> float:
    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    var = math.sqrt(sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry))
    return cov / var if var else 0.0


def play(rng: random.Random, a: float, b: float, noise: float) -> tuple[int | None, int]:
    """(winner 0/1/None, margin) of a table between strengths ``a`` and ``b``."""
    lead = a - b + rng.gauss(0, noise)
    if abs(lead) < 0.01:
        return None, 0
    return (0 if lead > 0 else 1), min(13, 1 + int(abs(lead) * 2.5))


def make_pairs(rng: random.Random, pool: int, size: int) -> list[tuple[int, int]]:
    """Today's pairs: ``size`` pairs from the pool, mostly usual partners (2k, 2k+1)."""
    couples = rng.sample(range(pool // 2), size)
    usual = [(2 * c, 2 * c + 1) for c in couples]
    loose = [p for couple in usual if rng.random() < 0.3 for p in couple]
    kept = [c for c in usual if c[0] not in loose and c[1] not in loose]
    rng.shuffle(loose)
    return kept + [(loose[i], loose[i + 1]) for i in range(0, len(loose) - 1, 2)]


def run_event(rng, pairs, skill, rounds, noise):
    """Play a Swiss event; return its tables (pair indexes, winner, margin) and the final
    standings value of each pair (points, then level difference)."""
    n = len(pairs)
    power = [skill[a] + skill[b] for a, b in pairs]
    points, diff, met = [0] * n, [0] * n, [set() for _ in range(n)]
    draw = list(range(1, n + 1))
    rng.shuffle(draw)
    tables = []
    for rnd in range(1, rounds + 1):
        order = sorted(range(n), key=lambda i: (-points[i], -diff[i], draw[i]))
        field = [
            Entrant(
                i, rank=r, points=float(points[i]), opponents=frozenset(met[i]), draw_number=draw[i]
            )
            for r, i in enumerate(order, start=1)
        ]
        pairing = pair_round_one(field) if rnd == 1 else pair_swiss(field, seed=rnd)
        for t in pairing.tables:
            winner, margin = play(rng, power[t.ew], power[t.ns], noise)
            tables.append((t.ew, t.ns, winner, margin))
            met[t.ew].add(t.ns)
            met[t.ns].add(t.ew)
            signed = 0 if winner is None else (margin if winner == 0 else -margin)
            diff[t.ew] += signed
            diff[t.ns] -= signed
            for side, pair in ((0, t.ew), (1, t.ns)):
                points[pair] += 1 if winner is None else (2 if winner == side else 0)
        for bye in pairing.byes:
            points[bye.entrant] += 2
    return tables, [points[i] * 1000 + diff[i] for i in range(n)], points


def season(seed: int, args) -> list[dict]:
    """One season: events in order, each with its pairs, tables and standings."""
    rng = random.Random(seed)
    skill = [rng.gauss(0, 1) for _ in range(args.pool)]
    events = []
    for _ in range(args.events):
        pairs = make_pairs(rng, args.pool, args.pairs)
        tables, final, points = run_event(rng, pairs, skill, args.rounds, args.noise)
        events.append({"pairs": pairs, "tables": tables, "final": final, "points": points})
    return skill, events


def rated_tables(event) -> list[RatedTable]:
    pairs = event["pairs"]
    return [RatedTable((pairs[a], pairs[b]), w, m) for a, b, w, m in event["tables"]]


def score(predicted: list[float], event) -> tuple[float, float, float]:
    """(tau, rho, table accuracy) of a predicted strength per pair."""
    final = event["final"]
    hits = 0.0
    for a, b, winner, _ in event["tables"]:
        if winner is None:
            continue
        guess = (
            0.5
            if predicted[a] == predicted[b]
            else float((predicted[a] > predicted[b]) == (winner == 0))
        )
        hits += guess
    played = sum(1 for t in event["tables"] if t[2] is not None)
    return kendall_tau(predicted, final), spearman(predicted, final), hits / played


def predictors(rng, skill, history, event) -> dict[str, list[float]]:
    pairs = event["pairs"]
    totals: dict[int, float] = {}
    seen: dict[int, int] = {}
    for past in history:
        for (a, b), pts in zip(past["pairs"], past["points"], strict=True):
            for p in (a, b):
                totals[p] = totals.get(p, 0) + pts
                seen[p] = seen.get(p, 0) + 1
    mean = {p: totals[p] / seen[p] for p in totals}
    field_mean = statistics.fmean(mean.values()) if mean else 0.0
    out = {
        "random draw": [rng.random() for _ in pairs],
        "total points so far": [(totals.get(a, 0) + totals.get(b, 0)) / 2 for a, b in pairs],
        "points per event so far": [
            (mean.get(a, field_mean) + mean.get(b, field_mean)) / 2 for a, b in pairs
        ],
    }
    past_tables = [t for past in history for t in rated_tables(past)]
    for model, margin in VARIANTS:
        ratings = rate(past_tables, model=model, use_margin=margin)
        name = f"{model}{' +margin' if margin else ''}"
        out[name] = [strength(pair, ratings, key="ordinal") for pair in pairs]
        if model == "plackett_luce":  # the same ordered by mu (the app's seeding strength)
            out[name + " (by mu)"] = [strength(pair, ratings) for pair in pairs]
    out["oracle (hidden strength)"] = [skill[a] + skill[b] for a, b in pairs]
    return out


def quality(args) -> None:
    figures: dict[str, list[tuple[float, float, float]]] = {}
    for s in range(args.seasons):
        rng = random.Random(1000 + s)
        skill, events = season(s + 1, args)
        for k in range(args.warmup, len(events)):
            for name, predicted in predictors(rng, skill, events[:k], events[k]).items():
                figures.setdefault(name, []).append(score(predicted, events[k]))
    print(
        f"{args.seasons} seasons × {args.events} events ({args.pairs} pairs of a "
        f"{args.pool}-player pool, {args.rounds} Swiss rounds, noise sd {args.noise}); "
        f"predicting events {args.warmup + 1}…{args.events} from the earlier ones"
    )
    print(f"{'predictor':32} {'Kendall tau':>12} {'Spearman':>10} {'next-table acc':>15}")
    for name, rows in figures.items():
        tau, rho, acc = (statistics.fmean(col) for col in zip(*rows, strict=True))
        print(f"{name:32} {tau:12.3f} {rho:10.3f} {acc:15.3f}")


def timing(events: int, pairs: int, rounds: int) -> None:
    rng = random.Random(7)
    people = list(range(events * pairs // 2 + pairs * 2))
    tables = []
    for _ in range(events):
        players = rng.sample(people, pairs * 2)
        sides = [tuple(players[2 * i : 2 * i + 2]) for i in range(pairs)]
        for _ in range(rounds):
            rng.shuffle(sides)
            for i in range(0, pairs - 1, 2):
                tables.append(
                    RatedTable((sides[i], sides[i + 1]), rng.randint(0, 1), rng.randint(1, 13))
                )
    for model, margin in (
        ("plackett_luce", False),
        ("plackett_luce", True),
        ("bradley_terry", True),
    ):
        start, cpu = time.perf_counter(), time.process_time()
        ratings = rate(tables, model=model, use_margin=margin)
        took, cpu = time.perf_counter() - start, time.process_time() - cpu
        print(
            f"rating {events} events × {pairs} pairs × {rounds} rounds = {len(tables):,} tables, "
            f"{len(ratings):,} persons, {model}{' +margin' if margin else ''}: "
            f"{cpu:.2f} CPU-s ({took:.2f} s wall)"
        )


def store_events(events: int, pairs: int, rounds: int) -> None:
    """``events`` locked Swiss events of random results in the database, each pair's players
    linked to persons drawn from one pool (so persons play in several events)."""
    from django.contrib.auth.models import User

    from bench.django_event import _store_tables
    from bench.standings import random_event
    from tournament.models import Pair, Person, Player, Round, Stage, Tournament

    rng = random.Random(3)
    organizer = User.objects.create_user("bench-organizer", password="x")
    pool = events * pairs // 2 + pairs * 2
    people = Person.objects.bulk_create(
        [Person(name=f"选手{i}", name_pinyin=f"xuanshou{i}") for i in range(pool)],
        batch_size=5000,
    )
    for k in range(events):
        t = Tournament.objects.create(
            name=f"赛事{k}", slug=f"e{k}", organizer=organizer, rounds=rounds
        )
        stage = Stage.objects.create(
            tournament=t, order=1, name="积分编排", kind="swiss", rounds=rounds
        )
        rows = Pair.objects.bulk_create(
            [
                Pair(tournament=t, name=f"组合{i}", name_pinyin=f"zuhe{i}", draw_number=i)
                for i in range(1, pairs + 1)
            ]
        )
        chosen = rng.sample(people, 2 * pairs)
        Player.objects.bulk_create(
            [
                Player(
                    pair=p,
                    position=pos,
                    name=chosen[2 * i + pos - 1].name,
                    person=chosen[2 * i + pos - 1],
                )
                for i, p in enumerate(rows)
                for pos in (1, 2)
            ],
            batch_size=5000,
        )
        round_rows = {
            n: Round.objects.create(tournament=t, stage=stage, number=n, status=Round.LOCKED)
            for n in range(1, rounds + 1)
        }
        records = random_event(pairs, rounds, seed=k + 1)
        _store_tables(records, round_rows, {i: p.pk for i, p in enumerate(rows, start=1)})


def db_timing(events: int, pairs: int, rounds: int) -> None:
    """Store the events in a temporary database (persons linked) and time the adapter:
    a cold rating (reads and rating) and a warm one (the fingerprint, a cache hit)."""
    from bench.django_event import setup_django

    setup_django()
    from django.core.cache import cache

    from tournament.ratings.services import current_ratings, rated_tables

    start = time.perf_counter()
    store_events(events, pairs, rounds)
    print(f"stored {events} events in {time.perf_counter() - start:.0f} s")
    cache.clear()
    clock = Clock()
    tables = rated_tables()
    read = clock.lap()
    cache.clear()
    ratings = current_ratings()
    cold = clock.lap()
    current_ratings()
    warm = clock.lap()
    print(
        f"adapter, {len(tables):,} tables, {len(ratings):,} persons (CPU-s, wall s): reading "
        f"the tables {read}; cold (read + rate + cache) {cold}; warm (cache hit) {warm}"
    )


class Clock:
    """CPU and wall seconds since the last lap (the machine may be shared: CPU-s count)."""

    def __init__(self) -> None:
        self.cpu, self.wall = time.process_time(), time.perf_counter()

    def lap(self) -> str:
        cpu, wall = time.process_time(), time.perf_counter()
        text = f"{cpu - self.cpu:.2f} CPU-s ({wall - self.wall:.2f} s)"
        self.cpu, self.wall = cpu, wall
        return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seasons", type=int, default=5)
    parser.add_argument("--events", type=int, default=12)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--pool", type=int, default=240)
    parser.add_argument("--pairs", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--noise", type=float, default=1.5)
    parser.add_argument("--no-timing", action="store_true")
    parser.add_argument("--db", action="store_true", help="time the adapter on a database")
    parser.add_argument("--db-only", action="store_true")
    args = parser.parse_args()
    if not args.db_only:
        quality(args)
        if not args.no_timing:
            timing(100, 500, 7)
    if args.db or args.db_only:
        db_timing(100, 500, 7)


if __name__ == "__main__":
    main()
