"""``{% missing_checkins t as n %}``: pairs not checked in, once check-in is in use."""

from __future__ import annotations

from django import template

from tournament.models import CheckIn, Tournament
from tournament.signup.checkin import missing_pairs

register = template.Library()


@register.simple_tag
def missing_checkins(tournament: Tournament) -> int:
    """How many active pairs have not checked in (0 while nobody has: check-in unused)."""
    if not CheckIn.objects.filter(pair__tournament=tournament).exists():
        return 0
    return len(missing_pairs(tournament))
