"""collectstatic still works with whitenoise's compressed storage, and the collected
copies are served gzip-compressed to browsers that accept it (STATIC_COLLECTED=1)."""

from __future__ import annotations

from django.core.management import call_command
from django.test import Client, override_settings


def test_collected_static_files_are_served_compressed(tmp_path):
    with override_settings(STATIC_ROOT=tmp_path, WHITENOISE_USE_FINDERS=False):
        call_command("collectstatic", interactive=False, verbosity=0)
        assert (tmp_path / "css" / "app.css.gz").exists()
        response = Client().get("/static/css/app.css", HTTP_ACCEPT_ENCODING="gzip")
    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
