#!/usr/bin/env bash
# Serve the app for real: gunicorn (threaded workers) with whitenoise for the
# static files. HOST, PORT, WEB_WORKERS and WEB_THREADS set where and how; the address printed
# is the one gunicorn is told to listen on. One worker process per core (at least two), four
# threads each: a thread waiting for the SQLite write lock releases the interpreter to the
# others, and every extra process is one more copy of the caches to fill after each change
# (bench/public_load.py: 2 x 4 answered twice the requests of 4 x 4, with a shorter tail).
# A request may run 180 s: the longest, a clerk's results sheet of 2,500 tables, is checked
# and saved in one transaction (2 s on SQLite, 3 s on PostgreSQL here, bench/chief_actions.py),
# but a slow laptop or disk must not cut it off half way. `manage.py runserver` is for
# development only.
set -euo pipefail
cd "$(dirname "$0")/.."
HOST=${HOST:-127.0.0.1}
PORT=${PORT:-8000}
CORES=$(nproc 2>/dev/null || echo 1)
WORKERS=${WEB_WORKERS:-$((CORES > 2 ? CORES : 2))}
THREADS=${WEB_THREADS:-4}
OPEN_PATH=${OPEN_PATH:-/}
if [ "$HOST" = "0.0.0.0" ]; then
  for ip in $(hostname -I 2>/dev/null || true); do
    case "$ip" in *:*) ;; *) echo "打开 / open http://$ip:$PORT$OPEN_PATH" ;; esac
  done
else
  echo "打开 / open http://$HOST:$PORT$OPEN_PATH"
fi
echo "($WORKERS 个进程 × $THREADS 个线程 / workers × threads; Ctrl-C 停止 / to stop)"
# No access log unless ACCESS_LOG=1: at a venue it is thousands of lines a minute on the
# organizer's terminal, and writing it costs each request. A worker is renewed only after
# 100,000 requests: a new one starts with empty caches (search index, pages).
# Two malloc arenas for the worker's threads instead of glibc's 8 per core: each arena keeps
# the memory its threads freed (tournament/core/memory.py hands it back when idle).
export MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2}
LOG_ARGS=()
if [ "${ACCESS_LOG:-0}" = "1" ]; then LOG_ARGS=(--access-logfile -); fi
exec .venv/bin/gunicorn config.wsgi:application \
  --bind "$HOST:$PORT" --workers "$WORKERS" --threads "$THREADS" \
  --worker-class gthread --timeout 180 --graceful-timeout 20 --max-requests 100000 \
  --max-requests-jitter 10000 "${LOG_ARGS[@]}" --log-level warning
