"""Conditional GETs for the public pages: ETag / Last-Modified from the stamps, 304, gzip,
and whole pages kept for anonymous visitors.

The ETag names everything a page depends on: the tournament's stamp (public, or staff
for a signed-in user, whose pages show results as they come in), the user, the language
and, for a signed-in user, the CSRF cookie (the top bar's log-out form carries a token). A
phone that asks again with ``If-None-Match`` gets a 304 of a few bytes until one of these
changes. ``Last-Modified`` is sent to anonymous visitors only: their pages change only
with the public stamp, which moves ``updated_at``.

An anonymous visitor's page holds nothing of its own (no token, no name, no message), so
the whole answer is kept in Django's cache under the public stamp with the rounds' states
(:func:`~tournament.core.stamps.shared_page_stamp`), the host, the path with its query and the
language: when a round is published thousands of phones ask for a few hundred names, and
each answer after the first costs one query (the stamps) and a cache read. A new stamp
makes new keys, as for :func:`tournament.core.page_cache.cached_per_stamp`. The kept answer holds
its gzip-compressed body beside the plain one, compressed once when it is kept: a phone
asks with ``Accept-Encoding: gzip``, and compressing a page for each such phone cost more
than the rest of the cached answer (bench/cached_answer.py). The page holds nothing of
one visitor's, so one compressed copy for all gives BREACH nothing to guess.

A page keys only on the query parameters it reads (``stamped(reads=...)``): any other is
answered by a redirect to the same URL without it, so made-up query strings
(``?x=1``, ``?x=2``, …) add no page to the cache, and no link in a kept page carries a
stranger's parameters.
"""

from __future__ import annotations

import hashlib
from functools import wraps
from urllib.parse import urlencode

from django.conf import settings
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.http import HttpResponse, HttpResponseRedirect
from django.middleware.gzip import GZipMiddleware, re_accepts_gzip
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.http import http_date
from django.utils.text import compress_string

from tournament.core.hidden_people import hidden_names_at, mask_body
from tournament.core.page_cache import COPY_OVERHEAD, TIMEOUT, cache_key, local_copies
from tournament.core.stamps import live_page_stamp, page_stamp, shared_page_stamp
from tournament.models import Tournament


def page_etag(request, stamp: str) -> str:
    """A quoted ETag for this request's view of the tournament (see the module docstring).

    The CSRF secret is the one the middleware read from the cookie, or the one the page
    has just generated (``get_token``) when the visitor had none.
    """
    signed_in = request.user.is_authenticated
    parts = [
        stamp,
        str(request.user.pk or ""),
        getattr(request, "LANGUAGE_CODE", ""),
        request.META.get("CSRF_COOKIE", "") if signed_in else "",
    ]
    return '"' + hashlib.sha256("|".join(parts).encode()).hexdigest()[:24] + '"'


def shared_page_key(request, stamp: str) -> str | None:
    """The cache key of this request's whole answer, or None when it is not the same for
    every visitor: a signed-in user, a flash message waiting, anything but a GET."""
    if request.method != "GET" or request.user.is_authenticated or len(get_messages(request)):
        return None
    parts = (request.get_host(), request.get_full_path(), getattr(request, "LANGUAGE_CODE", ""))
    # "page2": a kept answer holds its compressed body too (a Redis kept across an upgrade
    # still holds answers of the older form under "page").
    return cache_key("page2", stamp, parts)


def _answer(
    request, view, key: str | None, args: tuple, kwargs: dict, prepared=None, stamp: str = ""
) -> HttpResponse:
    """The view's answer, from the cache under ``key`` (:func:`shared_page_key`) when another
    visitor has had the same one. ``prepared(request, stamp, *args)``: an anonymous answer
    put together from pieces kept per stamp, or None (the view answers)."""
    kept = _kept(key) if key else None
    if kept is not None:
        content_type, body, compressed = kept
        return _compressed(request, HttpResponse(body, content_type=content_type), compressed)
    response = prepared(request, stamp, *args, **kwargs) if key and prepared else None
    if response is None:
        response = view(request, *args, **kwargs)
    plain = response.status_code == 200 and not response.streaming and not response.cookies
    if plain and not request.user.is_authenticated:
        # A hidden player's name, wherever the answer says it (docs/rules.md §18.2).
        names = hidden_names_at(args[0], stamp)
        if names:
            response.content = mask_body(response.content, names, response["Content-Type"])
    if key and plain:
        kept = (response["Content-Type"], response.content, _compress(response.content))
        cache.set(key, kept, TIMEOUT)
        _keep_here(key, kept)
        response = _compressed(request, response, kept[2])
    return response


