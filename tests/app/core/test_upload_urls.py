"""Only the views that take a file may be sent a long body: guandan/front.py asks
:func:`tournament.spreadsheets.uploads.body_limit` for a path's limit, which lets past
:data:`~tournament.spreadsheets.uploads.SMALL_BODY_BYTES` only the URL names in
:data:`~tournament.spreadsheets.uploads.UPLOAD_URL_NAMES`. A new view that reads ``request.FILES``
and is not listed there fails here (its uploads would be refused 413)."""

from __future__ import annotations

import inspect
import types

from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tournament.spreadsheets.uploads import SMALL_BODY_BYTES, UPLOAD_URL_NAMES, body_limit


def patterns(resolver: URLResolver, namespace: str = ""):
    """(namespace, pattern) of every view of the URLconf."""
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            yield from patterns(entry, entry.namespace or namespace)
        elif isinstance(entry, URLPattern):
            yield namespace, entry


def _source(obj) -> str:
    try:
        return inspect.getsource(obj)
    except (OSError, TypeError):
        return ""


def reads_files(view) -> bool:
    """Whether ``view`` (or a function of its module it calls by name) reads request.FILES."""
    view = inspect.unwrap(getattr(view, "view_class", view))
    if "FILES" in _source(view):
        return True
    module = inspect.getmodule(view)
    code = getattr(view, "__code__", None)
    names = code.co_names if code is not None else ()
    helpers = (getattr(module, n, None) for n in names)
    return any(isinstance(h, types.FunctionType) and "FILES" in _source(h) for h in helpers)


def app_views():
    for namespace, pattern in patterns(get_resolver()):
        view = inspect.unwrap(pattern.callback)
        if not namespace and (getattr(view, "__module__", "") or "").startswith("tournament."):
            yield pattern.name, pattern.callback


def test_every_view_that_reads_request_files_is_listed_and_only_those():
    taking = {name for name, view in app_views() if reads_files(view)}
    assert taking == UPLOAD_URL_NAMES


def test_the_detection_sees_a_view_reading_files_through_a_helper():
    from tournament.results import views_photos

    assert reads_files(views_photos.side_photo_add)  # through _attach
    assert not reads_files(views_photos.sheet_photo)


def test_an_upload_page_takes_the_largest_upload_and_every_other_path_1_mb(settings):
    settings.UPLOAD_MAX_BYTES = 5 * 1024 * 1024
    upload = reverse("pair_import", args=["demo"])
    assert body_limit(upload) == 6 * 1024 * 1024
    for path in (reverse("home"), reverse("login"), "/t/demo/signup/", "/no/such/page/"):
        assert body_limit(path) == SMALL_BODY_BYTES, path
