"""Benchmark: a save cycle's CPU instructions, counted by valgrind (callgrind), per checkout.

On a shared machine a save's CPU time moves by 15 % from one run to the next (other
virtual machines, caches), more than most changes to the save path make. The number of
instructions the processor runs does not: two runs of the same checkout agree to 0.02 %.
This runs bench/save_cycle.py of each checkout given (default: this one) under callgrind,
counting only the timed cycles (the event's build and the warm-up are not counted), and
prints the instructions per cycle: the form, its post, round control and one poll of it.

    .venv/bin/python bench/save_instructions.py [--pairs 500] [--saves 30] [CHECKOUT ...]

e.g. a worktree of the commit before a change, then this checkout:

    git worktree add /tmp/before HEAD~3
    .venv/bin/python bench/save_instructions.py /tmp/before .

Instructions are not time: a cache miss costs more than an addition. They show whether a
change makes the app do less, which time alone cannot show here; the served figures
(bench/public_load.py) say what a hall gets. Needs valgrind (Debian: ``valgrind``); about
a minute per checkout at 500 pairs and 30 cycles (Python runs ~50 times slower under it).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path


class _Counting:
    """Stands in for ``cProfile.Profile`` in save_cycle.py: its ``--profile`` brackets
    exactly the timed cycles, where this turns callgrind's counting on and off."""

    def __init__(self, *args, **kwargs) -> None:
        pass

    def _switch(self, state: str) -> None:
        command = ["callgrind_control", "--instr=" + state, str(os.getpid())]
        subprocess.run(command, check=True, capture_output=True)

    def enable(self) -> None:
        self._switch("on")

    def disable(self) -> None:
        self._switch("off")

    def dump_stats(self, path) -> None:
        pass


def inner(argv: list[str]) -> int:
    """Under valgrind, in the checkout measured (the working directory)."""
    import cProfile

    sys.path.insert(0, os.getcwd())
    cProfile.Profile = _Counting
    from bench import save_cycle

    return save_cycle.main([*argv, "--profile", os.devnull])


def count(checkout: Path, pairs: int, saves: int) -> int:
    """The instructions of ``saves`` timed cycles of ``checkout``'s save_cycle.py."""
    with tempfile.TemporaryDirectory() as folder:
        command = [
            "valgrind",
            "--tool=callgrind",
            "--instr-atstart=no",
            f"--callgrind-out-file={folder}/out",
            sys.executable,
            str(Path(__file__).resolve()),
            "--inner",
            "--pairs",
            str(pairs),
            "--saves",
            str(saves),
        ]
        env = {**os.environ, "PYTHONHASHSEED": "0"}  # the same dict orders each run
        run = subprocess.run(command, cwd=checkout, env=env, capture_output=True, text=True)
        found = re.search(r"Collected : (\d+)", run.stderr)
        if run.returncode or not found:
            raise SystemExit(f"{checkout}: valgrind failed\n{run.stdout}\n{run.stderr[-2000:]}")
        return int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--inner"]:
        return inner(argv[1:])
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkouts", nargs="*", type=Path, default=[Path(".")])
    parser.add_argument("--pairs", type=int, default=500)
    parser.add_argument("--saves", type=int, default=30)
    args = parser.parse_args(argv)
    print(f"save cycles (form, post, round control, poll), {args.pairs} pairs, SQLite")
    first = None
    for checkout in args.checkouts:
        commit = subprocess.run(
            ["git", "log", "--oneline", "-1"], cwd=checkout, capture_output=True, text=True
        ).stdout.strip()[:60]
        per_cycle = count(checkout.resolve(), args.pairs, args.saves) / args.saves
        first = first or per_cycle
        change = f"  {100 * (per_cycle / first - 1):+.1f} %" if per_cycle != first else ""
        print(f"  {per_cycle / 1e6:7.2f} M instructions a cycle{change}   {commit}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
