"""``{% pace_alerts round %}``: the round control section listing tables behind pace."""

from __future__ import annotations

from django import template
from django.utils.safestring import mark_safe

from rules.pace import IDLE_MINUTES
from tournament.charts.progress import TablePace, pace_strip
from tournament.results.pace import round_pace_points

register = template.Library()


@register.inclusion_tag("rounds/_pace.html", takes_context=True)
def pace_alerts(context, round_) -> dict:
    alerts, points, elapsed = round_pace_points(round_)
    limit = round_.tournament.time_limit
    chart = None
    if points:
        tables = [TablePace(*point) for point in points]
        chart = mark_safe(pace_strip(tables, time_limit=limit, elapsed=elapsed))
    return {
        "alerts": alerts,
        "chart": chart,
        "running": round_.started_at is not None,
        "idle_minutes": IDLE_MINUTES,
        "t": context.get("t"),
        "round": round_,
    }
