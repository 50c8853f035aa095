#!/usr/bin/env bash
# Serve the app for real, as `guandan serve` does (guandan/servers.py): granian, one worker
# process per core (at least two) of four threads each, whitenoise for the static files.
# HOST, PORT, WEB_WORKERS, WEB_THREADS, ACCESS_LOG and GUANDAN_SERVER set where and how
# (docs/configuration.md); options after the script's name are guandan serve's
# (`bash scripts/serve.sh --help`). It serves an existing database and does not migrate it
# (several servers may start at once): scripts/demo.sh migrates, and so does
# `.venv/bin/python manage.py migrate` after an upgrade. `manage.py runserver` is for
# development only.
set -euo pipefail
cd "$(dirname "$0")/.."
exec .venv/bin/python -m guandan serve --no-migrate "$@"
