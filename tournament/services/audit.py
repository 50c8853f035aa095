"""Writing the audit log (操作记录)."""

from __future__ import annotations

from django.db import models

from tournament.accounts import actor_label
from tournament.models import AuditEntry, Tournament


def client_ip(request) -> str | None:
    """The client's address as seen by the server (proxies are not trusted)."""
    if request is None:
        return None
    return request.META.get("REMOTE_ADDR") or None


def log_action(
    *,
    tournament: Tournament,
    user=None,
    request=None,
    action: str,
    obj: models.Model | None = None,
    summary: str = "",
    before: dict | None = None,
    after: dict | None = None,
    actor: str = "",
) -> AuditEntry:
    """Record one change. Call inside the transaction that makes the change."""
    if user is None and request is not None and request.user.is_authenticated:
        user = request.user
    return AuditEntry.objects.create(
        tournament=tournament,
        user=user if user is not None and user.is_authenticated else None,
        actor=(actor or actor_label(user))[:150],
        ip=client_ip(request),
        action=action,
        object_type=obj._meta.model_name if obj is not None else "",
        object_id=str(obj.pk) if obj is not None else "",
        summary=summary[:300],
        before=before,
        after=after,
    )
