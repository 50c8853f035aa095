"""The app's middleware. Simplified Chinese unless the user picked English in the top bar; and the offline
partition of every page (who it was made for, see :mod:`tournament.results.views_offline`).

Django's LocaleMiddleware would follow the browser's Accept-Language; venue laptops and
projectors often run English systems, yet the event is Chinese. So the browser header is
ignored and only the language cookie (set by the switcher) chooses English.
"""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.utils.crypto import salted_hmac


class ChineseByDefaultMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.META.pop("HTTP_ACCEPT_LANGUAGE", None)
        return self.get_response(request)


PARTITION_HEADER = "X-Offline-Partition"


def partition(request) -> str:
    """Who a page is for: ``anon``, or a keyed hash of the account (never the account).

    The password hash is in it, so a changed password also drops the phone's copies."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return "anon"
    # sha1 by name: Django 6.1 changes the default, and the pages phones keep must stay theirs.
    mac = salted_hmac("offline-partition", f"{user.pk}:{user.password}", algorithm="sha1")
    return mac.hexdigest()[:16]


class OfflinePartitionMiddleware:
    """Name the partition on every answer (pages and their JSON), for the service worker (static/js/sw.js): it keeps
    copies of pages for one partition only and drops them when a page names another."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response[PARTITION_HEADER] = partition(request)
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
