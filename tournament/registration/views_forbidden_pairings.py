"""The keep-apart page (回避): the organizer names two pairs that no computer pairing seats
together, and sees and cancels the pairs kept apart.

A pair is named by what the organizer types (:mod:`tournament.registration.search`): its draw number,
its name, or a player's or unit's name. The page offers the names that match as the organizer
types (:mod:`tournament.registration.views_pair_names`), never a list of every pair: an event of 5,000
pairs gave two selects of 5,000 options each, 697 KB of page, unusable on a phone.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournament.core.actors import request_actor
from tournament.core.errors import ServiceError
from tournament.core.params import positive_int, typed_fields
from tournament.core.rights import ORGANIZER
from tournament.core.view_helpers import load_tournament
from tournament.models import ForbiddenPairing
from tournament.registration.forbidden_pairings import add_forbidden, remove_forbidden
from tournament.registration.search import named_pair


@require_http_methods(["GET", "POST"])
def forbidden_pairings_view(request, slug):
    """Forbidden pairings (回避): pairs kept apart in every computer pairing."""
    tournament = load_tournament(request, slug, ORGANIZER)
    typed = {}
    if request.method == "POST":
        if request.POST.get("op") == "remove":
            try:
                remove_forbidden(
                    tournament,
                    positive_int(request.POST.get("pk")),
                    by=request_actor(request),
                )
                messages.success(request, _("已取消回避"))
            except ServiceError as exc:
                messages.error(request, str(exc))
            return redirect("forbidden_pairings", slug=slug)
        typed = typed_fields(request.POST, "a", "b", "note")
        if keep_apart(request, tournament, typed):
            return redirect("forbidden_pairings", slug=slug)
        # Refused: the page again, with what was typed kept in the form to correct.
    rows = ForbiddenPairing.objects.filter(tournament=tournament).select_related(
        "pair_a__unit", "pair_b__unit"
    )
    return render(
        request,
        "registration/forbidden_pairings.html",
        {"t": tournament, "rows": rows, "typed": typed},
    )


def keep_apart(request, tournament, typed: dict) -> bool:
    """Keep the two pairs named in ``typed`` apart; False, with every reason why not shown
    (both fields' at once), when it cannot be done."""
    pairs, errors = [], []
    for key in ("a", "b"):
        try:
            pairs.append(named_pair(tournament, typed[key]))
        except ServiceError as exc:
            errors.append(exc)
    if not errors:
        a, b = pairs
        try:
            add_forbidden(tournament, a.pk, b.pk, typed["note"], by=request_actor(request))
        except ServiceError as exc:
            errors.append(exc)
    for exc in errors:
        messages.error(request, str(exc))
    if errors:
        return False
    messages.success(request, _("已设置回避：%(a)s – %(b)s") % {"a": a.name, "b": b.name})
    return True
