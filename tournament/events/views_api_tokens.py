"""The organizer's page of the read API's staff tokens: create (shown once) and revoke."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournament.core.actors import request_actor
from tournament.core.params import positive_int
from tournament.core.rights import ORGANIZER
from tournament.core.view_helpers import load_tournament
from tournament.events import api_tokens
from tournament.text.messages import render as render_message

MSG_TOKEN_GONE = "api_token_gone"  # message code: text in tournament/text/messages/people.py


@require_http_methods(["GET", "POST"])
def token_list(request, slug):
    """A token's secret is shown once, in the answer to the POST that made it."""
    tournament = load_tournament(request, slug, ORGANIZER)
    secret = None
    if request.method == "POST":
        if request.POST.get("action") == "revoke":
            token_id = positive_int(request.POST.get("token"), low=1, limit=2**31)
            token = api_tokens.token_revoke(
                tournament=tournament, token_id=token_id or 0, by=request_actor(request)
            )
            if token is None:
                messages.error(request, render_message(MSG_TOKEN_GONE))
            else:
                messages.success(request, _("已停用令牌“%(name)s”") % {"name": token.name})
            return redirect("api_tokens", slug=slug)
        _token, secret = api_tokens.token_create(
            tournament=tournament, name=request.POST.get("name", ""), by=request_actor(request)
        )
    return render(
        request,
        "events/api_tokens.html",
        {
            "t": tournament,
            "tokens": tournament.api_tokens.select_related("created_by"),
            "secret": secret,
            "example": request.build_absolute_uri(f"/api/v1/events/{slug}/"),
        },
    )
