"""Simplified Chinese unless the user picked English in the top bar.

Django's LocaleMiddleware would follow the browser's Accept-Language; venue laptops and
projectors often run English systems, yet the event is Chinese. So the browser header is
ignored and only the language cookie (set by the switcher) chooses English.
"""

from __future__ import annotations


class ChineseByDefaultMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.META.pop("HTTP_ACCEPT_LANGUAGE", None)
        return self.get_response(request)
