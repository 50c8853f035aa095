"""``{% table_row m %}``: one row of round control (see :mod:`tournament.rounds.table_rows`)."""

from __future__ import annotations

from django import template

from tournament.core.rights import referee_tables
from tournament.rounds.table_rows import table_links, table_row

register = template.Library()


@register.simple_tag(takes_context=True)
def round_table_row(context, m) -> str:
    """The row of table ``m``; the links are reversed once per rendering of the page."""
    t, round_ = context["t"], context["round"]
    key = ("table_links", t.slug, round_.number)
    links = context.render_context.get(key)
    if links is None:
        mine = referee_tables(context["request"].user, t)
        links = context.render_context[key] = table_links(t.slug, round_.number, mine)
    return table_row(m, round_, links)
