"""First entries of many tables at once: a clerk's results sheet for a whole round.

A table nobody has entered yet takes a sheet's row exactly as
:func:`~tournament.results.services.submit_result` would take it (the same checks, the
entry on file, the stored values, state, version and audit entry), but the round's new
entries are written together: one UPDATE for all the tables given the same result (a few
dozen for a round, whatever its size) and one insert for all the entries on file and all
the audit lines, instead of a dozen statements a table. At 2,500 tables the
sheet took ten seconds (twenty-five on PostgreSQL) with the round locked against every
referee's save. Tables already entered, confirmed or in dispute go through
``submit_result`` one by one (a second entry confirms or disputes).
"""

from __future__ import annotations

from collections import defaultdict

from django.utils import timezone

from tournament.core import milestones
from tournament.core.actors import Actor
from tournament.core.audit import log_entries
from tournament.core.bulk import insert_all
from tournament.core.errors import ServiceError
from tournament.core.round_actions import problem
from tournament.models import Round, Submission, Table
from tournament.models.result_values import RESULT_FIELDS, ResultValues
from tournament.models.rounds import next_change_seq
from tournament.results import write_rule
from tournament.results.confirm_all import CHUNK
from tournament.results.round_status import refresh_round_status
from tournament.results.services import check_knockout_winner, enter_on
from tournament.results.table_write import (
    check_ruled,
    require_write,
    snapshot,
    table_audit,
)
from tournament.text.messages.audit import MSG_AUDIT_ENTERED, about_table

# What an entry changes on a table (besides the values): written with them.
ENTRY_FIELDS = (
    *RESULT_FIELDS,
    "state",
    "entered_by",
    "entered_via",
    "entered_at",
    "confirmed_by",
    "confirmed_via",
    "confirmed_at",
    "version",
    "change_seq",
)


def new_tables(round_: Round, numbers: set[int]) -> dict[int, Table]:
    """The round's tables among ``tables`` that nobody has entered, locked (the round's row
    is locked first, as every result save does), with their pairs (for the audit lines).
    None while the round takes no results: each table is then refused by ``submit_result``."""
    locked = (
        Round.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=round_.pk)
    )
    if problem(locked, "enter"):
        return {}
    tables = (
        round_.tables.select_for_update(of=("self",))
        .select_related("ew", "ns")
        .filter(number__in=numbers, state=Table.EMPTY)
        .exclude(ns=None)
    )
    # The one locked round (and its event) for every table, not a copy of each a table.
    return {m.number: _on(m, locked) for m in tables}


def _on(table: Table, round_: Round) -> Table:
    table.round = round_
    return table


def enter_first(
    tables: dict[int, Table], rows: dict[int, ResultValues], *, by: Actor
) -> dict[int, ServiceError]:
    """Enter ``rows[table]`` on each of ``matches`` (from :func:`new_tables`); the tables
    refused, with why, when any is (then nothing is written)."""
    refused = {}
    for number, table in tables.items():
        try:
            require_write(table, by, write_rule.IMPORT)
            check_knockout_winner(table, rows[number])
        except ServiceError as exc:
            refused[number] = exc
    if refused or not tables:
        return refused
    round_ = next(iter(tables.values())).round
    seq = next_change_seq(round_.pk)
    # The entries on file first: a dispute later finds the stored one as the latest made
    # no later than the table's entered_at (results.dispute_entries), as one by one.
    submitted_by = by.person
    insert_all(
        [
            Submission(table=m, values=rows[t].as_dict(), submitted_by=submitted_by, source=by.path)
            for t, m in sorted(tables.items())
        ]
    )
    entries = []
    # One moment for the whole sheet (after the entries on file were stored), as
    # confirm_tables confirms a round's tables at one moment: tables whose new values are
    # the same are then written by one statement.
    now = timezone.now()
    groups: dict[tuple, list[int]] = defaultdict(list)
    for number, table in sorted(tables.items()):
        check_ruled(table)
        before = snapshot(table)
        enter_on(table, rows[number], by=by, deals=None, before=before)
        table.entered_at = now
        if table.confirmed_at is not None:
            table.confirmed_at = now
        table.version += 1
        table.change_seq = seq
        groups[tuple(getattr(table, f) for f in ENTRY_FIELDS)].append(table.pk)
        summary = about_table(MSG_AUDIT_ENTERED, table)
        entries.append(
            table_audit(
                table,
                by=by,
                action="result.enter",
                summary=summary,
                before=before,
            )
        )
    _write_groups(groups)
    log_entries(round_.tournament, entries)
    milestones.backup_after_commit()  # the interval backup, when one is due
    refresh_round_status(round_)
    return {}


def _write_groups(groups: dict[tuple, list[int]]) -> None:
    """One UPDATE for the tables (pks) given the same values of :data:`ENTRY_FIELDS`."""
    for values, pks in groups.items():
        for start in range(0, len(pks), CHUNK):
            Table.objects.ruled(pks[start : start + CHUNK]).update(
                **dict(zip(ENTRY_FIELDS, values, strict=True))
            )
