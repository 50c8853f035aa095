"""The static files' storage: compressed, and under hashed names once collected.

``manage.py collectstatic`` (run by scripts/setup.sh) writes every file of static/ to
STATIC_ROOT twice, as ``app.css`` and as ``app.3f1c9a2b.css`` (the hash of its content),
each with a gzip copy (and brotli when installed), and the manifest ``staticfiles.json``
mapping one to the other. Pages then link the hashed names, which WhiteNoise serves with
``Cache-Control: max-age=315360000, public, immutable``: a phone asks for app.css once, not
every minute; a changed file gets a new name, so nobody keeps an old copy.

Before the first collectstatic (a fresh checkout, the test suite) there is no manifest:
pages link the plain names and WhiteNoise serves the source folders (``max-age=60``), as
before. A manifest that misses a file (static/ changed since the last collectstatic) is
the one error left: run scripts/setup.sh again.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles.finders import BaseFinder
from django.core.files.storage import FileSystemStorage
from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's compressed manifest storage, with plain names while there is no
    manifest (nothing collected yet)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._urls: dict[tuple[str, bool, str], str] = {}

    def stored_name(self, name: str) -> str:
        if not self.hashed_files:
            return name
        return super().stored_name(name)

    def url(self, name, force=False):
        """The file's URL, remembered while the manifest is the same (a collectstatic in
        this process makes a new one): every page links the same few files, 12 µs each."""
        if force:
            return super().url(name, force)
        # Under DEBUG the manifest storage links plain names.
        key = (name, settings.DEBUG, self.manifest_hash)
        if key not in self._urls:
            self._urls[key] = super().url(name)
        return self._urls[key]


class SwaggerFinder(BaseFinder):
    """django-ninja's own copy of Swagger UI, for the read API's docs page (/api/v1/docs,
    templates/public/api_docs.html) as ``ninja/…``: the bundle and the stylesheet with its
    source map (the stylesheet names it; the manifest storage needs it), not the rest of
    ninja's static folder (ReDoc, 5 MB more of maps), and ninja need not be an installed app.
    Served from the app's own static files, never from a CDN."""

    FILES = ("swagger-ui-bundle.js", "swagger-ui.css", "swagger-ui.css.map")
    PREFIX = "ninja"

    def __init__(self, *args, **kwargs):
        # Found, not imported: the system checks of every command build the finders.
        package = Path(importlib.util.find_spec("ninja").origin).parent
        self.storage = FileSystemStorage(location=package / "static" / "ninja")
        self.storage.prefix = self.PREFIX
        super().__init__(*args, **kwargs)

    def find(self, path, find_all=False, **kwargs):
        prefix, _, name = path.partition("/")
        if prefix != self.PREFIX or name not in self.FILES:
            return [] if find_all else None
        found = self.storage.path(name)
        return [found] if find_all else found

    def list(self, ignore_patterns):
        for name in self.FILES:
            yield name, self.storage
