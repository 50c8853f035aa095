"""Creating, revoking and checking staff tokens of the read API (audited)."""

from __future__ import annotations

import hashlib
import secrets

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from rules.messages import Message
from tournament.core.actors import Actor
from tournament.core.audit import log_action
from tournament.models import ApiToken, Tournament
from tournament.text.messages.audit import MSG_AUDIT_TOKEN_NEW, MSG_AUDIT_TOKEN_OFF

NAME_MAX = 60


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


@transaction.atomic
def token_create(*, tournament: Tournament, name: str, by: Actor) -> tuple[ApiToken, str]:
    """A new token and its secret (shown once; only the digest is kept)."""
    name = name.strip()[:NAME_MAX] or _("接口令牌")
    secret = "gd_" + secrets.token_urlsafe(24)
    token = ApiToken.objects.create(
        tournament=tournament,
        name=name,
        prefix=secret[:8],
        digest=digest(secret),
        created_by=by.person,
    )
    log_action(
        tournament=tournament,
        by=by,
        action="token.create",
        obj=token,
        summary=Message(MSG_AUDIT_TOKEN_NEW, {"name": name, "prefix": token.prefix}),
    )
    return token, secret


@transaction.atomic
def token_revoke(*, tournament: Tournament, token_id: int, by: Actor) -> ApiToken | None:
    """Revoke one of the event's tokens (None when there is no such active token)."""
    token = (
        ApiToken.objects.select_for_update()
        .filter(tournament=tournament, pk=token_id, revoked_at=None)
        .first()
    )
    if token is None:
        return None
    token.revoked_at = timezone.now()
    token.save(update_fields=["revoked_at"])
    log_action(
        tournament=tournament,
        by=by,
        action="token.revoke",
        obj=token,
        summary=Message(MSG_AUDIT_TOKEN_OFF, {"name": token.name, "prefix": token.prefix}),
    )
    return token


def bearer_secret(request) -> str | None:
    """The secret of an ``Authorization: Bearer <token>`` header, if any."""
    header = request.headers.get("Authorization", "")
    scheme, _sep, value = header.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        return None
    return value.strip()[:200]


def token_for(tournament: Tournament, secret: str) -> ApiToken | None:
    """The event's active token with this secret (a revoked or foreign one is None)."""
    token = ApiToken.objects.filter(
        tournament=tournament, digest=digest(secret), revoked_at=None
    ).first()
    if token is not None and (
        token.last_used_at is None or (timezone.now() - token.last_used_at).total_seconds() > 60
    ):
        # At most one write a minute per token: a big screen polls every few seconds.
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=timezone.now())
    return token
