"""Benchmark: whole-event operations and command start-up, checkouts side by side.

Each figure is one child process of the checkout measured from the outside (wall, CPU
seconds, peak memory: ``bench/rig.py``), in this order for each ``--code`` checkout:

1. start-up: ``manage.py help`` (a no-op: settings and apps loaded, no command imported),
   then ``manage.py NAME --help`` for each of the app's commands (its imports, its parser;
   nothing done), best of ``--repeat``;
2. the event built with the commands, on SQLite: ``import_teams`` of ``--pairs`` rows
   (.xlsx), ``draw``, ``pair --publish`` and ``import_results --lock`` for each of
   ``--rounds`` rounds (.csv, the last one .xlsx), the next round paired;
3. the checkout's own ``bench/pair_db.py`` (``manage.py pair`` for round 9 after 8 locked
   rounds, owned by its engineer: called, not copied), with ``--random-history`` too when
   asked: its printed line, the pairing's own CPU seconds and peak memory (its
   ``call_command("pair")`` timed in its process), and the whole process's (build included).

    .venv/bin/python bench/operations.py --code /work/wt/base --code . [--pairs 5000]
        [--rounds 3] [--repeat 3] [--random-history] [--skip-build] [--skip-pair-db]

Targets (5,000 pairs, CPU seconds): ``pair`` < 1.5, after a random history < 5
and < 250 MB, ``import_teams`` < 2, a 2,500-table results sheet < 2, start-up < 0.8.
"""

from __future__ import annotations

import argparse
import atexit
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import rig, rig_event  # noqa: E402


def commands(code: Path) -> list[str]:
    """The app's own management commands, wherever the checkout keeps them."""
    found = {
        p.stem
        for p in (code / "tournament").rglob("management/commands/*.py")
        if not p.stem.startswith("_")
    }
    return sorted(found)


def best(c: rig.Checkout, args: list[str], repeat: int) -> rig.Measured:
    """The run of least CPU of ``repeat``: the figure other programs moved least."""
    return min((c.manage(*args) for _ in range(repeat)), key=lambda m: m.cpu)


def start_up(checkouts: list[rig.Checkout], repeat: int) -> None:
    print(f"\n== command start-up, best of {repeat}, CPU-s (wall s, peak MB)   target < 0.8 CPU-s")
    names = sorted(set().union(*(commands(c.code) for c in checkouts)))
    print(f"{'command':<28}" + "".join(f"{c.label:>28}" for c in checkouts))
    for name in ["help", *names]:
        cells = []
        for c in checkouts:
            if name != "help" and name not in commands(c.code):
                cells.append(f"{'-':>28}")
                continue
            m = best(c, ["help"] if name == "help" else [name, "--help"], repeat)
            cells.append(f"{m.cpu:>10.2f} ({m.wall:5.2f} s, {m.peak_mb:3.0f} MB)")
        print(f"{name if name == 'help' else name + ' --help':<28}" + "".join(cells), flush=True)


def tiny_event(checkouts: list[rig.Checkout], tmp: Path) -> None:
    """Each command's real run on a 20-pair event: its start-up with the system checks and
    the imports it makes while it works (at 20 pairs the work itself is nothing)."""
    print("\n== the same commands doing their work on a 20-pair event: start-up as it is felt")
    events = [rig_event.build_event(c, 20, 1, 1, tmp / f"tiny-{c.label}") for c in checkouts]
    print(f"{'step':<52}" + "".join(f"{c.label:>36}" for c in checkouts))
    for i, (label, _) in enumerate(events[0].figures):
        print(f"{label:<52}" + "".join(f"{str(e.figures[i][1]):>36}" for e in events))


def built(checkouts: list[rig.Checkout], pairs: int, rounds: int, tmp: Path) -> None:
    print(f"\n== the event built with the commands, {pairs} pairs, SQLite ({rig.load()})")
    events = [rig_event.build_event(c, pairs, rounds, 1, tmp / c.label) for c in checkouts]
    print(f"{'step':<52}" + "".join(f"{c.label:>36}" for c in checkouts))
    for i, (label, _) in enumerate(events[0].figures):
        row = "".join(f"{str(e.figures[i][1]):>36}" for e in events)
        print(f"{label:<52}{row}")


# Runs the checkout's bench/pair_db.py as it is, its ``call_command("pair", ...)`` timed
# in its process: CPU seconds beside wall, peak memory before and after the pairing.
TIMED_PAIR_DB = """
import resource, sys, time
sys.path.insert(0, ".")
import django.core.management as management
from bench import pair_db
real = management.call_command
def peak():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
def timed(*args, **kwargs):
    if args[:1] != ("pair",):
        return real(*args, **kwargs)
    before, cpu, wall = peak(), time.process_time(), time.perf_counter()
    out = real(*args, **kwargs)
    print(f"TIMED pair: {time.process_time() - cpu:.2f} CPU-s, {time.perf_counter() - wall:.2f} s"
          f" wall; peak memory {before:.0f} MB before it, {peak():.0f} MB after")
    return out
management.call_command = timed
sys.exit(pair_db.main(sys.argv[1:]))
"""


def pair_db(checkouts: list[rig.Checkout], pairs: int, random_history: bool) -> None:
    for extra in [[]] + ([["--random-history"]] if random_history else []):
        print(f"\n== bench/pair_db.py --pairs {pairs} {' '.join(extra)} ({rig.load()})")
        for c in checkouts:
            m = rig.measured(
                [c.python, "-c", TIMED_PAIR_DB, "--pairs", str(pairs), *extra], c.code, c.env
            )
            for line in m.out.splitlines():  # pair_db.py's own lines (and the timed call)
                if line.strip():
                    print(f"{c.label}: {line}")
            print(f"{c.label}: the whole process (build included): {m}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", action="append", type=Path, help="a checkout (repeatable)")
    parser.add_argument("--pairs", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--random-history", action="store_true")
    parser.add_argument("--skip-build", action="store_true")
    parser.add_argument("--skip-pair-db", action="store_true")
    args = parser.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="guandan-ops-"))
    atexit.register(shutil.rmtree, tmp, ignore_errors=True)
    checkouts = []
    for i, code in enumerate(args.code or [Path(".")]):
        c = rig.checkout(code, tmp / f"var{i}")
        c.label = f"{i}:{c.commit().split()[0]}"
        print(f"checkout {c.label}: {c.code} ({c.commit()})")
        checkouts.append(c)
    print(rig.load())
    start_up(checkouts, args.repeat)
    tiny = [rig.checkout(c.code, tmp / f"tiny{i}") for i, c in enumerate(checkouts)]
    for fresh, c in zip(tiny, checkouts, strict=True):
        fresh.label = c.label
    tiny_event(tiny, tmp)
    if not args.skip_build:
        built(checkouts, args.pairs, args.rounds, tmp)
    if not args.skip_pair_db:
        pair_db(checkouts, args.pairs, args.random_history)
    print(rig.load())
    return 0


if __name__ == "__main__":
    sys.exit(main())
