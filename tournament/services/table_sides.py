"""What a side of the table must show to confirm the other side's entry.

Vocabulary
----------
side
    The East–West (``EW``) or North–South (``NS``) pair of a table. The players act through
    their side's link (``code``, the QR code of the side's slip) with source ``table_ew`` /
    ``table_ns``; the audit log names them ``table:EW`` / ``table:NS``.
slip
    A side's own printout (export ``side_slips``): its link and its PIN, nothing of the
    other side. The score sheet carries neither.
PIN
    Four digits per side, printed only on that side's slip (or read out by the referee).
    Confirming needs the confirming side's link AND its PIN, so a person holding one slip
    cannot both enter and confirm. Wrong PINs are counted; after ``PIN_TRIES`` the side
    must ask the referee.
gap
    A side's entry cannot be confirmed from the same address within
    ``TABLE_CONFIRM_GAP_SECONDS`` of the entry: one phone switching links is slower than
    that, two honest players on the venue's Wi-Fi simply wait a moment (or a referee
    confirms, which this rule never stops).
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.utils import timezone

from tournament.models import AuditEntry, Match
from tournament.services.audit import client_ip
from tournament.services.errors import Refused

TABLE_SOURCES = ("table_ew", "table_ns")
PIN_TRIES = 5
PIN_LOCK_SECONDS = 15 * 60
# Message codes (texts in tournament/messages/services.py).
MSG_PIN = "pin_wrong"
MSG_PIN_LOCKED = "pin_locked"
MSG_TOO_SOON = "confirm_too_soon"
MSG_USE_CONFIRM = "use_confirm"


class SideRefused(Refused):
    """A side's confirmation refused (PIN, tries, gap)."""


def side_of(source: str) -> str | None:
    """``table_ew`` → ``EW``; None for staff sources."""
    return source[-2:].upper() if source in TABLE_SOURCES else None


def actor_name(source: str) -> str | None:
    """The audit actor of a table side (``table:EW``), or None for staff sources."""
    side = side_of(source)
    return f"table:{side}" if side else None


def check_side_confirmation(match: Match, source: str, pin: str | None, request) -> None:
    """Raise :class:`SideRefused` unless this side may confirm now (PIN, tries, gap)."""
    side = side_of(source)
    if side is None:
        return
    key = f"gd-pin-tries:{match.pk}:{side}"
    tries = cache.get(key, 0)
    if tries >= PIN_TRIES:
        raise SideRefused(MSG_PIN_LOCKED)
    expected = match.ew_pin if side == "EW" else match.ns_pin
    if not secrets.compare_digest((pin or "").strip().encode(), expected.encode()):
        cache.set(key, tries + 1, PIN_LOCK_SECONDS)
        raise SideRefused(MSG_PIN)
    _check_gap(match, request)


def _check_gap(match: Match, request) -> None:
    """Refuse a side's confirmation right after a side's entry from the same address."""
    gap = settings.TABLE_CONFIRM_GAP_SECONDS
    if not gap or match.entered_via not in TABLE_SOURCES or match.entered_at is None:
        return
    if timezone.now() - match.entered_at >= timedelta(seconds=gap):
        return
    here = client_ip(request)
    entry_ip = (
        AuditEntry.objects.filter(
            object_type="match",
            object_id=str(match.pk),
            action__in=("result.enter", "result.sheet"),
        )
        .order_by("-created_at", "-pk")
        .values_list("ip", flat=True)
        .first()
    )
    if here is not None and here == entry_ip:
        raise SideRefused(MSG_TOO_SOON, n=gap)
