"""Upload tokens (上传令牌) on the association's server: issued for an event's slug (the event
may not exist here yet: its first upload makes it), revoked, checked (docs/exchange.md,
"Upload"). They are :class:`~tournament.models.ApiToken` rows of kind ``upload``: only the
digest is kept, as for the read API's staff tokens (:mod:`tournament.events.api_tokens`).

The audit log is an event's: issuing and revoking are logged against the event when it is on
this server, and always to the ``guandan.exchange`` log; each upload received is logged
against the event it made or changed.
"""

from __future__ import annotations

import logging
import re
import secrets

from django.db import transaction
from django.utils import timezone

from rules.messages import Message
from tournament.core.actors import Actor
from tournament.core.audit import log_action
from tournament.core.errors import Invalid
from tournament.events.api_tokens import NAME_MAX, digest
from tournament.models import ApiToken, Tournament
from tournament.text.messages import render

log = logging.getLogger("guandan.exchange")

MSG_AUDIT_UPLOAD_TOKEN_NEW = "audit_upload_token_new"
MSG_AUDIT_UPLOAD_TOKEN_OFF = "audit_upload_token_off"
MSG_SLUG_BAD = "upload_slug_bad"
SLUG = re.compile(r"^[-a-zA-Z0-9_]{1,60}$")


def _noted(token: ApiToken, by: Actor, code: str) -> tuple[Tournament | None, Message]:
    """The event the token is for, if it is on this server, and the audit's summary (also
    written to the log: the event may not be here yet)."""
    summary = Message(code, {"name": token.name, "slug": token.slug, "prefix": token.prefix})
    log.info("%s by %s", render(summary), by.person or "-")
    return Tournament.objects.filter(slug=token.slug).first(), summary


@transaction.atomic
def upload_token_create(*, slug: str, name: str, by: Actor) -> tuple[ApiToken, str]:
    """A new upload token for the event ``slug`` and its secret (shown once)."""
    slug = slug.strip()
    if not SLUG.match(slug):
        raise Invalid(MSG_SLUG_BAD)
    name = name.strip()[:NAME_MAX] or slug
    secret = "gdu_" + secrets.token_urlsafe(24)
    token = ApiToken.objects.create(
        kind=ApiToken.UPLOAD,
        slug=slug,
        name=name,
        prefix=secret[:8],
        digest=digest(secret),
        created_by=by.person,
    )
    tournament, summary = _noted(token, by, MSG_AUDIT_UPLOAD_TOKEN_NEW)
    if tournament is not None:
        log_action(
            tournament=tournament, by=by, action="token.upload_new", obj=token, summary=summary
        )
    return token, secret


@transaction.atomic
def upload_token_revoke(*, token_id: int, by: Actor) -> ApiToken | None:
    """Revoke an upload token (None when there is no such active one)."""
    token = (
        ApiToken.objects.select_for_update()
        .filter(kind=ApiToken.UPLOAD, pk=token_id, revoked_at=None)
        .first()
    )
    if token is None:
        return None
    token.revoked_at = timezone.now()
    token.save(update_fields=["revoked_at"])
    tournament, summary = _noted(token, by, MSG_AUDIT_UPLOAD_TOKEN_OFF)
    if tournament is not None:
        log_action(
            tournament=tournament, by=by, action="token.upload_off", obj=token, summary=summary
        )
    return token


def upload_token_for(secret: str) -> ApiToken | None:
    """The active upload token with this secret, its use noted (None: unknown or revoked)."""
    token = ApiToken.objects.filter(
        kind=ApiToken.UPLOAD, digest=digest(secret), revoked_at=None
    ).first()
    if token is not None:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=timezone.now())
    return token


def upload_tokens():
    """Every upload token, newest first, with who issued it."""
    return ApiToken.objects.filter(kind=ApiToken.UPLOAD).select_related("created_by")
