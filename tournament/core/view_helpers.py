"""Helpers shared by the views: loading a tournament with a rights check."""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.utils.functional import SimpleLazyObject, empty
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournament.core.errors import FieldErrors, ServiceError
from tournament.core.middleware import LoginRequired
from tournament.core.prepared import Prepared
from tournament.core.rights import has_role, role_of
from tournament.models import Tournament

# Message codes: texts in tournament/text/messages/people.py
MSG_UNKNOWN_ACTION = "unknown_action"
MSG_NOTHING_PENDING = "import_nothing_pending"  # an import's preview lost (or another's)


# Every staff request reads its tournament: compiled once (tournament/core/prepared.py).
BY_SLUG = Prepared(
    lambda slug: Tournament.objects.select_related("organizer").filter(slug=slug), str
)


def load_tournament(request, slug: str, needed: str | None) -> Tournament:
    """Fetch the tournament and check the user's role (``None`` = public page)."""
    tournament = BY_SLUG.one(slug)
    if tournament is None:
        raise Http404
    request.user = user = plain_user(request.user)
    if needed is not None and not has_role(user, tournament, needed):
        if not user.is_authenticated:
            raise LoginRequired
        raise Http404
    request.tournament_role = role_of(user, tournament)
    return tournament


def plain_user(user):
    """The user behind Django's lazy ``request.user``, read now.

    ``AuthenticationMiddleware`` puts a ``SimpleLazyObject`` there, so a page that never
    asks who is signed in reads no session. Every event page asks at once (the rights), and
    then each of the hundred-odd reads of the user in the rights, the templates and the
    audit went through the proxy, which raises and catches an ``AttributeError`` for each
    (4 % of a save's instructions with the other proxies). Django's own ``_wrapped`` and
    ``_setup``: the proxy's documented-in-code internals, unchanged since Django 1.4."""
    if not isinstance(user, SimpleLazyObject):
        return user
    if user._wrapped is empty:
        user._setup()
    return user._wrapped


def load_team_event(request, slug: str, needed: str) -> Tournament:
    """:func:`load_tournament` for a team event's page (团体赛): 404 in a pairs event."""
    tournament = load_tournament(request, slug, needed)
    if not tournament.is_team_event:
        raise Http404
    return tournament


def load_individual_event(request, slug: str, needed: str) -> Tournament:
    """:func:`load_tournament` for an individual event's page (个人赛): 404 in another event."""
    tournament = load_tournament(request, slug, needed)
    if not tournament.is_individual_event:
        raise Http404
    return tournament


def login_redirect(request):
    return redirect_to_login(request.get_full_path())


def back_to_list(request, list_url: str) -> HttpResponseRedirect:
    """After a row's action, the list as it was shown (its ``next``: filter, search, page),
    or ``list_url``; never another page or site."""
    back = request.POST.get("next", "")
    safe = url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()})
    return redirect(back if safe and back.startswith(list_url) else list_url)


def confirm_first(
    request, tournament: Tournament, *, title: str, question: str, button: str, cancel_url: str
) -> HttpResponse | None:
    """None when the POST says ``confirmed=1``; otherwise a page asking first, whose form
    sends the same fields again with it (a password reset or a withdrawal took one
    click). A page, not ``confirm()``: it asks without JavaScript too."""
    if request.POST.get("confirmed") == "1":
        return None
    fields = [
        (name, value)
        for name, values in request.POST.lists()
        if name not in ("csrfmiddlewaretoken", "confirmed")
        for value in values
    ]
    context = {
        "t": tournament,
        "title": title,
        "question": question,
        "button": button,
        "fields": fields,
        "cancel_url": cancel_url,
    }
    return render(request, "confirm_action.html", context)


def confirm_withdrawal(request, tournament: Tournament, name: str, cancel_url: str):
    """:func:`confirm_first` for withdrawing the pair or the player ``name`` (退赛)."""
    return confirm_first(
        request,
        tournament,
        title=_("退赛") + _("：") + name,
        question=_("确定让“%(name)s”退赛吗？退赛后不再参加编排。") % {"name": name},
        button=pgettext("action", "退赛"),
        cancel_url=cancel_url,
    )


def form_error(form, exc: ServiceError) -> None:
    """Show a service's refusal on the form: field by field when it names the fields."""
    if isinstance(exc, FieldErrors):
        form.add_error(None, ValidationError(exc.by_field()))
    else:
        form.add_error(None, str(exc))
