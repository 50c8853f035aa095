"""When sign-ups come in a flood: the rule that holds them (待核实) for the organizer.

See :mod:`tournament.models.signup` (held) and :func:`tournament.signup.services.signup_submit`:
a held sign-up takes no place, so a script's flood cannot fill the cap before the real pairs.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from tournament.models import SignUp, Tournament


def flooded(tournament: Tournament, ip: str | None) -> bool:
    """Whether a sign-up arriving now comes in a flood, to be held for the organizer.

    Its address already sent ``SIGNUP_HOLD_PER_ADDRESS`` sign-ups to the event (ever, so a
    patient script gets no more places by waiting); or ``SIGNUP_FLOOD_ADDRESSES`` different
    addresses signed up in the last ``SIGNUP_FLOOD_MINUTES`` (held ones count, so a flood
    stays one as long as it lasts; addresses, not sign-ups, so one address's flood, held by
    the first rule, does not hold its neighbours). A setting of 0 turns its rule off."""
    signups = SignUp.objects.filter(tournament=tournament)
    per_address = settings.SIGNUP_HOLD_PER_ADDRESS
    if ip and per_address > 0 and signups.filter(ip=ip).count() >= per_address:
        return True
    addresses, minutes = settings.SIGNUP_FLOOD_ADDRESSES, settings.SIGNUP_FLOOD_MINUTES
    if addresses > 0 and minutes > 0:
        recent = signups.filter(created_at__gt=timezone.now() - timedelta(minutes=minutes))
        return recent.order_by().values("ip").distinct().count() >= addresses
    return False
