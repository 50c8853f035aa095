"""Conditional GETs for the public pages: ETag / Last-Modified from the stamps, 304, gzip.

The ETag names everything a page depends on: the tournament's stamp (public, or staff
for a signed-in user, whose pages show results as they come in), the user, the language
and the CSRF cookie (each page carries a token for the language form). A phone that asks
again with ``If-None-Match`` gets a 304 of a few bytes until one of these changes.
``Last-Modified`` is sent to anonymous visitors only: their pages change only with the
public stamp, which moves ``updated_at``.
"""

from __future__ import annotations

import hashlib
from functools import wraps

from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import http_date
from django.views.decorators.gzip import gzip_page

from tournament.models import Tournament
from tournament.stamps import page_stamp


def page_etag(request, stamp: str) -> str:
    """A quoted ETag for this request's view of the tournament (see the module docstring).

    The CSRF secret is the one the middleware read from the cookie, or the one the page
    has just generated (``get_token``) when the visitor had none.
    """
    parts = [
        stamp,
        str(request.user.pk or ""),
        getattr(request, "LANGUAGE_CODE", ""),
        request.META.get("CSRF_COOKIE", ""),
    ]
    return '"' + hashlib.sha256("|".join(parts).encode()).hexdigest()[:24] + '"'


def stamped(view):
    """Wrap a public view taking ``slug``: ETag, Last-Modified, 304 and gzip."""

    @wraps(view)
    def wrapper(request, slug, *args, **kwargs):
        tournament = Tournament.objects.filter(slug=slug).only("pk", "stamp", "updated_at").first()
        if tournament is None or request.method not in ("GET", "HEAD"):
            return view(request, slug, *args, **kwargs)  # the view answers 404 / 405
        stamp = page_stamp(tournament, public=not request.user.is_authenticated)
        modified = None if request.user.is_authenticated else tournament.updated_at.timestamp()
        response = get_conditional_response(
            request, etag=page_etag(request, stamp), last_modified=modified
        )
        if response is None:
            response = view(request, slug, *args, **kwargs)
        if response.status_code in (200, 304):
            response.headers.setdefault("ETag", page_etag(request, stamp))
            if modified is not None:
                response.headers.setdefault("Last-Modified", http_date(modified))
        # Private: the page holds the visitor's CSRF token; no-cache: ask again each time
        # (a 304 costs one small query).
        patch_cache_control(response, private=True, no_cache=True)
        return response

    return gzip_page(wrapper)
