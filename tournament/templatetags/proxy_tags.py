"""``{% ignored_proxy as seen %}``: the proxy whose X-Forwarded-For the settings ignore."""

from __future__ import annotations

from django import template

from tournament.core import proxy_check

register = template.Library()


@register.simple_tag
def ignored_proxy() -> dict | None:
    """The first ignored proxy this process saw (``peer``, ``at``), or None
    (:mod:`tournament.core.proxy_check`)."""
    return proxy_check.seen()
