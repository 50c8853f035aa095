"""A clerk's results sheet enters the new tables of a round together, each exactly as the
entry service enters one table, in statements that do not grow with the round (a 2,500-table
sheet took ten seconds on SQLite, twenty-five on PostgreSQL, with the round locked)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.app.spreadsheet_files import xlsx
from tests.conftest import new_round, register_pair
from tournament.core.actors import user_actor
from tournament.models import AuditEntry, Round, Submission, Table
from tournament.models.result_values import RESULT_FIELDS
from tournament.results.checks import ResultValues
from tournament.results.services import submit_result
from tournament.results.spreadsheet_import import import_results

pytestmark = pytest.mark.django_db

HEADER = ["台号", "东西", "南北", "东西犯规", "南北犯规", "弃权"]
ROWS = [(1, "A+", "K", 0, 0, ""), (2, "Q", "Q", 1, 0, ""), (3, "", "", 0, 0, "ns")]
# The same results as the service takes them (what the sheet's checks make of ROWS).
VALUES = {
    1: ResultValues(ew_level="A+", ns_level="K", winner="EW"),
    2: ResultValues(ew_level="Q", ns_level="Q", ew_fouls=1),
    3: ResultValues(forfeit="NS", winner="EW"),
}
COMPARED = (
    *RESULT_FIELDS,
    "state",
    "entered_by_id",
    "entered_via",
    "confirmed_by_id",
    "confirmed_via",
    "version",
)


def imported(round_: Round, rows=ROWS, user=None) -> None:
    check = import_results(
        round_, data=xlsx(rows, header=HEADER), filename="r.xlsx", by=user_actor(user, "import")
    )
    assert check.ok, [str(p) for p in check.problems]


def entered(round_: Round) -> dict:
    """What each table holds after its entry: the table, its entry on file, its audit line."""
    out = {}
    for table in round_.tables.filter(number__in=VALUES).order_by("number"):
        submission = Submission.objects.get(table=table)
        audit = AuditEntry.objects.get(object_type="match", object_id=str(table.pk))
        out[table.number] = (
            [getattr(table, name) for name in COMPARED],
            (submission.values, submission.submitted_by_id, submission.source),
            (
                audit.action,
                audit.actor,
                _no_round(audit.summary),
                audit.before,
                _no_time(audit.after),
            ),
        )
    return out


def _no_round(summary: str) -> str:
    """The audit line without its round ("第1轮 第2台 …": the two rounds compared differ)."""
    return summary.split(" ", 1)[1]


def _no_time(after: dict) -> dict:
    return {k: v for k, v in after.items() if not k.endswith("_at")}


@pytest.mark.both_databases  # the row locks and the bulk writes on PostgreSQL too
def test_a_sheet_enters_each_new_table_as_the_entry_service_does(tournament, pairs8, referee):
    by_sheet = new_round(tournament, pairs8, number=1)
    imported(by_sheet, user=referee)
    one_by_one = new_round(tournament, pairs8, number=2)
    for number, values in VALUES.items():
        table = one_by_one.tables.get(number=number)
        submit_result(table, values, version=None, by=user_actor(referee, "import"))
    assert entered(by_sheet) == entered(one_by_one)
    # The entry on file is no later than the table's entered_at, as one by one: a dispute
    # finds the stored entry by it (a later one listed a withdrawn entry in the dispute).
    for table in by_sheet.tables.filter(number__in=VALUES):
        assert Submission.objects.get(table=table).created_at <= table.entered_at
    tables = {m.number: m for m in by_sheet.tables.all()}
    assert tables[1].state == Table.ENTERED and tables[4].state == Table.EMPTY
    assert tables[1].change_seq == Round.objects.get(pk=by_sheet.pk).change_seq > 0
    assert Round.objects.get(pk=by_sheet.pk).status == Round.IN_PLAY


def test_a_table_a_referee_entered_is_confirmed_by_the_same_result_on_the_sheet(
    tournament, pairs8, referee
):
    round_ = new_round(tournament, pairs8)
    submit_result(round_.tables.get(number=1), VALUES[1], version=None, by=user_actor(referee))
    imported(round_)  # tables 1, 2 and 3; 2 and 3 new
    states = dict(round_.tables.values_list("number", "state"))
    assert states == {1: Table.CONFIRMED, 2: Table.ENTERED, 3: Table.ENTERED, 4: Table.EMPTY}


def test_without_confirmation_the_new_tables_are_confirmed_at_once(tournament, pairs8):
    tournament.confirmation_required = False
    tournament.save()
    round_ = new_round(tournament, pairs8)
    imported(round_)
    states = dict(round_.tables.values_list("number", "state"))
    assert states == {1: Table.CONFIRMED, 2: Table.CONFIRMED, 3: Table.CONFIRMED, 4: Table.EMPTY}


def test_the_statements_do_not_grow_with_the_sheet(tournament, referee):
    pairs = [register_pair(tournament, f"队{i}") for i in range(1, 25)]

    def statements(round_: Round, tables: int, results: int = 1) -> int:
        losers = ["5", "9", "K"][:results]
        rows = [(t, "A+", losers[t % results], 0, 0, "") for t in range(1, tables + 1)]
        with CaptureQueriesContext(connection) as queries:
            imported(round_, rows)
        return len(queries)

    small = statements(new_round(tournament, pairs[:4], number=1), 2)
    # One UPDATE for all the tables given the same result, not one a table.
    assert statements(new_round(tournament, pairs, number=2), 12) == small
    assert statements(new_round(tournament, pairs[:12], number=3), 6, results=3) == small + 2
