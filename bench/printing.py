"""Benchmark: score sheets for 2,500 tables in one PDF, and the whole-event workbook.

Run from the project root::

    .venv/bin/python bench/printing.py                 # 5,000 pairs × 10 rounds, 500 and 2,500 sheets
    .venv/bin/python bench/printing.py --pairs 1000 --rounds 4 --small 100

Targets (from the issue): 2,500 score sheets under 30 s with flat memory; the workbook of
5,000 pairs × 10 rounds under 20 s.

Everything goes through the real export path (``tournament.printing.registry.run``) on a
throw-away SQLite database in a temporary folder (``DATABASE_URL`` and ``GUANDAN_VAR_DIR``
point there), so the developer's ``var/db.sqlite3`` is never touched. Table entry is on, so
every sheet carries two QR codes (the slow case). Each measurement runs in a fresh child
process: its peak RSS (``ru_maxrss``) is its own, and the figure printed is the peak minus
the RSS after Django and the pairs were loaded, i.e. what rendering added.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LEVELS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈"
GIVEN = (
    "伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华建国志强海燕春花德华玉兰红梅子轩雨涵浩然"
)
PLACES = "金陵秦淮钟山玄武紫金雨花栖霞鼓楼建邺江宁六合溧水高淳浦口仙林汤山姑苏吴中相城锡山惠山滨湖"


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: KiB


def setup_django(tmp: Path) -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings_test"
    os.environ["DATABASE_URL"] = f"sqlite:///{tmp / 'bench.sqlite3'}"
    os.environ["GUANDAN_VAR_DIR"] = str(tmp)
    import django

    django.setup()


def name(rng: random.Random, chars: str, n: int) -> str:
    return "".join(rng.choice(chars) for _ in range(n))


def build(slug: str, size: int, rounds: int, played: int) -> None:
    """An event of ``pairs`` pairs; rounds 1…``played`` locked with results, the rest
    published and not yet played (the round whose score sheets are printed)."""
    from django.contrib.auth import get_user_model

    from tournament.models import Pair, Player, Stage, Tournament, Unit
    from tournament.text.pinyin import pinyin_key

    rng = random.Random(slug)
    user, _ = get_user_model().objects.get_or_create(username="bench")
    t = Tournament.objects.create(
        name=f"基准测试赛{slug}",
        slug=slug,
        organizer=user,
        host="基准测试协会",
        rounds=rounds,
        table_entry=True,
    )
    stage = Stage.objects.create(
        tournament=t, order=1, name="积分编排", kind="swiss", rounds=rounds
    )
    units = Unit.objects.bulk_create(
        Unit(tournament=t, name=f"{PLACES[2 * i : 2 * i + 2]}俱乐部{i}", name_pinyin=f"u{i:04d}")
        for i in range(200)
    )
    pairs = []
    for i in range(size):
        pair_name = f"{name(rng, PLACES, 2)}{i}队"
        pairs.append(
            Pair(
                tournament=t,
                name=pair_name,
                name_pinyin=pinyin_key(pair_name),
                unit=units[i % len(units)],
                draw_number=i + 1,
            )
        )
    pairs = Pair.objects.bulk_create(pairs, batch_size=1000)
    players = []
    for pair in pairs:
        for position in (1, 2):
            n = rng.choice(SURNAMES) + name(rng, GIVEN, rng.choice((1, 2)))
            players.append(Player(pair=pair, position=position, name=n, name_pinyin=n))
    Player.objects.bulk_create(players, batch_size=2000)
    ids = [pair.pk for pair in pairs]
    _play_rounds(t, stage, ids, pairs=size, rounds=rounds, played=played, rng=rng)


def _play_rounds(t, stage, ids: list, *, pairs: int, rounds: int, played: int, rng) -> None:
    """Rounds 1…``rounds`` with random tables; the first ``played`` locked with results."""
    from tournament.models import Round, Table

    for number in range(1, rounds + 1):
        status = Round.LOCKED if number <= played else Round.PUBLISHED
        rnd = Round.objects.create(tournament=t, stage=stage, number=number, status=status)
        rng.shuffle(ids)
        tables = []
        for k in range(0, pairs - 1, 2):
            m = Table(round=rnd, number=k // 2 + 1, ew_id=ids[k], ns_id=ids[k + 1])
            if number <= played:
                m.ew_level, m.ns_level = rng.choice(
                    [("A+", rng.choice(LEVELS)), (rng.choice(LEVELS), rng.choice(LEVELS))]
                )
                m.state = Table.CONFIRMED
            tables.append(m)
        if pairs % 2:
            tables.append(Table(round=rnd, number=None, ew_id=ids[-1], state=Table.CONFIRMED))
        Table.objects.bulk_create(tables, batch_size=2000)


def child(kind: str, slug: str, number: int | None, out_path: str) -> None:
    """Measure one export in this (fresh) process; print "seconds baseline peak size"."""
    from tournament.models import Tournament
    from tournament.printing import source
    from tournament.printing.makers import Request
    from tournament.printing.registry import run

    t = Tournament.objects.select_related("organizer").get(slug=slug)
    req = Request(
        tournament=t,
        kind=kind,
        fmt="pdf" if kind == "scoresheets" else "xlsx",
        round=number,
        base_url="http://192.168.1.10:8000",
    )
    req._pairs = source.load_pairs(t)  # loaded before the baseline: data, not rendering
    baseline = rss_mb()
    start = time.perf_counter()
    with open(out_path, "wb") as out:
        run(req, out)
    seconds = time.perf_counter() - start
    print(f"{seconds:.2f} {baseline:.1f} {rss_mb():.1f} {os.path.getsize(out_path)}")


def measure(tmp: Path, kind: str, slug: str, number: int | None) -> tuple[float, float, float, int]:
    out = tmp / f"{slug}-{kind}.out"
    cmd = [sys.executable, __file__, "--child", kind, slug, str(number or 0), str(out), str(tmp)]
    result = subprocess.run(cmd, capture_output=True, text=True, check=True, env=os.environ.copy())
    seconds, baseline, peak, size = result.stdout.split()[-4:]
    return float(seconds), float(baseline), float(peak), int(size)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--small", type=int, default=500, help="tables of the small sheet run")
    parser.add_argument("--child", nargs=5, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        kind, slug, number, out_path, tmp = args.child
        setup_django(Path(tmp))
        child(kind, slug, int(number) or None, out_path)
        return
    with tempfile.TemporaryDirectory(prefix="guandan-bench-") as folder:
        tmp = Path(folder)
        setup_django(tmp)
        from django.core.management import call_command

        start = time.perf_counter()
        call_command("migrate", verbosity=0)
        build("big", args.pairs, args.rounds, played=args.rounds - 1)
        build("small", args.small * 2, 1, played=0)
        print(
            f"set-up: {args.pairs} pairs × {args.rounds} rounds and {args.small * 2} pairs "
            f"× 1 round in {time.perf_counter() - start:.1f} s (temporary SQLite)"
        )
        big_tables = args.pairs // 2
        for slug, number, tables in (("small", 1, args.small), ("big", args.rounds, big_tables)):
            seconds, base, peak, size = measure(tmp, "scoresheets", slug, number)
            print(
                f"score sheets, {tables:>5} tables (2 QR codes each): {seconds:6.2f} s, "
                f"{tables / seconds:5.0f} sheets/s, peak RSS {peak:6.1f} MB "
                f"(+{peak - base:5.1f} MB over {base:.1f} MB before rendering), "
                f"{size / 1e6:.1f} MB PDF"
            )
        seconds, base, peak, size = measure(tmp, "workbook", "big", None)
        print(
            f"whole-event workbook, {args.pairs} pairs × {args.rounds} rounds: {seconds:6.2f} s, "
            f"peak RSS {peak:6.1f} MB (+{peak - base:.1f} MB), {size / 1e6:.1f} MB xlsx"
        )


if __name__ == "__main__":
    main()
