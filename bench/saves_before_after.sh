#!/bin/bash
# Issue 48's saves, before and after, in one run on a quiet machine (docs/benchmarks.md,
# "Issue 48, saves on a quiet machine"): bench/public_load.py --saves-only at the hall's pace
# and five times it, on SQLite and on PostgreSQL + Redis, for two checkouts.
#
#   bash bench/saves_before_after.sh BEFORE_DIR AFTER_DIR PG_ADMIN_URL REDIS_URL
#   e.g. bash bench/saves_before_after.sh /work/wt/base48 . \
#          postgres://postgres@127.0.0.1:55432 redis://127.0.0.1:56379/1
#
# BEFORE_DIR is a worktree of the older commit with this checkout's bench/ copied in (the
# harness measures; the app under it is the checkout's own). Each PostgreSQL run gets a fresh
# database (bench_before, bench_after), dropped and made again here.
set -euo pipefail
before=$(cd "$1" && pwd); after=$(cd "$2" && pwd); pg=$3; redis=$4
for side in before after; do
  dir=$before; [ "$side" = after ] && dir=$after
  cd "$dir"
  echo "=== $side, SQLite: $(git log --oneline -1 | cut -c1-60) $(date +%T)"
  .venv/bin/python bench/public_load.py --pairs 5000 --saves-only --pause 10 2 --seconds 60
  .venv/bin/python - "$pg" "bench_$side" <<'PY'
import sys, psycopg
with psycopg.connect(sys.argv[1] + "/postgres", autocommit=True) as admin:
    admin.execute(f"DROP DATABASE IF EXISTS {sys.argv[2]} WITH (FORCE)")
    admin.execute(f"CREATE DATABASE {sys.argv[2]}")
PY
  echo "=== $side, PostgreSQL + Redis $(date +%T)"
  BENCH_DATABASE_URL="$pg/bench_$side" REDIS_URL="$redis" \
    .venv/bin/python bench/public_load.py --pairs 5000 --saves-only --pause 10 2 --seconds 60
done
