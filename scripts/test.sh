#!/usr/bin/env bash
# Set up and run the whole test suite (SQLite; plus PostgreSQL tests when TEST_DATABASE_URL is set).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/python manage.py makemigrations --check --dry-run -v0 --settings=config.settings_test
.venv/bin/python -m pytest -n "${PYTEST_WORKERS:-2}" "$@"
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # The app's tests again on PostgreSQL (row locks, concurrency tests marked "postgres").
  echo "== PostgreSQL: tests/app, tests/servers =="
  DATABASE_URL="$TEST_DATABASE_URL" .venv/bin/python -m pytest -n "${PYTEST_WORKERS:-2}" tests/app tests/servers "$@"
fi
