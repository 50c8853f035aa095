"""Writing the audit log (操作记录)."""

from __future__ import annotations

from django.db import models

from tournament.models import AuditEntry, Tournament
from tournament.stamps import bump_for_action


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
    # Every audited change that the public can see moves the tournament's stamp, in the
    # same transaction: cached pages and ETags change the moment it is committed.
    bump_for_action(tournament.pk, action)
    return AuditEntry.objects.create(
        tournament=tournament,
        user=user if user is not None and user.is_authenticated else None,
        actor=actor or (user.get_username() if user is not None and user.is_authenticated else ""),
        ip=client_ip(request),
        action=action,
        object_type=obj._meta.model_name if obj is not None else "",
        object_id=str(obj.pk) if obj is not None else "",
        summary=summary[:300],
        before=before,
        after=after,
    )
