"""The divisions page (按等级分分组): the organizer sees the registered entries split by
rating into N divisions and, on confirm, makes the division events
(:mod:`tournament.registration.divisions`)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournament.core.actors import request_actor
from tournament.core.errors import ServiceError
from tournament.core.params import positive_int
from tournament.core.rights import ORGANIZER
from tournament.core.view_helpers import load_tournament
from tournament.registration.divisions import (
    MAX_DIVISIONS,
    make_divisions,
    proposal,
    proposal_key,
)
from tournament.text.messages import render as render_message
from tournament.text.messages.ratings import MSG_DIVISIONS_STARTED


@require_http_methods(["GET", "POST"])
def divisions_view(request, slug):
    """Propose N divisions by rating (GET ?n=); make them (POST, with the proposal's key)."""
    tournament = load_tournament(request, slug, ORGANIZER)
    source = request.POST if request.method == "POST" else request.GET
    count = positive_int(source.get("n"), limit=MAX_DIVISIONS) or 2
    if request.method == "POST":
        try:
            made = make_divisions(
                tournament, count, request.POST.get("key", ""), by=request_actor(request)
            )
        except ServiceError as exc:
            messages.error(request, str(exc))
            return redirect(f"{request.path}?n={count}")
        names = "、".join(e.name for e in made)
        messages.success(request, _("已分组：%(names)s") % {"names": names})
        return redirect("tournament_detail", slug=made[0].slug)
    divisions, refused = [], ""
    started = tournament.round_set.exists()
    try:
        divisions = proposal(tournament, count)
    except ServiceError as exc:
        refused = str(exc)
    return render(
        request,
        "registration/divisions.html",
        {
            "t": tournament,
            "n": count,
            "choices": range(2, MAX_DIVISIONS + 1),
            "divisions": divisions,
            "key": proposal_key(divisions) if divisions else "",
            "refused": refused,
            "started": started,
            "started_text": render_message(MSG_DIVISIONS_STARTED) if started else "",
        },
    )