def _compress(body: bytes) -> bytes | None:
    """``body`` gzip-compressed as Django's gzip middleware would, or None when that would
    not make it shorter (the middleware then sends it plain too)."""
    if len(body) < 200:
        return None
    compressed = compress_string(body)
    return compressed if len(compressed) < len(body) else None


def _compressed(request, response: HttpResponse, compressed: bytes | None) -> HttpResponse:
    """``response`` with the kept ``compressed`` body when the request accepts gzip; either
    way it varies with ``Accept-Encoding``. :func:`gzipped` leaves an answer that carries a
    ``Content-Encoding`` as it is; :func:`labelled` makes its ETag weak, as it would."""
    patch_vary_headers(response, ("Accept-Encoding",))
    accepts = re_accepts_gzip.search(request.META.get("HTTP_ACCEPT_ENCODING", ""))
    if compressed is not None and accepts:
        response.content = compressed
        response.headers["Content-Length"] = str(len(compressed))
        response.headers["Content-Encoding"] = "gzip"
    return response


def _kept(key: str) -> tuple[str, bytes, bytes | None] | None:
    """The answer kept under ``key``: this process's copy, else the shared cache's."""
    copies = local_copies()
    kept = copies.get(key) if copies is not None else None
    if kept is None:
        kept = cache.get(key)
        if kept is not None and copies is not None:
            _keep_here(key, kept)
    return kept


def _keep_here(key: str, kept: tuple[str, bytes, bytes | None]) -> None:
    copies = local_copies()
    if copies is not None:
        size = len(kept[1]) + len(kept[2] or b"") + len(key) + COPY_OVERHEAD
        copies.put(key, kept, size)


def canonical_url(request, reads: tuple[str, ...]) -> str | None:
    """The URL without the query parameters the page does not read; None when it has none."""
    if all(key in reads for key in request.GET):
        return None
    kept = [(key, value) for key, value in request.GET.lists() if key in reads]
    query = urlencode([(key, v) for key, values in kept for v in values])
    return request.path + (f"?{query}" if query else "")


def stamped(view=None, *, reads: tuple[str, ...] = (), prepared=None):
    """Wrap a public view taking ``slug``: ETag, Last-Modified, 304, gzip, shared pages.
    ``reads``: the query parameters the view reads; others are redirected away.
    ``prepared``: see :func:`_answer` (find my table's answers)."""
    if view is None:
        return lambda actual: stamped(actual, reads=reads, prepared=prepared)

    @wraps(view)
    def wrapper(request, slug, *args, **kwargs):
        if request.method not in ("GET", "HEAD"):
            return view(request, slug, *args, **kwargs)  # the view answers 405
        canonical = canonical_url(request, reads)
        if canonical is not None:
            return HttpResponseRedirect(canonical)
        return _stamped_answer(request, view, slug, args, kwargs, prepared)

    return wrapper


def _stamped_answer(request, view, slug, args, kwargs, prepared=None) -> HttpResponse:
    if request.user.is_authenticated:
        tournament = Tournament.objects.filter(slug=slug).only("pk", "stamp", "updated_at").first()
        found = None if tournament is None else (page_stamp(tournament, public=False), None)
    else:
        found = shared_page_stamp(slug)
    if found is None:
        return gzipped(request, view(request, slug, *args, **kwargs))  # the view answers 404
    stamp, modified = found
    key = shared_page_key(request, stamp)
    return conditional_answer(
        request,
        page_etag(request, stamp),
        lambda: _answer(request, view, key, (slug, *args), kwargs, prepared, stamp),
        shared=key is not None,
        modified=modified,
    )


_GZIP = GZipMiddleware(lambda request: None)


