"""``{% pace_alerts round %}``: the round control section listing tables behind pace."""

from __future__ import annotations

from django import template

from rules.pace import IDLE_MINUTES
from tournament.results.pace import round_pace

register = template.Library()


@register.inclusion_tag("rounds/_pace.html", takes_context=True)
def pace_alerts(context, round_) -> dict:
    return {
        "alerts": round_pace(round_),
        "running": round_.started_at is not None,
        "idle_minutes": IDLE_MINUTES,
        "t": context.get("t"),
        "round": round_,
    }
