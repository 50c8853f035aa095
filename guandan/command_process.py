"""How a management command runs as its own process: ``manage.py NAME`` and ``guandan NAME``.

Both entry points call :func:`execute`, so that a command costs the same however it is typed.
This is the process (garbage collector, database connections, a closed pipe); what the
organizer types, and the ``guandan`` command's own ``demo`` and ``serve``, are
:mod:`guandan.guandan_command`.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable

#: Collect garbage less often: start-up builds hundreds of thousands of objects that live
#: until the process ends, and a command's own work (``pair`` at 5,000 pairs: 20,000 records
#: and their tallies) many more that mostly die by reference count. CPython's default
#: (700, 10, 10) ran some 650 collections in ``pair``, 0.25 of its CPU-s (start-up frozen,
#: tournament/management/commands/_base.py); these thresholds: about 10, 0.07 CPU-s. The test
#: processes use them too (tests/conftest.py).
GC_THRESHOLDS = (50_000, 20, 50)


def execute(argv: list[str], before: Callable[[], None] | None = None) -> None:
    """Run the management command named in ``argv`` (``argv[0]`` is the program's name);
    ``before``, when given, runs first, once Django is set up (``guandan``: the migrate of a
    fresh data folder, guandan/startup.py).

    Whatever way the command ends (done, an error, ``sys.exit``), every object left is frozen
    before the interpreter shuts down: shutting down runs full collections that walked them
    all again, about 0.25 CPU-s of ``manage.py help``'s 0.8 (start-up < 0.8). The
    objects are still freed by reference count and the exit handlers still run; only cycles
    are left to the operating system, which takes the process's memory back in one piece.
    The database connections are closed first, not left to those collections.
    """
    gc.set_threshold(*GC_THRESHOLDS)
    from django.core.management import execute_from_command_line

    try:
        if before is not None and _setup_for(argv):
            before()
        execute_from_command_line(argv)
        sys.stdout.flush()  # here, not at shutdown, where a closed pipe is only reported
    except BrokenPipeError:
        _reader_gone()
    finally:
        _close_databases()
        gc.freeze()


def _reader_gone() -> None:
    """The output's reader stopped reading (``guandan standings | head``): stop quietly, as
    a Unix tool does on SIGPIPE, not with a traceback. What is still buffered
    goes nowhere: standard output is pointed at the null device, so that the interpreter's
    last flush does not fail again."""
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, sys.stdout.fileno())
    os.close(null)
    raise SystemExit(141)  # 128 + SIGPIPE, what a shell reports for a killed writer


def _setup_for(argv: list[str]) -> bool:
    """Django set up as ``execute_from_command_line`` sets it up (``--settings`` and
    ``--pythonpath`` read the same way); False when the settings cannot be loaded, which
    that function then reports as it always has."""
    import django
    from django.core.management.base import CommandParser, handle_default_options

    parser = CommandParser(add_help=False, allow_abbrev=False)
    parser.add_argument("--settings")
    parser.add_argument("--pythonpath")
    options, _ = parser.parse_known_args(argv[2:])
    handle_default_options(options)
    try:
        django.setup()
    except Exception:  # reported by execute_from_command_line below, as always
        return False
    return True


def _close_databases() -> None:
    """Close this thread's database connections, as Django closes them after a request.

    Left open, an SQLite connection was closed by the shutdown collections, which the freeze
    now skips: its write-ahead log (``db.sqlite3-wal``) stayed beside the database, holding
    committed changes that a copy of ``db.sqlite3`` alone would miss.
    """
    from django.conf import settings

    if settings.configured:  # not when the command never read its settings
        from django.db import connections

        connections.close_all()
