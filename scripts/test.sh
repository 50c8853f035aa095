#!/usr/bin/env bash
# Set up and run the whole test suite (SQLite; plus PostgreSQL tests when TEST_DATABASE_URL is set).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/python manage.py makemigrations --check --dry-run -v0 --settings=config.settings_test
# Python may keep compiled modules (and pytest its rewritten tests) between the runs below
# and the servers the tests start: each would otherwise compile the project again.
unset PYTHONDONTWRITEBYTECODE
# Three workers on two cores: the browser tests wait on Chromium about half of their time,
# and the third worker's tests use that CPU (measured: 84 s against 86 s with two).
.venv/bin/python -m pytest -n "${PYTEST_WORKERS:-3}" --dist worksteal "$@"
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # On PostgreSQL, what SQLite cannot prove: the tests marked "postgres" (concurrent saves,
  # a killed worker, two servers) and those marked "both_databases" (each service's row
  # locks, the database constraints and ranges, the migration), already run above on SQLite.
  echo "== PostgreSQL: tests marked postgres or both_databases =="
  DATABASE_URL="$TEST_DATABASE_URL" .venv/bin/python -m pytest -n "${PG_WORKERS:-2}" --dist worksteal \
    -m "postgres or both_databases" tests/app tests/exports tests/servers "$@"
fi
