"""Benchmark: one step of building a large event, checkouts side by side on the same database.

``bench/capacity.py`` and ``bench/operations.py`` build a whole event with each checkout's
commands, so each step runs on that checkout's own database, once. Here the event is built
once (with the first ``--code`` checkout's commands) and saved before each measured step;
every run of a step starts from a fresh copy of that snapshot, the checkouts taking turns
(run 1 of each, then run 2, …) so that both see the same load. Printed: CPU seconds (user +
system, start-up included) and peak memory, best of ``--repeat``.

    .venv/bin/python bench/command_steps.py --code /work/wt/base --code . [--pairs 5000]
        [--repeat 3] [--steps pair,teams,csv,xlsx] [--keep DIR]

Steps (targets at 5,000 pairs): ``teams`` ``import_teams`` of the registration sheet
(.xlsx, < 2 CPU-s); ``pair`` ``pair --publish`` of round 2 (< 1.5); ``csv`` and ``xlsx``
``import_results --lock`` of round 2's 2,500 tables (< 2).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import rig, rig_event  # noqa: E402
from bench.rig import SLUG  # noqa: E402


def build(code: Path, pairs: int, root: Path) -> None:
    """Snapshots ``s0`` (event, no pairs), ``s1`` (round 1 locked), ``s2`` (round 2 published),
    and the sheets the steps read."""
    var = root / "work"
    c = rig.checkout(code, var)
    c.manage("migrate", "-v0")
    c.manage("add_organizer", "org", "--password-stdin", stdin="organizer-pass-2026\n")
    c.manage(
        "create_tournament",
        SLUG,
        "--name",
        "万人掼蛋赛",
        "--rounds",
        "5",
        "--organizer",
        "org",
        "--public",
    )
    rig_event.pair_sheet(root / "teams.xlsx", pairs)
    shutil.copytree(var, root / "s0")
    c.manage("import_teams", SLUG, str(root / "teams.xlsx"))
    c.manage("draw", SLUG, "--seed", "1")
    for number in (1, 2):
        if number == 2:
            shutil.copytree(var, root / "s1")
        made = c.manage("pair", SLUG, "--seed", "1", "--publish", "--json")
        tables = [t["table"] for t in json.loads(made.out) if t.get("table") is not None]
        for suffix in (".csv", ".xlsx"):
            rig_event.results_sheet(root / f"r{number}{suffix}", tables, number)
        if number == 1:
            c.manage("import_results", SLUG, "1", str(root / "r1.csv"), "--lock")
    shutil.copytree(var, root / "s2")


def steps(root: Path) -> dict[str, tuple[str, list[str]]]:
    """Each step: the snapshot it starts from and its command."""
    sheet = ["import_results", SLUG, "2"]
    return {
        "teams": ("s0", ["import_teams", SLUG, str(root / "teams.xlsx")]),
        "pair": ("s1", ["pair", SLUG, "--seed", "1", "--publish", "--json"]),
        "csv": ("s2", [*sheet, str(root / "r2.csv"), "--lock"]),
        "xlsx": ("s2", [*sheet, str(root / "r2.xlsx"), "--lock"]),
    }


def measure(codes: list[Path], root: Path, step: str, repeat: int) -> None:
    snapshot, command = steps(root)[step]
    print(f"\n== {step}: {' '.join(command)} ({rig.load()})")
    runs: dict[Path, list[rig.Measured]] = {code: [] for code in codes}
    for _ in range(repeat):
        for code in codes:  # in turns: both checkouts see the same load
            var = root / f"run-{code.name}"
            shutil.rmtree(var, ignore_errors=True)
            shutil.copytree(root / snapshot, var)
            runs[code].append(rig.checkout(code, var).manage(*command))
    for code, measured in runs.items():
        best = min(measured, key=lambda m: m.cpu)
        each = ", ".join(f"{m.cpu:.2f}" for m in measured)
        print(f"{str(code):<32} best {best.cpu:.2f} CPU-s, {best.peak_mb:.0f} MB ({each})")
    print(f"(load at the end: {rig.load()})", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", action="append", type=Path, required=True)
    parser.add_argument("--pairs", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--steps", default="pair,teams,csv,xlsx")
    parser.add_argument("--keep", type=Path, help="build here once, reuse on the next run")
    args = parser.parse_args(argv)
    codes = [code.resolve() for code in args.code]
    root = args.keep or Path(tempfile.mkdtemp(prefix="command-steps-"))
    if not (root / "s2").exists():
        root.mkdir(parents=True, exist_ok=True)
        build(codes[0], args.pairs, root)
    for step in args.steps.split(","):
        measure(codes, root, step, args.repeat)
    if args.keep is None:
        shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
