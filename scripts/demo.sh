#!/usr/bin/env bash
# Set up, migrate a SQLite database, load the demo tournament and serve it as
# scripts/serve.sh does, at http://$HOST:$PORT (default 127.0.0.1:8000).
set -euo pipefail
cd "$(dirname "$0")/.."
echo "demo: preparing the environment (scripts/setup.sh), then the demo event" >&2
bash scripts/setup.sh
exec .venv/bin/python -m guandan demo "$@"
