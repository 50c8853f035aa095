"""A throw-away database with a big simulated event, for the benchmarks that include the ORM.

Uses a temporary SQLite file unless BENCH_DATABASE_URL names another database (e.g. a
PostgreSQL test server); the developer's own var/db.sqlite3 is never touched.
"""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def setup_django() -> None:
    """Point Django at a fresh temporary database and migrate it. The folder is removed when
    the benchmark ends (hundreds of MB a run), unless BENCH_KEEP=1 keeps it to look at."""
    tmp = Path(tempfile.mkdtemp(prefix="guandan-bench-"))
    if not os.environ.get("BENCH_KEEP"):
        atexit.register(shutil.rmtree, tmp, ignore_errors=True)
    os.environ["DATABASE_URL"] = (
        os.environ.get("BENCH_DATABASE_URL") or f"sqlite:///{tmp / 'bench.sqlite3'}"
    )
    os.environ["GUANDAN_VAR_DIR"] = str(tmp)
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings_test"
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def load_event(records, size: int, rounds: int, slug: str = "bench", units: int = 50):
    """Store ``records`` (scoring.MatchRecord with pair ids 1…pairs) as a locked Swiss event."""
    from django.contrib.auth.models import User

    from tournament.models import Pair, Player, Round, Stage, Tournament, Unit
    from tournament.text.pinyin import pinyin_key

    organizer = User.objects.create_user("bench-organizer", password="x")
    tournament = Tournament.objects.create(
        name="性能测试赛", slug=slug, organizer=organizer, rounds=rounds + 1, lot_seed=7
    )
    stage = Stage.objects.create(
        tournament=tournament, order=1, name="积分编排", kind="swiss", rounds=rounds + 1
    )
    unit_rows = Unit.objects.bulk_create(
        [
            Unit(tournament=tournament, name=f"单位{i}", name_pinyin=f"danwei{i}")
            for i in range(units)
        ]
    )
    pairs = Pair.objects.bulk_create(
        [
            Pair(
                tournament=tournament,
                name=f"组合{i:05d}",
                name_pinyin=pinyin_key(f"组合{i:05d}"),
                unit=unit_rows[i % units],
                draw_number=i,
            )
            for i in range(1, size + 1)
        ]
    )
    pair_id = {i: pair.pk for i, pair in enumerate(pairs, start=1)}
    Player.objects.bulk_create(
        [
            Player(pair=t, position=p, name=f"{t.name}{p}", name_pinyin=pinyin_key(f"{t.name}{p}"))
            for t in pairs
            for p in (1, 2)
        ],
        batch_size=2000,
    )
    round_rows = {
        n: Round.objects.create(tournament=tournament, stage=stage, number=n, status=Round.LOCKED)
        for n in range(1, rounds + 1)
    }
    _store_tables(records, round_rows, pair_id)
    return tournament


def _store_tables(records, round_rows: dict, pair_id: dict) -> None:
    """One confirmed Table per record; a bye has no table number and no opponent."""
    from tournament.models import Table

    table_no: dict[int, int] = {}
    tables = []
    for r in records:
        bye = r.ns is None
        if not bye:
            table_no[r.round] = table_no.get(r.round, 0) + 1
        tables.append(
            Table(
                round=round_rows[r.round],
                number=None if bye else table_no[r.round],
                ew_id=pair_id[r.ew],
                ns_id=None if bye else pair_id[r.ns],
                state=Table.CONFIRMED,
                ew_level=r.ew_level or "",
                ns_level=r.ns_level or "",
                forfeit=r.forfeit or "",
                defeat_side=r.defeat[0] if r.defeat else "",
                defeat_reason=r.defeat[1] if r.defeat else "",
                ew_fouls=r.ew_fouls,
                ns_fouls=r.ns_fouls,
            )
        )
    Table.objects.bulk_create(tables, batch_size=5000)
