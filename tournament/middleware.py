"""Simplified Chinese unless the user picked English in the top bar; and the offline
partition of every page (who it was made for, see :mod:`tournament.views.offline`).

Django's LocaleMiddleware would follow the browser's Accept-Language; venue laptops and
projectors often run English systems, yet the event is Chinese. So the browser header is
ignored and only the language cookie (set by the switcher) chooses English.
"""

from __future__ import annotations

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
    return salted_hmac("offline-partition", f"{user.pk}:{user.password}").hexdigest()[:16]


class OfflinePartitionMiddleware:
    """Name the partition on every answer (pages and their JSON), for the service worker (static/js/sw.js): it keeps
    copies of pages for one partition only and drops them when a page names another."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response[PARTITION_HEADER] = partition(request)
        return response
