"""Helpers shared by the views: loading a tournament with a rights check."""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from tournament.models import Tournament
from tournament.permissions import has_role, role_of


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
            return login_redirect(request)
        return None


def load_tournament(request, slug: str, needed: str | None) -> Tournament:
    """Fetch the tournament and check the user's role (``None`` = public page)."""
    tournament = get_object_or_404(Tournament.objects.select_related("organizer"), slug=slug)
    if needed is not None and not has_role(request.user, tournament, needed):
        if not request.user.is_authenticated:
            raise LoginRequired
        raise Http404(_("没有权限"))
    request.tournament_role = role_of(request.user, tournament)
    return tournament


def login_redirect(request):
    return redirect_to_login(request.get_full_path())


def int_param(raw: str | None, *, default: int | None, low: int, high: int) -> int | None:
    """A whole number from the query string within [low, high]; None when it is not one.

    Only ASCII digits count: ``"²".isdigit()`` is true but ``int("²")`` fails.
    """
    if raw is None or raw == "":
        return default
    if not (raw.isascii() and raw.isdecimal()) or len(raw) > 9:
        return None
    value = int(raw)
    return value if low <= value <= high else None


def back_to_list(request, list_url: str) -> HttpResponseRedirect:
    """After a row's action, the list as it was shown (its ``next``: filter, search, page),
    or ``list_url``; never another page or site."""
    back = request.POST.get("next", "")
    safe = url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()})
    return redirect(back if safe and back.startswith(list_url) else list_url)
