"""The rows of round control, one per table, rendered in Python.

Round control lists up to a hundred tables and the status JSON sends every changed table
as its row; a template include per row cost a third of a millisecond each (three URL
reversals, two filters), which at a venue's pace of saves was most of the page. The row's
links are built from one reversal per page (:func:`table_links`).
"""

from __future__ import annotations

from collections.abc import Callable

from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext

from tournament.models import Match, Round
from tournament.templatetags.guandan import result_text, state_badge

# What a row reads of a table: fetch only these (a round's sheets are the bulk of a row).
ROW_FIELDS = (
    "round",
    "table",
    "state",
    "ew_id",
    "ns_id",
    "ew__name",
    "ns__name",
    "ew_level",
    "ns_level",
    "forfeit",
    "defeat_side",
    "defeat_reason",
)
_MARK = 987654321  # a table number no event has: where the table goes in the link


def row_matches(matches):
    """``matches`` with what :func:`table_row` reads, and nothing more."""
    return matches.select_related("ew", "ns").only(*ROW_FIELDS)


def table_link(name: str, slug: str, number: int) -> Callable[[int], str]:
    """The link of URL ``name`` for any table of round ``number``, from one reversal."""
    head, tail = reverse(name, args=[slug, number, _MARK]).split(str(_MARK))
    return lambda table: f"{head}{table}{tail}"


def table_links(slug: str, number: int) -> tuple[Callable[[int], str], Callable[[int], str]]:
    """The result-entry and deal-sheet links of the tables of a round."""
    return table_link("match_entry", slug, number), table_link("match_sheet", slug, number)


def table_row(m: Match, round_: Round, links) -> str:
    """One table as round control shows it: number, pairs, result, state and actions."""
    entry, sheet = links
    open_ = m.ns_id is not None and round_.status != Round.DRAFT
    number = (
        format_html('<a href="{}">{}</a>', entry(m.table), m.table) if open_ else (m.table or "—")
    )
    ns = (
        m.ns.name
        if m.ns_id is not None
        else format_html('<span class="muted">{}</span>', gettext("轮空"))
    )
    actions = (
        format_html(
            '<a class="button small" href="{}">{}</a> <a class="button small" href="{}">{}</a>',
            entry(m.table),
            gettext("录入"),
            sheet(m.table),
            gettext("逐副"),
        )
        if open_
        else ""
    )
    return format_html(
        '<tr data-table="{}" class="state-{}"><td>{}</td><td>{}</td><td>{}</td><td>{}</td>'
        '<td>{}</td><td class="actions">{}</td></tr>',
        m.table or "",
        m.state,
        number,
        m.ew.name,
        ns,
        result_text(m),
        state_badge(m) if m.ns_id is not None else "",
        actions,
    )
