"""collectstatic still works with whitenoise's compressed storage, and the collected
copies are served gzip-compressed to browsers that accept it (STATIC_COLLECTED=1), under
hashed names cached for good."""

from __future__ import annotations

import json

from django.core.management import call_command
from django.templatetags.static import static
from django.test import Client, override_settings
from django.urls import reverse


def test_collected_static_files_are_served_compressed(tmp_path):
    with override_settings(STATIC_ROOT=tmp_path, WHITENOISE_USE_FINDERS=False):
        call_command("collectstatic", interactive=False, verbosity=0)
        assert (tmp_path / "css" / "app.css.gz").exists()
        response = Client().get("/static/css/app.css", HTTP_ACCEPT_ENCODING="gzip")
    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"


MANIFEST_STORAGE = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "config.storage.StaticStorage"},
}


def test_collected_files_have_hashed_names_cached_for_good(tmp_path):
    """The settings' storage (config.storage): collectstatic writes hashed, compressed
    copies and the manifest; pages link the hashed names, served with a ten-year, immutable
    Cache-Control (before: app.css with max-age=60, asked for again every minute)."""
    with override_settings(
        STATIC_ROOT=tmp_path, STORAGES=MANIFEST_STORAGE, WHITENOISE_USE_FINDERS=False
    ):
        call_command("collectstatic", interactive=False, verbosity=0)
        hashed = json.loads((tmp_path / "staticfiles.json").read_text())["paths"]["css/app.css"]
        assert hashed != "css/app.css" and (tmp_path / f"{hashed}.gz").exists()
        page = Client().get(reverse("login")).content.decode()
        assert f'href="/static/{hashed}"' in page
        response = Client().get(f"/static/{hashed}", HTTP_ACCEPT_ENCODING="gzip")
    assert response.status_code == 200 and response["Content-Encoding"] == "gzip"
    assert response["Cache-Control"] == "max-age=315360000, public, immutable"


def test_before_collectstatic_pages_link_the_plain_names(tmp_path):
    with override_settings(STATIC_ROOT=tmp_path, STORAGES=MANIFEST_STORAGE):
        assert static("css/app.css") == "/static/css/app.css"
        response = Client().get("/static/css/app.css")
    assert response.status_code == 200


def test_a_remembered_static_url_follows_a_new_manifest_and_debug(tmp_path):
    """config.storage remembers each file's URL (every page links the same few files),
    keyed by the manifest and DEBUG: a collectstatic in the same process, or DEBUG (which
    links plain names), is not answered from the remembered URL."""
    with override_settings(
        STATIC_ROOT=tmp_path, STORAGES=MANIFEST_STORAGE, WHITENOISE_USE_FINDERS=False
    ):
        assert static("css/app.css") == "/static/css/app.css"
        call_command("collectstatic", interactive=False, verbosity=0)
        hashed = json.loads((tmp_path / "staticfiles.json").read_text())["paths"]["css/app.css"]
        assert static("css/app.css") == static("css/app.css") == f"/static/{hashed}"
        with override_settings(DEBUG=True):
            assert static("css/app.css") == "/static/css/app.css"
        assert static("css/app.css") == f"/static/{hashed}"
