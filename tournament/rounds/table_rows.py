"""The rows of round control, one per table, rendered in Python.

Round control lists up to a hundred tables and the status JSON sends every changed table
as its row; a template include per row cost a third of a millisecond each (three URL
reversals, two filters), which at a venue's pace of saves was most of the page. The row's
links are built from one reversal per page (:func:`table_links`).
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

from tournament.models import Match, Round
from tournament.results.checks import RESULT_FIELDS
from tournament.templatetags.guandan import result_text, state_badge

# What a row reads of a table: fetch only these (a round's sheets are the bulk of a row).
# Every result field: the result's text asks whether it ended by time (ResultValues.of), and
# a field left out is one more query per table (four per entered table, on the page every
# referee's save leads to, until they were listed here).
ROW_FIELDS = (
    "round",
    "table",
    "state",
    "ew_id",
    "ns_id",
    "ew__name",
    "ns__name",
    *RESULT_FIELDS,
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
    """One table as round control shows it: number, pairs, result, state and actions.

    Written as one string with every text escaped (names are the organizer's input):
    ``format_html`` per cell cost more than the rest of the row.
    """
    entry, sheet = links
    table = m.table
    if m.ns_id is not None and round_.status != Round.DRAFT:
        link = escape(entry(table))
        number = f'<a href="{link}">{table}</a>'
        # Labels outside the f-strings: xgettext (makemessages) does not read inside them.
        enter, by_deal = escape(gettext("录入")), escape(gettext("逐副"))
        actions = (
            f'<a class="button small" href="{link}">{enter}</a> '
            f'<a class="button small" href="{escape(sheet(table))}">{by_deal}</a>'
        )
    else:
        number, actions = (table or "—"), ""
    if m.ns_id is not None:
        ns, badge = escape(m.ns.name), state_badge(m)
    else:
        bye = escape(gettext("轮空"))
        ns, badge = f'<span class="muted">{bye}</span>', ""
    return mark_safe(
        f'<tr data-table="{table or ""}" class="state-{escape(m.state)}"><td>{number}</td>'
        f"<td>{escape(m.ew.name)}</td><td>{ns}</td><td>{escape(str(result_text(m)))}</td>"
        f'<td>{badge}</td><td class="actions">{actions}</td></tr>'
    )
