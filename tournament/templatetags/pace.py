"""``{% pace_alerts round %}``: the round control section listing tables behind pace, with
the pace strip; ``{% pace_chart round %}``: the strip alone (the projector)."""

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
    return {
        "alerts": alerts,
        "chart": _strip(round_, points, elapsed),
        "running": round_.started_at is not None,
        "idle_minutes": IDLE_MINUTES,
        "t": context.get("t"),
        "round": round_,
    }


@register.simple_tag
def pace_chart(round_) -> str:
    _alerts, points, elapsed = round_pace_points(round_)
    return _strip(round_, points, elapsed)


def _strip(round_, points, elapsed: float) -> str:
    """The pace strip of the tables with a sheet ("" when none has one)."""
    if not points:
        return ""
    tables = [TablePace(*point) for point in points]
    limit = round_.tournament.time_limit
    return mark_safe(pace_strip(tables, time_limit=limit, elapsed=elapsed))
