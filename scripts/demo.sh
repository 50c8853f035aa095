#!/usr/bin/env bash
# Set up, migrate a SQLite database, load the demo tournament and serve it with gunicorn
# (scripts/serve.sh) at http://$HOST:$PORT (default 127.0.0.1:8000).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/python manage.py migrate --noinput -v0
.venv/bin/python manage.py load_demo
OPEN_PATH=/t/demo/ exec bash scripts/serve.sh
