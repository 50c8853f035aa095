"""The rows of round control, one per table, rendered in Python.

Round control lists up to a hundred tables and the status JSON sends every changed table
as its row; a template include per row cost a third of a millisecond each (three URL
reversals, two filters), which at a venue's pace of saves was most of the page. The row's
links are built from one reversal per page (:func:`table_links`).
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Callable
from dataclasses import dataclass
from html import escape

from django.urls import reverse
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext

from tournament.core.prepared import Prepared
from tournament.core.result_labels import result_text, state_badge
from tournament.models import Round, Table
from tournament.models.result_values import RESULT_FIELDS

# What a row reads of a table: fetch only these (a round's sheets are the bulk of a row).
# Every result field: the result's text asks whether it ended by time (ResultValues.of).
# A row has these attributes and no others (TableRow's slots): a field the row's text
# needs and this list lacks is an AttributeError, not a query per table.
ROW_FIELDS = (
    "number",
    "state",
    "ew_id",
    "ns_id",
    "ew__name",
    "ns__name",
    "team_match",
    *RESULT_FIELDS,
)


_ATTRIBUTE = {"ew__name": "ew_name", "ns__name": "ns_name"}


_NAMES = tuple(_ATTRIBUTE.get(name, name) for name in ROW_FIELDS)


class TableRow(namedtuple("TableRow", _NAMES)):
    """What a row shows of a table: one ``values_list()`` row of :data:`ROW_FIELDS`, its
    fields named (the table's number, state, result fields, the pairs' names ``ew_name``
    and ``ns_name``, its team match: a team event's, else None). Not a ``Table`` and two
    ``Pair`` objects: building those was a third of round control's rows, read after every
    save. The row is also what its kept HTML is kept by (:func:`table_row`)."""

    __slots__ = ()


def row_tables(tables):
    """``tables`` as the rows :class:`TableRow` takes (a ``values_list()`` query: it pages
    and counts as any other), with what :func:`table_row` reads, and nothing more."""
    return tables.values_list(*ROW_FIELDS)


def table_rows(values) -> list[TableRow]:
    """The rows of a :func:`row_tables` query, a page of one, or a prepared read of one
    (:data:`FIRST_PAGE`, :data:`CHANGED`)."""
    return list(map(TableRow._make, values))


ROWS_PER_PAGE = 100
ATTENTION = "attention"  # round control's filter of the tables in ATTENTION_STATES
# Tables a referee should look at now: a dispute to settle, an entry to confirm.
ATTENTION_STATES = (Table.DISPUTED, Table.ENTERED)
MAX_CHANGES = 200  # the poll's changed rows beyond which the page reloads instead


def state_tables(tables, state: str):
    """``tables`` as round control's filter ``state`` shows them: :data:`ATTENTION`, the
    tables that need it; a table state, its tables; "" every table, byes too."""
    if state == ATTENTION:
        return tables.filter(state__in=ATTENTION_STATES).exclude(ns=None)
    return tables.filter(state=state).exclude(ns=None) if state else tables


def _rows_of(round_pk: int):
    return row_tables(Table.objects.filter(round_id=round_pk)).order_by("number")


# The reads every save leads to, compiled once (tournament/core/prepared.py): round
# control's first page, of the tables that need attention (a big round) or of every table,
# and its poll's tables changed after a sequence number (one row more than it shows: more
# than MAX_CHANGES reload the page). Other filters and pages are the ORM's, rarer.
FIRST_PAGE = {
    state: Prepared(
        lambda r, state=state: state_tables(_rows_of(r), state)[:ROWS_PER_PAGE], int, ordered=True
    )
    for state in (ATTENTION, "")
}
CHANGED = Prepared(
    lambda r, since: _rows_of(r).filter(change_seq__gt=since).exclude(ns=None)[: MAX_CHANGES + 1],
    int,
    int,
    ordered=True,
)


_MARK = 987654321  # a table number no event has: where the table goes in the link


def table_link(name: str, slug: str, number: int) -> Callable[[int], str]:
    """The link of URL ``name`` for any table of round ``number``, from one reversal."""
    head, tail = reverse(name, args=[slug, number, _MARK]).split(str(_MARK))
    return lambda table: f"{head}{table}{tail}"


@dataclass(frozen=True)
class RowLinks:
    """What every row of one page shares: its links' makers and its buttons' labels
    (translated and escaped once a page, not twice a row)."""

    entry: Callable[[int], str]
    sheet: Callable[[int], str]
    enter: str
    by_deal: str
    #: The tables the reader may enter (a referee given tables 1–5), None for every table:
    #: the others get no 录入 and 逐副 buttons, which only led to a refused submit.
    tables: frozenset[int] | None = None


def table_links(slug: str, number: int, tables: set[int] | None = None) -> RowLinks:
    """The result-entry and deal-sheet links of the tables of a round, and their labels;
    ``tables``: the reader's tables (:func:`tournament.core.rights.referee_tables`)."""
    return RowLinks(
        table_link("table_entry", slug, number),
        table_link("table_sheet", slug, number),
        # Labels outside the f-strings: xgettext (makemessages) does not read inside them.
        escape(gettext("录入")),
        escape(gettext("逐副")),
        None if tables is None else frozenset(tables),
    )


# A row's HTML by what it is made of (every field of the row, the round's status, the
# page's links and language): round control is read after every save and shows the same
# rows again, only the saved table's changed. Per process, emptied when full (a few MB).
_ROWS: dict[tuple, str] = {}
_MAX_ROWS = 4_000


def page_key(round_: Round, links: RowLinks) -> tuple:
    """What every row of one page is rendered with: the round's status, the language, the
    page's links and the reader's tables (with the row, the key of its kept HTML)."""
    return round_.status, get_language(), links.entry(0), links.tables


def table_row(m: TableRow, round_: Round, links: RowLinks, page: tuple | None = None) -> str:
    """:func:`render_row`, kept: the same row is rendered once per process. ``page``: its
    :func:`page_key`, when the caller has it for many rows."""
    key = (m, page or page_key(round_, links))
    html = _ROWS.get(key)
    if html is None:
        if len(_ROWS) >= _MAX_ROWS:
            _ROWS.clear()
        html = _ROWS[key] = render_row(m, round_, links)
    return html


def rows_html(rows: list[TableRow], round_: Round, links: RowLinks, titles: dict) -> str:
    """Round control's rows, each under its team match's title when ``titles`` has them:
    what a template loop with ``{% ifchanged %}`` wrote, without a node per row."""
    parts, last, page = [], None, page_key(round_, links)
    for m in rows:
        if titles:
            if m.team_match and m.team_match != last:
                title = conditional_escape(titles.get(m.team_match))
                parts.append(f'<tr\n    class="team-match"><th colspan="6">{title}</th></tr>')
            last = m.team_match
            parts.append("\n")
        parts.append("\n")
        parts.append(table_row(m, round_, links, page))
    return mark_safe("".join(parts))


def render_row(m: TableRow, round_: Round, links: RowLinks) -> str:
    """One table as round control shows it: number, pairs, result, state and actions.

    Written as one string with every text escaped (names are the organizer's input):
    ``format_html`` per cell cost more than the rest of the row.
    """
    table = m.number
    if m.ns_id is not None and round_.status != Round.DRAFT:
        link = escape(links.entry(table))
        number = f'<a href="{link}">{table}</a>'
        actions = (
            f'<a class="button small" href="{link}">{links.enter}</a> '
            f'<a class="button small" href="{escape(links.sheet(table))}">{links.by_deal}</a>'
            if links.tables is None or table in links.tables
            else ""
        )
    else:
        number, actions = (table or "—"), ""
    if m.ns_id is not None:
        ns, badge = escape(m.ns_name), state_badge(m)
    else:
        bye = escape(gettext("轮空"))
        ns, badge = f'<span class="muted">{bye}</span>', ""
    return mark_safe(
        f'<tr data-table="{table or ""}" class="state-{escape(m.state)}"><td>{number}</td>'
        f"<td>{escape(m.ew_name)}</td><td>{ns}</td><td>{escape(str(result_text(m)))}</td>"
        f'<td>{badge}</td><td class="actions">{actions}</td></tr>'
    )
