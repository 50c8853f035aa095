"""WSGI entry point for production servers (and runserver, through WSGI_APPLICATION)."""

import os
import sys

from django.conf import settings
from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

from guandan.servers import WORKER_FLAG
from guandan.wal import checkpoint_at_exit

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# On SQLite a web worker has no use for psycopg, but django-tables2 tries
# django.contrib.postgres (for a column type it does without) and that imports psycopg with
# its bundled libpq: 24 MB of every worker's memory (a worker under 150 MB). None
# in sys.modules is Python's own "not installed": the import fails and django-tables2 goes
# on without it. Only in a process started to serve (guandan/servers.py sets the flag): any
# other importer of this module (a test run, a script) keeps psycopg for what follows.
on_sqlite = settings.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"
if on_sqlite and os.environ.get(WORKER_FLAG) == "1":
    sys.modules.setdefault("psycopg", None)
    # The log folded into db.sqlite3 when the worker stops (guandan/wal.py).
    checkpoint_at_exit(settings.DATABASES["default"]["NAME"])
application = get_wsgi_application()
# The URLconf, and the API's django-ninja and pydantic behind it, loaded while the server
# starts: Django imports it at the first request, which then paid 234 ms of its 376 ms
# (the first standings after a lock on a freshly started server, bench/first_standings.py).
get_resolver().url_patterns  # noqa: B018 (the property imports the modules)
