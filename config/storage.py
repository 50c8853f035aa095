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

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's compressed manifest storage, with plain names while there is no
    manifest (nothing collected yet)."""

    def stored_name(self, name: str) -> str:
        if not self.hashed_files:
            return name
        return super().stored_name(name)
