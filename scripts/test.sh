#!/usr/bin/env bash
# Set up and run the whole test suite (SQLite; plus PostgreSQL tests when TEST_DATABASE_URL is set).
#
#   scripts/test.sh            the full run, as CI makes it (README's test command)
#   scripts/test.sh --fast     a developer's run: no set-up, no browser, no servers, no slow
#                              tests, SQLite only, on two workers (docs/development.md)
# Arguments after these go to pytest (scripts/test.sh --fast -k standings).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--fast" ]; then
  shift
  .venv/bin/ruff check --quiet .
  # tests/browser drive Chromium and tests/servers start real servers: minutes, not seconds.
  # The tests marked slow are skipped unless RUN_SLOW=1 (tests/conftest.py).
  # Compiled modules and pytest's rewritten tests are kept between runs, as in the full run:
  # with PYTHONDONTWRITEBYTECODE each worker rewrote every test module (about 4 CPU-s) and
  # each process a test starts compiled the app again.
  exec env -u RUN_SLOW -u PYTHONDONTWRITEBYTECODE .venv/bin/python -m pytest -n "${PYTEST_WORKERS:-2}" --dist worksteal \
    --ignore=tests/browser --ignore=tests/servers -m "not browser and not postgres" "$@"
fi
bash scripts/setup.sh
.venv/bin/ruff check .
.venv/bin/ruff format --check .
# The import layers of .importlinter (no package cycle among tournament.*; tests/test_layers.py).
.venv/bin/lint-imports --no-cache
# The models and their migrations agree: tests/app/test_db_setup.py (in the suite's process).
# Python may keep compiled modules (and pytest its rewritten tests) between the runs below
# and the servers the tests start: each would otherwise compile the project again.
unset PYTHONDONTWRITEBYTECODE
# The PostgreSQL pass (when TEST_DATABASE_URL is set) runs beside the SQLite pass, not after
# it: both are bound by CPU, and one machine's two cores are kept busy to the end instead of
# idling through each pass's start and last tests (measured: 72 s against 77 s one after the
# other). Its output is kept in a file and shown after the SQLite pass's.
pg_pid=""
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  pg_log=$(mktemp /tmp/guandan-pg-pass.XXXXXX)
  # On PostgreSQL, what SQLite cannot prove: the tests marked "postgres" (concurrent saves,
  # a killed worker, two servers) and those marked "both_databases" (each service's row
  # locks, the database constraints and ranges, the migration), also run on SQLite.
  # One process (-n 0: no worker to start and no second collection); its concurrency tests
  # start their own processes and threads.
  DATABASE_URL="$TEST_DATABASE_URL" .venv/bin/python -m pytest -n "${PG_WORKERS:-0}" \
    -m "postgres or both_databases" tests/app tests/servers "$@" >"$pg_log" 2>&1 &
  pg_pid=$!
  # Interrupted (Ctrl-C), the PostgreSQL pass stops too.
fi
# A second Python (PYTHON_ALSO=/path/to/python3.N: .ci/run sets the newest the machine has,
# 3.13 on the development machine): its own venv
# (.venv-also, the same locked requirements through uv) runs what can differ between the two
# versions, at the everyday number of examples (RUN_SLOW unset): the pure packages whole, the
# import of every module, the migrations, a round through the test client, and the app's
# tests of the code that leans on the standard library or on compiled wheels (zipfile, zlib,
# csv, xml, sqlite3's backup, unicodedata, ipaddress, zoneinfo, argparse; Pillow, reportlab,
# pypdf, openpyxl). The rest of the app is the same Python on both and runs on 3.11 only;
# docs/development.md ("How to test") says why that is safe. The installed wheel is served on
# each Python the machine has by tests/servers/test_package.py.
ALSO_TESTS=(
  tests/rules tests/scoring tests/pairing
  tests/app/test_imports.py tests/app/test_db_setup.py tests/app/results/test_round_through_the_web.py
  tests/app/archive/test_archive_stream.py tests/app/archive/test_archive_checks.py
  tests/app/backups/test_backup_page.py tests/app/core/test_upload_limits.py tests/app/spreadsheets
  tests/app/registration/test_pair_import.py tests/app/core/test_names.py
  tests/app/core/test_login_security.py tests/app/results/test_scoresheet_photos.py
  tests/app/printing/test_pdfs.py tests/app/printing/test_parts.py tests/app/printing/test_tabular.py
  tests/app/test_guandan_command.py tests/app/test_env_settings.py
)
also_pid=""
if [ -n "${PYTHON_ALSO:-}" ]; then
  also_log=$(mktemp /tmp/guandan-also-pass.XXXXXX)
  # Its venv is made and filled in the background too: the SQLite pass does not wait for it.
  (
    # Made again when the second Python changed (a newer one installed since).
    [ "$(.venv-also/bin/python -V 2>/dev/null)" = "$("$PYTHON_ALSO" -V)" ] ||
      .venv/bin/uv venv --quiet --clear --python "$PYTHON_ALSO" .venv-also
    .venv/bin/uv pip install --quiet --python .venv-also/bin/python -r requirements.txt
    exec env -u RUN_SLOW .venv-also/bin/python -m pytest -n 0 -p no:randomly "${ALSO_TESTS[@]}"
  ) >"$also_log" 2>&1 &
  also_pid=$!
fi
# Interrupted (Ctrl-C), the passes in the background stop too.
trap 'kill $pg_pid $also_pid 2>/dev/null || true' INT TERM
# Three workers on two cores: the browser tests wait on Chromium about half of their time,
# and the third worker's tests use that CPU.
echo "== SQLite: the whole suite =="
sqlite_status=0
.venv/bin/python -m pytest -n "${PYTEST_WORKERS:-3}" --dist worksteal "$@" || sqlite_status=$?
pg_status=0
if [ -n "$pg_pid" ]; then
  wait "$pg_pid" || pg_status=$?
  echo "== PostgreSQL: tests marked postgres or both_databases =="
  cat "$pg_log"
  rm -f "$pg_log"
fi
also_status=0
if [ -n "$also_pid" ]; then
  wait "$also_pid" || also_status=$?
  echo "== $("$PYTHON_ALSO" -V): the pure packages and what of the app can differ =="
  cat "$also_log"
  rm -f "$also_log"
fi
if [ "$sqlite_status" -ne 0 ] || [ "$pg_status" -ne 0 ] || [ "$also_status" -ne 0 ]; then
  echo "FAILED: SQLite pass exit $sqlite_status, PostgreSQL pass exit $pg_status," \
    "${PYTHON_ALSO:-no second Python} pass exit $also_status" >&2
  exit 1
fi
