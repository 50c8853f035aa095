"""WSGI entry point for production servers (and runserver, through WSGI_APPLICATION)."""

import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()
# The URLconf, and the API's django-ninja and pydantic behind it, loaded while the server
# starts: Django imports it at the first request, which then paid 234 ms of its 376 ms
# (the first standings after a lock on a freshly started server, bench/first_standings.py).
get_resolver().url_patterns  # noqa: B018 (the property imports the modules)
