"""Writing the audit log (操作记录)."""

from __future__ import annotations

from functools import partial

from django.db import models, transaction
from django.utils import translation

from rules.messages import Message
from tournament import access
from tournament.accounts import actor_label
from tournament.messages import render
from tournament.messages.audit import encode
from tournament.models import AuditEntry, Tournament
from tournament.services import backup_auto
from tournament.stamps import bump_stamp, public_action


def client_ip(request) -> str | None:
    """The client's address (through ``TRUSTED_PROXIES`` only, see tournament.access)."""
    if request is None:
        return None
    return access.client_ip(request) or None


def device(request) -> str:
    """The browser's user agent, cut to the audit field's size ("" without a request)."""
    if request is None:
        return ""
    return request.META.get("HTTP_USER_AGENT", "")[:200]


def log_action(**change) -> AuditEntry:
    """Record one change (described by the keywords of :func:`audit_entry`). Call inside
    the transaction that makes the change.

    ``summary`` is best a :class:`~rules.messages.Message` of :mod:`tournament.messages.audit`:
    it is then shown in each reader's language, and kept as its Chinese sentence too."""
    return log_entries(change["tournament"], [audit_entry(**change)])[0]


def log_entries(tournament: Tournament, entries: list[AuditEntry]) -> list[AuditEntry]:
    """Record the changes :func:`audit_entry` described, in one insert, inside the
    transaction that makes them (a round's tables confirmed at once: one row each)."""
    # Every audited change that the public can see moves the tournament's stamp, in the
    # same transaction: cached pages and ETags change the moment it is committed.
    if any(public_action(entry.action) for entry in entries):
        bump_stamp(tournament.pk)
    # Once committed, the change may start an automatic backup (a round lock, or the
    # interval passed): in the background, and never failing this change.
    actions = [entry.action for entry in entries]
    transaction.on_commit(partial(backup_auto.after_commit, actions), robust=True)
    if len(entries) == 1:
        entries[0].save()
        return entries
    return AuditEntry.objects.bulk_create(entries, batch_size=500)


def audit_entry(
    *,
    tournament: Tournament,
    user=None,
    request=None,
    action: str,
    obj: models.Model | None = None,
    summary: str | Message = "",
    before: dict | None = None,
    after: dict | None = None,
    actor: str = "",
) -> AuditEntry:
    """One change for the audit log, not yet saved (see :func:`log_entries`)."""
    message = None
    if isinstance(summary, Message):
        message = encode(summary)
        with translation.override("zh-hans"):
            summary = render(summary)
    if user is None and request is not None and request.user.is_authenticated:
        user = request.user
    return AuditEntry(
        tournament=tournament,
        user=user if user is not None and user.is_authenticated else None,
        actor=(actor or actor_label(user))[:150],
        ip=client_ip(request),
        device=device(request),
        action=action,
        object_type=obj._meta.model_name if obj is not None else "",
        object_id=str(obj.pk) if obj is not None else "",
        summary=summary[:300],
        summary_message=message,
        before=before,
        after=after,
    )
