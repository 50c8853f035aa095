"""The association's page of upload tokens (上传令牌): issue one for an event's slug (its
secret shown once), revoke one. For the accounts that may create events on this server."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournament.core.actors import request_actor
from tournament.core.errors import ServiceError
from tournament.core.params import positive_int
from tournament.core.rights import can_create_tournament
from tournament.exchange import upload_tokens
from tournament.text.messages import render as render_message

MSG_TOKEN_GONE = "upload_token_gone"


@login_required
@require_http_methods(["GET", "POST"])
def upload_token_list(request):
    """A token's secret is shown once, in the answer to the POST that made it."""
    if not can_create_tournament(request.user):
        raise Http404
    secret = issued = None
    if request.method == "POST":
        by = request_actor(request)
        if request.POST.get("action") == "revoke":
            token_id = positive_int(request.POST.get("token"), low=1, limit=2**31)
            token = upload_tokens.upload_token_revoke(token_id=token_id or 0, by=by)
            if token is None:
                messages.error(request, render_message(MSG_TOKEN_GONE))
            else:
                messages.success(request, _("已停用上传令牌“%(name)s”") % {"name": token.name})
            return redirect("upload_tokens")
        try:
            issued, secret = upload_tokens.upload_token_create(
                slug=request.POST.get("slug", ""), name=request.POST.get("name", ""), by=by
            )
        except ServiceError as exc:
            messages.error(request, str(exc))
    return render(
        request,
        "exchange/upload_tokens.html",
        {
            "tokens": upload_tokens.upload_tokens(),
            "secret": secret,
            "issued": issued,
            "endpoint": request.build_absolute_uri("/api/exchange/"),
            "server": request.build_absolute_uri("/").rstrip("/"),
        },
    )
