"""The benchmarks' event, built with the measured checkout's own commands (bench/rig.py)."""

from __future__ import annotations

import csv
import json
import random
from dataclasses import dataclass
from pathlib import Path

from bench.rig import PASSWORD, SLUG, Checkout, Measured

SURNAMES = "赵钱孙李周吴郑王冯陈褚卫蒋沈韩杨朱秦尤许何吕施张孔曹严华金魏陶姜"
GIVEN = "伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超兰霞平刚桂"
UNITS = [f"{c}队" for c in "南京苏州无锡常州镇江扬州泰州南通合肥芜湖"]

# --- the event, built with the checkout's own commands --------------------------------------


def pair_sheet(path: Path, pairs: int, seed: int = 7) -> list[str]:
    """A registration workbook of ``pairs`` rows (.xlsx, as organizers send them); returns
    the first player's names (unique: a counter follows the Chinese name)."""
    from openpyxl import Workbook

    rng = random.Random(seed)
    book = Workbook(write_only=True)
    sheet = book.create_sheet()
    sheet.append(["队名", "单位", "选手1", "选手2"])
    names = []
    for i in range(pairs):
        p1 = rng.choice(SURNAMES) + rng.choice(GIVEN) + rng.choice(GIVEN) + f"{i}"
        p2 = rng.choice(SURNAMES) + rng.choice(GIVEN) + f"{i}号"
        sheet.append([f"第{i + 1}组合", rng.choice(UNITS), p1, p2])
        names.append(p1)
    book.save(path)
    return names


def results_sheet(path: Path, tables: list[int], seed: int) -> None:
    """The clerk's results of every table (A+ against a random level), .csv or .xlsx."""
    rng = random.Random(seed)
    rows = [["台号", "东西", "南北"]]
    for table in tables:
        loser = rng.choice(["2", "5", "9", "J", "K"])
        rows.append([table, *(("A+", loser) if rng.random() < 0.5 else (loser, "A+"))])
    if path.suffix == ".csv":
        with path.open("w", encoding="utf-8", newline="") as f:
            csv.writer(f).writerows(rows)
        return
    from openpyxl import Workbook

    book = Workbook(write_only=True)
    sheet = book.create_sheet()
    for row in rows:
        sheet.append(row)
    book.save(path)


STAFF = """
from django.apps import apps
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import User
Staff = apps.get_model("tournament", "Staff")
Tournament = apps.get_model("tournament", "Tournament")
t = Tournament.objects.get(slug={slug!r})
encoded = make_password({password!r})
users = User.objects.bulk_create(
    [User(username=f"ref{{i:02d}}", password=encoded) for i in range({n})])
Staff.objects.bulk_create([Staff(tournament=t, user=u, role=Staff.REFEREE) for u in users])
"""


@dataclass
class Event:
    """What the benchmarks need to know of the built event."""

    slug: str
    round: int  # the published round, not yet played
    tables: list[int]
    names: list[str]
    figures: list[tuple[str, Measured]]


def build_event(c: Checkout, pairs: int, rounds: int, referees: int, tmp: Path) -> Event:
    """Build the event as an organizer would, with the checkout's commands, each measured:
    ``rounds`` rounds paired, published, their results imported and locked, the next round
    paired and published; ``referees`` referee accounts (one ``shell`` command: fifty
    ``add_staff`` would cost fifty start-ups)."""
    figures: list[tuple[str, Measured]] = []

    def step(label: str, *args: str, stdin: str | None = None) -> Measured:
        m = c.manage(*args, stdin=stdin)
        figures.append((label, m))
        return m

    tmp.mkdir(parents=True, exist_ok=True)
    step("migrate", "migrate", "-v0")
    step("add_organizer", "add_organizer", "org", "--password-stdin", stdin="organizer-pass-2026\n")
    step(
        "create_tournament",
        *("create_tournament", SLUG, "--name", "万人掼蛋赛", "--rounds", str(rounds + 2)),
        *("--organizer", "org", "--public"),
    )
    names = pair_sheet(tmp / "teams.xlsx", pairs)
    step(f"import_teams ({pairs} rows, .xlsx)", "import_teams", SLUG, str(tmp / "teams.xlsx"))
    step("draw", "draw", SLUG, "--seed", "1")
    tables: list[int] = []
    for number in range(1, rounds + 2):
        made = step(f"pair round {number}", "pair", SLUG, "--seed", "1", "--publish", "--json")
        tables = [t["table"] for t in json.loads(made.out) if t.get("table") is not None]
        if number > rounds:
            break
        sheet = tmp / f"results{number}.{'xlsx' if number == rounds else 'csv'}"
        results_sheet(sheet, tables, number)
        step(
            f"import_results round {number} ({len(tables)} tables, {sheet.suffix}) --lock",
            *("import_results", SLUG, str(number), str(sheet), "--lock"),
        )
    script = STAFF.format(slug=SLUG, password=PASSWORD, n=referees)
    step(f"{referees} referee accounts (shell)", "shell", "-c", script)
    return Event(SLUG, rounds + 1, tables, names, figures)
