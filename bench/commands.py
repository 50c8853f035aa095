"""Benchmark: the CPU seconds and peak memory of the management commands at 5,000 pairs.

Each command runs as an organizer runs it (``manage.py``, its own process, real settings, a
fresh SQLite database in a temporary folder); its CPU (user + system) and peak RSS are the
process's own (GNU time, ``/usr/bin/time``). Measured: start-up (``pair --help``, and ``draw`` of an event
that does not exist: setup, system checks, the command's imports, one query),
``import_teams`` of a 5,000-row sheet, ``draw``, ``pair --publish`` of round 1 and
``import_results --lock`` of its 2,500-table results sheet; then round 2 published, one
serve.sh worker's RSS as it serves the public pages (pairings, searches, standings, pairs'
pages, projector). Targets: start-up < 0.8 CPU-s, ``import_teams`` < 2, the
results sheet < 2, the worker < 150 MB.

    .venv/bin/python bench/commands.py [--pairs 5000] [--xlsx] [--code PATH ...]

``--code PATH`` runs the same steps with the code of another checkout (e.g. a
``git archive`` of main), with this checkout's Python: before and after in the same run.
``--xlsx`` writes the two sheets as .xlsx instead of .csv.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.servers.web import free_port  # noqa: E402

SURNAMES = "赵钱孙李周吴郑王冯陈褚卫蒋沈韩杨朱秦尤许何吕施张孔曹严华金魏陶姜"
GIVEN = "伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超兰霞平刚桂"
UNITS = ["南京", "苏州", "无锡", "常州", "镇江", "扬州", "泰州", "南通", "合肥", "芜湖"]
SLUG = "bench"


def run(code: Path, env: dict, *args: str, stdin: str | None = None) -> tuple[str, float, float]:
    """``manage.py ARGS`` with ``code``'s manage.py: (stdout, CPU seconds, peak RSS in MB).

    The process's own figures, from GNU time (``/usr/bin/time``). A command that ends with
    a message (e.g. no such event) is measured as it is.
    """
    with tempfile.NamedTemporaryFile("r", suffix=".time") as figures:
        proc = subprocess.run(
            ["/usr/bin/time", "-f", "%U %S %M", "-o", figures.name]
            + [sys.executable, "manage.py", *args],
            cwd=code,
            env=env,
            input=stdin,
            capture_output=True,
            text=True,
        )
        user, system, kb = figures.read().split()[-3:]
    if proc.returncode != 0 and "nosuch" not in args:
        raise SystemExit(f"manage.py {' '.join(args)} failed:\n{proc.stderr}")
    return proc.stdout, float(user) + float(system), int(kb) / 1024


def write_sheet(path: Path, header: list[str], rows: list[list]) -> None:
    """A sheet as a user would send it: .csv, or .xlsx written by openpyxl."""
    if path.suffix == ".xlsx":
        from openpyxl import Workbook

        book = Workbook(write_only=True)
        sheet = book.create_sheet()
        sheet.append(header)
        for row in rows:
            sheet.append(row)
        book.save(path)
        return
    with path.open("w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(header)
        writer.writerows(rows)


def registration_rows(pairs: int, rng: random.Random) -> list[list]:
    """5,000 pairs with Chinese names, unique (a counter), ten units, a phone each."""
    rows = []
    for i in range(pairs):
        p1 = rng.choice(SURNAMES) + rng.choice(GIVEN) + rng.choice(GIVEN) + f"{i}"
        p2 = rng.choice(SURNAMES) + rng.choice(GIVEN) + f"{i}号"
        rows.append([f"第{i + 1}组合", rng.choice(UNITS) + "队", p1, p2, f"139{i:08d}"])
    return rows


def measure(code: Path, size: int, suffix: str) -> dict[str, tuple[float, float]]:
    """Every step with ``code``: {step: (CPU seconds, peak MB)}."""
    tmp = Path(tempfile.mkdtemp(prefix="guandan-commands-"))
    env = {
        **os.environ,
        "GUANDAN_VAR_DIR": str(tmp),
        "DATABASE_URL": f"sqlite:///{tmp / 'db.sqlite3'}",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    rng = random.Random(7)
    figures = {}
    try:
        run(code, env, "migrate", "-v0")  # also writes the checkout's .pyc files
        run(code, env, "add_organizer", "org", "--password-stdin", stdin="organizer-pass-2026\n")
        run(
            code,
            env,
            "create_tournament",
            SLUG,
            "--name",
            "万人赛",
            "--organizer",
            "org",
            "--public",
        )
        figures["start-up: pair --help"] = run(code, env, "pair", "--help")[1:]
        figures["start-up: draw (no such event)"] = run(code, env, "draw", "nosuch")[1:]
        pairs = tmp / f"teams{suffix}"
        write_sheet(pairs, ["队名", "单位", "选手1", "选手2", "电话"], registration_rows(size, rng))
        figures[f"import_teams, {size} rows"] = run(code, env, "import_teams", SLUG, str(pairs))[1:]
        figures["draw"] = run(code, env, "draw", SLUG, "--seed", "1")[1:]
        out, *cost = run(code, env, "pair", SLUG, "--seed", "1", "--publish", "--json")
        figures["pair --publish, round 1"] = tuple(cost)
        tables = [t for t in json.loads(out) if t.get("table") is not None]
        results = tmp / f"results{suffix}"
        rows = []
        for t in tables:
            loser = rng.choice(["2", "5", "9", "J", "K"])
            rows.append([t["table"], *(("A+", loser) if rng.random() < 0.5 else (loser, "A+"))])
        write_sheet(results, ["台号", "东西", "南北"], rows)
        step = f"import_results --lock, {len(tables)} tables"
        figures[step] = run(code, env, "import_results", SLUG, "1", str(results), "--lock")[1:]
        run(code, env, "pair", SLUG, "--seed", "1", "--publish")
        names = [row[2] for row in registration_rows(size, random.Random(7))[::250]]
        figures.update(worker_memory(code, env, names))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return figures


def worker_memory(code: Path, env: dict, names: list[str]) -> dict[str, tuple[float, float]]:
    """One worker of the checkout's own ``scripts/serve.sh`` (4 threads, as it runs each)
    serving the event's public pages: its RSS when it has started, after its first search,
    and at the end."""
    port = free_port()
    server = subprocess.Popen(
        ["bash", "scripts/serve.sh"],
        cwd=code,
        env={**env, "PORT": str(port), "WEB_WORKERS": "1", "WEB_THREADS": "4"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    figures = {}
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "/", timeout=5).read()
                break
            except OSError:
                time.sleep(0.2)
        worker = _children(server.pid)[0]
        figures["worker RSS: started, one page"] = (None, _rss(worker))
        pages = [f"/t/{SLUG}/pairings/2/?page={p}" for p in range(1, 26)]
        pages += [f"/t/{SLUG}/pairings/2/?q={urllib.parse.quote(names[0])}"]
        for url in pages:
            _fetch(base + url)
        figures["worker RSS: + pairings, first search"] = (None, _rss(worker))
        pages = [f"/t/{SLUG}/pairings/2/?q={urllib.parse.quote(n)}" for n in names[1:]]
        pages += [f"/t/{SLUG}/standings/?page={p}" for p in range(1, 11)]
        pages += [f"/t/{SLUG}/team/{pk}/" for pk in range(1, 5001, 50)]
        pages += [f"/t/{SLUG}/projector/2/", *(f"/t/{SLUG}/pairings/1/?page={p}" for p in (1, 2))]
        for url in pages:
            _fetch(base + url)
        figures["worker RSS: + standings, 100 pairs' pages"] = (None, _rss(worker))
    finally:
        server.terminate()
        server.wait(30)
    return figures


def _fetch(url: str) -> None:
    """One page; a page number past the last (a smaller event) is a 404, skipped."""
    try:
        urllib.request.urlopen(url, timeout=60).read()
    except urllib.error.HTTPError as exc:
        if exc.code != 404:
            raise


def _children(pid: int) -> list[int]:
    with open(f"/proc/{pid}/task/{pid}/children") as f:
        return [int(p) for p in f.read().split()]


def _rss(pid: int) -> float:
    with open(f"/proc/{pid}/status") as f:
        kb = next(int(line.split()[1]) for line in f if line.startswith("VmRSS"))
    return kb / 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5000)
    parser.add_argument("--xlsx", action="store_true")
    parser.add_argument("--code", type=Path, action="append", default=[])
    args = parser.parse_args(argv)
    codes = [*args.code, ROOT]
    results = {code: measure(code, args.pairs, ".xlsx" if args.xlsx else ".csv") for code in codes}
    steps = list(results[ROOT])
    width = max(len(s) for s in steps)
    print(f"{'CPU-s / peak MB':{width}}  " + "  ".join(f"{str(c)[-24:]:>24}" for c in codes))
    for step in steps:
        cells = [results[c].get(step) for c in codes]
        text = [_cell(cell) for cell in cells]
        print(f"{step:{width}}  " + "  ".join(f"{t:>24}" for t in text))
    return 0


def _cell(cell: tuple[float | None, float] | None) -> str:
    if cell is None:
        return ""
    cpu, mb = cell
    return f"{mb:6.0f} MB" if cpu is None else f"{cpu:8.2f} s {mb:6.0f} MB"


if __name__ == "__main__":
    sys.exit(main())
