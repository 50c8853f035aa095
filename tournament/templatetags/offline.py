"""Template tags of offline-first entry: whose page this is, and the foul steps a phone
applies to a kept sheet as the server will (static/js/sheet.js)."""

from __future__ import annotations

from django import template

from tournament.core.middleware import partition
from tournament.models import Foul
from tournament.results.fouls import foul_step

register = template.Library()
SIDE_MARK = "{side}"  # replaced by the side on the phone


@register.simple_tag(takes_context=True)
def offline_partition(context) -> str:
    request = context.get("request")
    return partition(request) if request is not None else "anon"


@register.simple_tag
def foul_recipes() -> dict:
    """``kind:severity`` → the sheet step the foul log writes (the sheet's buttons: no levels)."""
    return {
        f"{kind}:{severity}": foul_step(SIDE_MARK, kind, severity)
        for kind, _label in Foul.KIND_CHOICES
        for severity, _name in Foul.SEVERITY_CHOICES
    }
