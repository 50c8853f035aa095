"""The organizer's answer to a flood of sign-ups: reject, at once, every application still
open (unconfirmed, waiting for approval, or on the waiting list) that came from one address
or in one hour.

All or nothing, in one transaction under the tournament's lock; one audit entry for each
application (the log still tells who was refused, and why). No e-mail is sent: the
addresses a script typed belong to strangers, and mailing them would make the app the
script's tool. Places freed move the waiting list up once, at the end.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Count
from django.db.models.functions import TruncHour
from django.utils import timezone

from rules.messages import Message
from tournament.core.actors import Actor
from tournament.core.audit import audit_entry, log_entries
from tournament.core.errors import Invalid, Refused
from tournament.core.stamps import public_changed
from tournament.models import SignUp, Tournament
from tournament.signup.services import (
    MSG_REASON_NEEDED,
    REJECTABLE,
    lock_signups,
    promote,
    signup_snapshot,
)
from tournament.text.messages.audit import MSG_AUDIT_SIGNUP_REJECTED, MSG_AUDIT_SIGNUP_REJECTED_MANY

# Message codes: texts in tournament/text/messages/people.py
MSG_BULK_PICK = "signup_bulk_pick"
MSG_BULK_NONE = "signup_bulk_none"
SHOWN = 20  # addresses and hours offered on the organizer's page, the busiest first


def open_signups(tournament: Tournament):
    return SignUp.objects.filter(tournament=tournament, state__in=REJECTABLE)


def busiest_addresses(tournament: Tournament) -> list[tuple[str, int]]:
    """(address, open applications) of the addresses that sent more than one."""
    rows = open_signups(tournament).exclude(ip=None).values("ip").annotate(n=Count("pk"))
    rows = rows.filter(n__gt=1).order_by("-n", "ip")[:SHOWN]
    return [(row["ip"], row["n"]) for row in rows]


def busiest_hours(tournament: Tournament) -> list[tuple[datetime, int]]:
    """(start of the hour, in the event's time zone; open applications), busiest first."""
    hour = TruncHour("created_at", tzinfo=timezone.get_current_timezone())
    rows = open_signups(tournament).annotate(hour=hour).values("hour").annotate(n=Count("pk"))
    rows = rows.order_by("-n", "-hour")[:SHOWN]
    return [(row["hour"], row["n"]) for row in rows]


def parse_hour(text: str) -> datetime | None:
    """``"2026-12-01T14"`` (the event's time zone) → an aware datetime; None when not one."""
    try:
        naive = datetime.strptime(text, "%Y-%m-%dT%H")
    except (TypeError, ValueError):
        return None
    return timezone.make_aware(naive)


@transaction.atomic
def signup_reject_many(
    *,
    tournament: Tournament,
    reason: str,
    by: Actor,
    ip: str | None = None,
    hour: datetime | None = None,
) -> int:
    """Reject every open application from ``ip`` or of the hour starting at ``hour``."""
    reason = reason.strip()[:200]
    if not reason:
        raise Invalid(MSG_REASON_NEEDED)
    if (ip is None) == (hour is None):
        raise Invalid(MSG_BULK_PICK)
    config = lock_signups(tournament)
    chosen = open_signups(tournament).select_for_update()
    if ip is not None:
        chosen, which = chosen.filter(ip=ip), ip
    else:
        chosen = chosen.filter(created_at__gte=hour, created_at__lt=hour + timedelta(hours=1))
        which = timezone.localtime(hour).strftime("%Y-%m-%d %H:00")
    signups = list(chosen.order_by("seq"))
    if not signups:
        raise Refused(MSG_BULK_NONE)
    entries = []
    for signup in signups:
        before = signup_snapshot(signup)
        signup.state, signup.reason = SignUp.REJECTED, reason
        name = signup.data.get("name", "")
        summary = Message(MSG_AUDIT_SIGNUP_REJECTED, {"name": name, "reason": reason})
        entries.append(
            audit_entry(
                tournament=tournament,
                by=by,
                action="signup.reject",
                obj=signup,
                summary=summary,
                before=before,
                after=signup_snapshot(signup),
            )
        )
    total = Message(
        MSG_AUDIT_SIGNUP_REJECTED_MANY, {"n": len(signups), "which": which, "reason": reason}
    )
    entries.append(
        audit_entry(
            tournament=tournament,
            by=by,
            action="signup.reject_many",
            summary=total,
        )
    )
    SignUp.objects.bulk_update(signups, ["state", "reason"], batch_size=500)
    log_entries(tournament, entries)
    public_changed(tournament)
    promote(tournament, config, by)
    return len(signups)
