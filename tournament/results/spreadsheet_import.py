"""Importing a round's results from a clerk's spreadsheet (成绩录入表): checked in full, then
saved in one transaction."""

from __future__ import annotations

from django.db import transaction

from rules.messages import Message
from tournament.core.actors import Actor
from tournament.core.audit import log_action
from tournament.core.errors import Refused, ServiceError
from tournament.models import Round, Table
from tournament.results.first_entries import enter_first, new_tables
from tournament.results.results_spreadsheet import HEADERS, ResultsCheck, check_results_spreadsheet
from tournament.results.services import submit_result
from tournament.spreadsheets.table_file import CellProblem, read_table
from tournament.spreadsheets.uploads import upload_limits
from tournament.standings.selectors import ruleset
from tournament.text.messages.audit import MSG_AUDIT_IMPORT_RESULTS, round_ref


@transaction.atomic
def import_results(
    round_: Round,
    *,
    data: bytes,
    filename: str,
    by: Actor,
    dry_run: bool = False,
) -> ResultsCheck:
    """Enter every row's result, or nothing when any row (or any save) is refused.

    ``dry_run`` (the preview before the clerk confirms): every row is checked and saved
    exactly as the import would, then everything is rolled back, so the preview reports the
    same refusals and disputes as the import and nothing is kept."""
    tournament = round_.tournament
    table = read_table(data, filename, HEADERS["table"], upload_limits())
    draws = _draws(round_)
    check = check_results_spreadsheet(table, ruleset(tournament), set(draws), draws)
    if not check.ok:
        return check
    sid = transaction.savepoint()
    fresh = new_tables(round_, set(check.rows))
    refused = enter_first(fresh, check.rows, by=by)
    tables = _entered_before(round_, set(check.rows) - set(fresh) - set(refused))
    for table_no, values in check.rows.items():
        if table_no in refused:
            check.problems.append(_refused(table_no, refused[table_no]))
            continue
        if table_no in fresh:
            continue  # entered with the other new tables
        try:
            saved = submit_result(tables[table_no], values, version=None, by=by)
        except Refused as exc:
            check.problems.append(_refused(table_no, exc))
            continue
        if saved.state == Table.DISPUTED:
            check.problems.append(
                CellProblem(None, None, Message("import_disputed", {"table": table_no}))
            )
    if check.problems or dry_run:
        transaction.savepoint_rollback(sid)
        return check
    transaction.savepoint_commit(sid)
    log_action(
        tournament=tournament,
        by=by,
        action="result.import",
        obj=round_,
        summary=Message(
            MSG_AUDIT_IMPORT_RESULTS,
            {"file": filename, "round": round_ref(round_), "count": len(check.rows)},
        ),
        label="" if by.user else "cli",
    )
    return check


def _refused(table_no: int, exc: ServiceError) -> CellProblem:
    return CellProblem(None, None, Message("import_table", {"table": table_no, "error": exc.msg}))


def _draws(round_: Round) -> dict[int, tuple[int | None, int | None]]:
    """Each table's draw numbers (EW, NS), as plain values: 2,500 tables read as Table and
    Pair objects cost more than the whole check; only the tables entered before are read as
    objects (:func:`_entered_before`)."""
    rows = round_.tables.exclude(ns=None).values_list(
        "number", "ew__draw_number", "ns__draw_number"
    )
    return {table: (ew, ns) for table, ew, ns in rows}


def _entered_before(round_: Round, tables: set[int]) -> dict[int, Table]:
    """The tables among ``tables`` (entered before: each goes through ``submit_result``)."""
    if not tables:
        return {}
    found = round_.tables.filter(number__in=tables).select_related("ew", "ns")
    return {m.number: m for m in found}
