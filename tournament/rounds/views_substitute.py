"""替补入座: the chief referee or the organizer seats a substitute for an absent player
of an individual event before the round starts (docs/rules.md §17.4)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournament.core.actors import request_actor
from tournament.core.errors import ServiceError
from tournament.core.params import typed_fields
from tournament.core.rights import CHIEF_REFEREE
from tournament.core.view_helpers import load_individual_event
from tournament.individuals.search import named_individual
from tournament.individuals.substitutes import seat_substitute
from tournament.models import Round


@require_http_methods(["GET", "POST"])
def substitute_view(request, slug, number):
    tournament = load_individual_event(request, slug, CHIEF_REFEREE)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    typed = typed_fields(request.POST, "absent", "substitute") if request.method == "POST" else {}
    if request.method == "POST":
        try:
            absent = named_individual(tournament, typed["absent"])
            substitute = named_individual(tournament, typed["substitute"])
            table = seat_substitute(
                round_=round_, absent=absent, substitute=substitute, by=request_actor(request)
            )
        except ServiceError as exc:
            messages.error(request, str(exc))
        else:
            messages.success(
                request,
                _("%(substitute)s 已替 %(absent)s 在第%(table)s台入座")
                % {"substitute": substitute.name, "absent": absent.name, "table": table.number},
            )
            return redirect("round_control", slug=slug, number=number)
    return render(
        request, "rounds/substitute.html", {"t": tournament, "round": round_, "typed": typed}
    )
