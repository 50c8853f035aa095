"""What a side of the table must show to confirm the other side's entry.

Vocabulary
----------
side
    The East–West (``EW``) or North–South (``NS``) pair of a table. The players act through
    their side's link (``code``, the QR code of the side's slip) with source ``table_ew`` /
    ``table_ns``; the audit log names them ``table:EW`` / ``table:NS``.
slip
    A side's own printout (export ``side_slips``): its link and its PIN, nothing of the
    other side. The score sheet carries neither. Its link names who printed it (see
    :func:`printed_by`).
PIN
    Four digits per side, printed only on that side's slip (or read out by the referee).
    Confirming needs the confirming side's link AND its PIN, so a person holding one slip
    cannot both enter and confirm. Wrong PINs are counted in the database
    (:mod:`tournament.core.counters`: the same count for every worker and server, and
    no page traffic can evict it); after ``PIN_TRIES`` within ``PIN_LOCK_SECONDS`` of the
    first wrong one the side must ask the referee.
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
from django.contrib.auth.models import User
from django.utils import timezone
from django.utils.crypto import salted_hmac

from tournament.core import counters
from tournament.core.accounts import actor_label
from tournament.core.actors import Actor
from tournament.core.errors import Refused
from tournament.models import AuditEntry, Table

TABLE_SOURCES = ("table_ew", "table_ns")
PIN_TRIES = 5
PIN_LOCK_SECONDS = 15 * 60
# Message codes (texts in tournament/text/messages/services.py).
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


SLIP_PARAM = "p"


def slip_cookie(table: Table) -> str:
    return f"gd_slip_{table.pk}"


def _mac(table_id: int, side: str, code: str, user_id: int) -> str:
    text = f"{table_id}:{side}:{code}:{user_id}"
    # sha1 by name: Django 6.1 changes the default, and printed slips must keep matching.
    return salted_hmac("gd-slip-printer", text, algorithm="sha1").hexdigest()[:16]


def side_code(table, side: str) -> str:
    return table.ew_code if side == "EW" else table.ns_code


def printer_mark(table_id: int, side: str, code: str, user) -> str:
    """The ``p`` value of a slip printed by ``user`` ("" for the command line)."""
    if user is None or not user.is_authenticated:
        return ""
    return f"{user.pk}.{_mac(table_id, side, code, user.pk)}"


def printer_of(mark: str, table: Table, side: str) -> User | None:
    """The account that printed the slip behind ``mark``; None when it is not a valid one."""
    uid, _dot, mac = (mark or "").partition(".")
    if not uid.isdigit() or not mac:
        return None
    expected = _mac(table.pk, side, side_code(table, side), int(uid))
    if not secrets.compare_digest(mac, expected):
        return None
    return User.objects.filter(pk=int(uid)).first()


def printed_by(by: Actor, table: Table) -> str:
    """How the audit names who printed the slip a side acts with ("" when not known)."""
    side = side_of(by.path)
    if side is None or not by.slip:
        return ""
    user = printer_of(by.slip, table, side)
    return actor_label(user) if user is not None else ""


def slip_mark(request, table: Table) -> str:
    """The printed slip's mark a side's request carries (its link's, or its cookie's)."""
    return request.GET.get(SLIP_PARAM) or request.COOKIES.get(slip_cookie(table), "")


def pin_key(table: Table, side: str) -> str:
    """The counter of a side's wrong PINs."""
    return f"pin:{table.pk}:{side}"


def side_pin_problem(table: Table, source: str, pin: str | None) -> str | None:
    """Why this side's PIN does not confirm (a message code), None when it does; a wrong
    PIN is counted.

    Called before the table's transaction, so that a wrong PIN stays counted although the
    confirmation it came with is refused (and rolled back); the caller raises the problem
    in its place among the other checks. The PIN is read afresh: a slip revoked a moment
    ago no longer confirms."""
    side = side_of(source)
    if side is None:
        return None
    key = pin_key(table, side)
    if counters.count(key) >= PIN_TRIES:
        return MSG_PIN_LOCKED
    field = "ew_pin" if side == "EW" else "ns_pin"
    expected = Table.objects.values_list(field, flat=True).get(pk=table.pk)
    if not secrets.compare_digest((pin or "").strip().encode(), expected.encode()):
        counters.hit(key, PIN_LOCK_SECONDS)
        return MSG_PIN
    return None


def check_side_confirmation(table: Table, by: Actor, pin_problem: str | None) -> None:
    """Raise :class:`SideRefused` unless this side may confirm now: its PIN (as found by
    :func:`side_pin_problem`), then the gap after an entry from the same address."""
    if side_of(by.path) is None:
        return
    if pin_problem:
        raise SideRefused(pin_problem)
    _check_gap(table, by.ip)


def _check_gap(table: Table, here: str | None) -> None:
    """Refuse a side's confirmation right after a side's entry from the same address."""
    gap = settings.TABLE_CONFIRM_GAP_SECONDS
    if not gap or table.entered_via not in TABLE_SOURCES or table.entered_at is None:
        return
    if timezone.now() - table.entered_at >= timedelta(seconds=gap):
        return
    entry_ip = (
        AuditEntry.objects.filter(
            object_type="match",
            object_id=str(table.pk),
            action__in=("result.enter", "result.sheet"),
        )
        .order_by("-created_at", "-pk")
        .values_list("ip", flat=True)
        .first()
    )
    if here is not None and here == entry_ip:
        raise SideRefused(MSG_TOO_SOON, n=gap)
