"""Benchmark: an archive's import against its export, with the importer's times put back
before (Django's ``bulk_update``) and after (one UPDATE per row, ``executemany``), interleaved.

Builds bench/archive.py's event (``--pairs`` × 10 rounds, two audit lines a table), exports
it, then imports it four times in this process (before, after, before, after) and prints
each step's CPU seconds. The person links of the registration rows are left out of the
archive here: main's export refuses them (no archive part carries the people yet).

    .venv/bin/python bench/archive_import.py [--pairs 5000]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.django_event import setup_django  # noqa: E402


def bulk_update_times(model, objs: list, rows: list[dict]) -> None:
    """The importer's step as it was: Django's bulk_update (a CASE of every row)."""
    from tournament.archive import rows as archive_rows
    from tournament.archive.write import data_fields

    auto = [
        f
        for f in data_fields(model)
        if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)
    ]
    if not auto or not objs:
        return
    for obj, row in zip(objs, rows, strict=True):
        for f in auto:
            if row.get(f.name):
                setattr(obj, f.attname, f.to_python(row[f.name]))
    model.objects.bulk_update(objs, [f.name for f in auto], batch_size=archive_rows.BATCH)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5000)
    args = parser.parse_args(argv)
    setup_django()
    from django.core.management import call_command

    from bench.archive import build
    from tournament.archive import importer, rows, write

    every = write.data_fields
    write.data_fields = rows.data_fields = lambda m: [f for f in every(m) if f.name != "person"]
    build(args.pairs, 10)
    path = Path(os.environ.get("GUANDAN_VAR_DIR", ".")) / "bench-archive.json.gz"
    start = time.process_time()
    call_command("export", "bench", "archive", "-o", str(path))
    print(f"{args.pairs} pairs x 10 rounds: export {time.process_time() - start:.1f} CPU-s")
    steps = [("before (bulk_update)", bulk_update_times), ("after", rows.restore_auto_times)]
    for i, (label, step) in enumerate(steps * 2):
        importer.restore_auto_times = step
        start = time.process_time()
        with open(os.devnull, "w") as quiet:
            call_command(
                "import_archive", str(path), "--slug", f"copy{i}", "--map-users", stdout=quiet
            )
        print(f"  import {label}: {time.process_time() - start:.1f} CPU-s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