def gzipped(request, response: HttpResponse) -> HttpResponse:
    """``response`` gzip-compressed when the request accepts it (Django's gzip middleware,
    for the public pages and the read API only: their answers hold no secret of the
    visitor's; a kept page's compressed copy is sent as it is)."""
    return _GZIP.process_response(request, response)


def conditional_answer(
    request, etag: str, build, *, shared: bool, modified: float | None = None
) -> HttpResponse:
    """The conditional GET of the public pages and the read API: a 304 while the client's
    copy is current (``etag``, ``modified``), else ``build()``; then :func:`labelled` and
    :func:`gzipped`. ``shared``: the answer is the same for every visitor."""
    response = get_conditional_response(request, etag=etag, last_modified=modified)
    if response is None:
        response = build()
    return gzipped(request, labelled(request, response, etag, modified, shared))


def labelled(request, response, etag: str, modified: float | None, shared: bool):
    """``response`` with its ETag, Last-Modified and who may keep it."""
    if response.status_code in (200, 304):
        # A compressed body's ETag is weak, as Django's gzip middleware makes it (RFC 9110
        # 8.8.1); If-None-Match compares weakly, so either form answers a 304.
        weak = response.get("Content-Encoding") == "gzip"
        response.headers.setdefault("ETag", f"W/{etag}" if weak else etag)
        if modified is not None:
            response.headers.setdefault("Last-Modified", http_date(modified))
    if shared and proxy_may_keep(request, response):
        patch_cache_control(response, **PROXY_KEEPS)
    else:
        # Private: a signed-in user's page holds a CSRF token, a staff token's answer the
        # staff view; no-cache: ask again each time (a 304 costs one small query).
        patch_cache_control(response, private=True, no_cache=True)
    return response


def live_stamped(view=None, *, reads: tuple[str, ...] = ()):
    """Like :func:`stamped`, for a public view of one round taking ``slug`` and ``number``
    whose answer shows how far the round has got (its status poll, the projector): kept
    under the round's live stamp (:func:`~tournament.core.stamps.live_page_stamp`), which
    moves with every saved table. A signed-in user's answer (a referee's poll holds the
    changed tables) is the view's own, never kept, and private."""
    if view is None:
        return lambda actual: live_stamped(actual, reads=reads)

    @wraps(view)
    def wrapper(request, slug, number, *args, **kwargs):
        if request.method not in ("GET", "HEAD"):
            return view(request, slug, number, *args, **kwargs)
        canonical = canonical_url(request, reads)
        if canonical is not None:
            return HttpResponseRedirect(canonical)
        stamp = None if request.user.is_authenticated else live_page_stamp(slug, number)
        if stamp is None:  # signed in, or no such round: the view answers (or its 404)
            response = view(request, slug, number, *args, **kwargs)
            patch_cache_control(response, private=True, no_cache=True)
            return gzipped(request, response)
        key = shared_page_key(request, stamp)
        return conditional_answer(
            request,
            page_etag(request, stamp),
            lambda: _answer(request, view, key, (slug, number, *args), kwargs),
            shared=key is not None,
        )

    return wrapper


# What an anonymous public answer lets a proxy, a CDN or the browser do: keep it 1 s, and
# one more while a fresh copy is being fetched; so a change shows through the documented
# nginx (deploy/nginx.conf) within 2 s of its commit, and the app computes a page at most
# about once a second however many phones ask. The ETag still answers a revalidation.
PROXY_KEEPS = {"public": True, "max_age": 1, "stale_while_revalidate": 1}


def proxy_may_keep(request, response: HttpResponse) -> bool:
    """Whether ``response`` is the same for every visitor, so that a shared cache may keep
    it: a 200 or 304 to a GET, to nobody signed in and without a session cookie, and
    setting no cookie (a CSRF token, a message's removal). Callers also check that the
    answer is the anonymous one (:func:`shared_page_key`, the API's public view)."""
    return (
        request.method in ("GET", "HEAD")
        and response.status_code in (200, 304)
        and not request.user.is_authenticated
        and settings.SESSION_COOKIE_NAME not in request.COOKIES
        and not response.cookies
    )
