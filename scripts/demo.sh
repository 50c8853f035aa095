#!/usr/bin/env bash
# Set up, migrate a SQLite database, load the demo tournament and serve http://127.0.0.1:8000
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/python manage.py migrate --noinput -v0
.venv/bin/python manage.py load_demo
echo "打开 / open http://127.0.0.1:8000/t/demo/"
exec .venv/bin/python manage.py runserver "${HOST:-127.0.0.1}:${PORT:-8000}"
