"""The app's middleware. Simplified Chinese unless the user picked English in the top bar; and the offline
partition of every page (who it was made for, see :mod:`tournament.results.views_offline`).

Django's LocaleMiddleware would follow the browser's Accept-Language; venue laptops and
projectors often run English systems, yet the event is Chinese. So the browser header is
ignored and only the language cookie (set by the switcher) chooses English.
"""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.utils.cache import patch_cache_control
from django.utils.crypto import salted_hmac


class ChineseByDefaultMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.META.pop("HTTP_ACCEPT_LANGUAGE", None)
        return self.get_response(request)


PARTITION_HEADER = "X-Offline-Partition"
# When the signed-in session ends (milliseconds since 1970): the service worker drops the
# pages it kept for the account then, even with the network cut (a phone whose referee
# session ended offline must not show the next person a table page with both sides' PINs).
UNTIL_HEADER = "X-Offline-Until"


def partition(request) -> str:
    """Who a page is for: ``anon``, or a keyed hash of the account (never the account).

    The password hash is in it, so a changed password also drops the phone's copies."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return "anon"
    # sha1 by name: Django 6.1 changes the default, and the pages phones keep must stay theirs.
    mac = salted_hmac("offline-partition", f"{user.pk}:{user.password}", algorithm="sha1")
    return mac.hexdigest()[:16]


def session_end_ms(request) -> int | None:
    """When the signed-in user's session ends, in milliseconds since 1970 (None: anonymous)."""
    user = getattr(request, "user", None)
    session = getattr(request, "session", None)
    if user is None or not user.is_authenticated or session is None:
        return None
    return int(session.get_expiry_date().timestamp() * 1000)


class OfflinePartitionMiddleware:
    """Name the partition on every answer (pages and their JSON), for the service worker (static/js/sw.js): it keeps
    copies of pages for one partition only and drops them when a page names another, or
    when the session named by ``X-Offline-Until`` has ended."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response[PARTITION_HEADER] = partition(request)
        until = session_end_ms(request)
        if until is not None:
            response[UNTIL_HEADER] = str(until)
        return response


class LoginRequired(Exception):
    """Raised by :func:`load_tournament` for an anonymous visitor of a staff page.

    :class:`LoginRedirectMiddleware` turns it into a redirect to the login page, so views
    need no try/except of their own; JSON endpoints catch it to answer 403 instead.
    """


class LoginRedirectMiddleware:
    """Turns :class:`LoginRequired` into a redirect to the login page.

    Not Django's ``LoginRequiredMiddleware`` (which makes every view private): public pages
    stay public; only a staff page that raises :class:`LoginRequired` redirects.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, LoginRequired):
            return redirect_to_login(request.get_full_path())
        return None


# The answers that carry secrets, by URL name: a table's page shows both sides' PINs; the
# API tokens page shows a new token once; a signed-in user's export may be the side slips
# (PINs), the workbook or the event's archive; a backup holds the whole database. No cache
# keeps them (the browser's disk or back/forward cache, a proxy): ``Cache-Control:
# no-store``. The service worker's own copies of table pages are kept apart and dropped
# with the session (static/js/sw.js, X-Offline-Until above).
NO_STORE_PAGES = frozenset({"table_entry", "api_tokens", "export_download", "backup_download"})


class NoStoreMiddleware:
    """``Cache-Control: no-store`` (and ``private``) on every answer of :data:`NO_STORE_PAGES`
    to a signed-in user (an anonymous visitor's public export stays cacheable)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        table = getattr(request, "resolver_match", None)
        user = getattr(request, "user", None)
        signed_in = user is not None and user.is_authenticated
        if table is not None and table.url_name in NO_STORE_PAGES and signed_in:
            # Whatever the view said (``private, no-cache`` with an ETag, a public max-age):
            # nothing may keep this answer.
            response.headers.pop("Cache-Control", None)
            patch_cache_control(response, private=True, no_store=True)
        return response
