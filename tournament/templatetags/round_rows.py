"""``{% round_table_rows matches titles %}``: the rows of round control (see :mod:`tournament.rounds.table_rows`)."""

from __future__ import annotations

from django import template

from tournament.core.rights import referee_tables
from tournament.rounds.table_rows import rows_html, table_links

register = template.Library()


@register.simple_tag(takes_context=True)
def round_table_rows(context, rows, titles) -> str:
    """The rows of the tables ``rows``; the links are reversed once per rendering."""
    t, round_ = context["t"], context["round"]
    mine = referee_tables(context["request"].user, t)
    return rows_html(rows, round_, table_links(t.slug, round_.number, mine), titles)
