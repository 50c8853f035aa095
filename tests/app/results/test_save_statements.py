"""The statements a referee's save takes: every one after the round's lock is a
round trip that the other referees' saves of the round wait for (bench/public_load.py
``--saves-only`` measures the times on PostgreSQL).

The counts are exact on purpose: a new statement in the save path should be a decision, made
by changing the figure here, not a slip.
"""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.conftest import login
from tournament.models import AuditEntry, Round, Submission, Table
from tournament.models.rounds import next_change_seq
from tournament.models.table_guard import exempt
from tournament.results.round_status import refresh_round_status

pytestmark = [pytest.mark.django_db, pytest.mark.both_databases]

# A referee's first entry of a table through its form: the request's own reads (event,
# session, user, role, table), then the save's transaction (a savepoint in the test's own
# transaction): round lock, table lock, entry, change number, table, audit line, round status.
BEFORE_LOCK = ["tournament", "session", "user", "staff", "match"]
UNDER_LOCK = ["round", "match", "submission", "round", "match", "auditentry", "match"]
# The form a referee loads before the save: the same reads, then what the page shows of the
# table beside its result: the pairs' players (the foul form), fouls, history and photos.
FORM = ["tournament", "session", "user", "staff", "match", "player", "foul", "auditentry"]
FORM += ["sheetphoto"]
# Round control, where the save leads: the request's reads, the round, its counts, its rows.
ROUND_CONTROL = ["tournament", "session", "user", "staff", "round", "match", "match"]
# Round control's poll (``status.json?since=``), every few seconds on each referee's phone:
# the request's reads, the round once, its counts (no table changed yet: no rows to read).
POLL = ["session", "user", "tournament", "staff", "round", "match"]


def _table(sql: str) -> str:
    """The table a statement reads or writes (after FROM, INTO or UPDATE), without its app's
    prefix."""
    name = re.search(r'(?:FROM|INTO|UPDATE) "(\w+)"', sql).group(1)
    return name.removeprefix("tournament_").removeprefix("django_").removeprefix("auth_")


def _post(client, table: Table) -> tuple[int, list[str]]:
    url = reverse("table_entry", args=[table.round.tournament.slug, table.round.number, 1])
    data = {"ew_level": "A+", "ns_level": "7", "forfeit": "", "ew_fouls": 0, "ns_fouls": 0}
    with CaptureQueriesContext(connection) as queries:
        status = client.post(url, {**data, "version": table.version}).status_code
    return status, [q["sql"] for q in queries.captured_queries]


def test_a_referees_save_takes_one_transaction_of_seven_statements(
    tournament, pairs8, make_round, referee
):
    round_ = make_round(tournament, pairs8, status=Round.IN_PLAY)
    table = round_.tables.get(number=1)
    version = table.version
    status, statements = _post(login(referee), table)
    assert status == 302
    savepoints = [s for s in statements if s.startswith(("SAVEPOINT", "RELEASE"))]
    # One savepoint, the save's transaction inside the test's: no nested one.
    assert len(savepoints) == 2, savepoints
    start, end = statements.index(savepoints[0]), statements.index(savepoints[1])
    assert [_table(s) for s in statements[:start]] == BEFORE_LOCK
    assert [_table(s) for s in statements[start + 1 : end]] == UNDER_LOCK
    assert "FOR UPDATE" in statements[start + 1] or connection.vendor == "sqlite"
    # The table read before the lock is the table and its round: the lock reads it again,
    # and the page's pairs, units and accounts would only cost the save their columns.
    joined = re.findall(r'JOIN "(\w+)"', statements[start - 1])
    assert joined == ["tournament_round"], joined
    assert statements[end + 1 :] == []
    # The round's status from one EXISTS question, not the states of all its tables.
    assert "LIMIT 1" in statements[end - 1] and "DISTINCT" not in statements[end - 1]
    # Everything the save promises is there: the table, its entry and its audit line.
    table.refresh_from_db()
    assert (table.state, table.ns_level, table.version) == (Table.ENTERED, "7", version + 1)
    assert Submission.objects.filter(table=table).count() == 1
    assert AuditEntry.objects.filter(action="result.enter", object_id=str(table.pk)).count() == 1


def test_a_refused_save_leaves_nothing(tournament, pairs8, make_round, referee):
    """Without the nested savepoints, a refusal still rolls the whole save back."""
    round_ = make_round(tournament, pairs8, status=Round.IN_PLAY)
    table = round_.tables.get(number=1)
    client = login(referee)
    version = table.version
    assert _post(client, table)[0] == 302
    table.refresh_from_db()
    table.version = version  # the form as it was before the first save: stale
    status, _ = _post(client, table)
    assert status == 200
    table.refresh_from_db()
    assert table.version == version + 1 and Submission.objects.filter(table=table).count() == 1


def test_the_change_number_moves_in_one_statement(tournament, pairs8, make_round):
    round_ = make_round(tournament, pairs8)
    with CaptureQueriesContext(connection) as queries:
        numbers = [next_change_seq(round_.pk) for _ in range(3)]
    assert numbers == [1, 2, 3]
    assert len(queries.captured_queries) == 3
    assert Round.objects.get(pk=round_.pk).change_seq == 3


E, N, C, D = Table.EMPTY, Table.ENTERED, Table.CONFIRMED, Table.DISPUTED


@pytest.mark.parametrize(
    ("before", "states", "after"),
    [
        (Round.PUBLISHED, [E, E, E, E], Round.PUBLISHED),
        (Round.PUBLISHED, [E, N, E, E], Round.IN_PLAY),
        (Round.IN_PLAY, [E, E, E, E], Round.IN_PLAY),
        (Round.IN_PLAY, [C, D, C, C], Round.IN_PLAY),
        (Round.IN_PLAY, [N, C, N, N], Round.ENTERED),
        (Round.ENTERED, [C, C, C, C], Round.CONFIRMED),
        (Round.CONFIRMED, [C, C, N, C], Round.ENTERED),
        (Round.CONFIRMED, [C, C, E, C], Round.IN_PLAY),
    ],
)
def test_the_round_status_follows_its_tables(tournament, pairs8, make_round, before, states, after):
    round_ = make_round(tournament, pairs8, status=before)
    with exempt("fixture"):  # set up directly, outside the write rule
        for table, state in enumerate(states, start=1):
            Table.objects.filter(round=round_, number=table).update(state=state)
    refresh_round_status(round_)
    assert round_.status == after == Round.objects.get(pk=round_.pk).status


def test_round_control_takes_as_many_statements_whatever_the_results(
    tournament, pairs8, make_round, referee
):
    """The page every save leads to, and its live list of changed tables: a table's row
    reads its result from the one query of the rows, never one more query per table."""
    round_ = make_round(tournament, pairs8, status=Round.IN_PLAY)
    client = login(referee)
    urls = [
        reverse("round_control", args=[tournament.slug, 1]),
        reverse("round_status_json", args=[tournament.slug, 1]) + "?since=0",
    ]

    def counts() -> list[int]:
        found = []
        for url in urls:
            with CaptureQueriesContext(connection) as queries:
                assert client.get(url).status_code == 200
            found.append(len(queries.captured_queries))
        return found

    def enter(table: Table) -> None:
        table.ew_level, table.ns_level, table.ns_fouls, table.winner = "J", "9", 1, "EW"
        with exempt("fixture"):  # set up directly, outside the write rule
            table.state = Table.ENTERED
            table.save()

    first, *others = round_.tables.order_by("number")
    enter(first)
    one = counts()
    for table in others:
        enter(table)
    assert counts() == one
    assert "J : 9" in client.get(urls[0]).content.decode()


def test_a_referees_poll_reads_the_round_once(tournament, pairs8, make_round, referee):
    make_round(tournament, pairs8, status=Round.IN_PLAY)
    url = reverse("round_status_json", args=[tournament.slug, 1]) + "?since=0"
    client = login(referee)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    found = [_table(q["sql"]) for q in queries.captured_queries]
    assert found == POLL, found


def _reads(client, url: str) -> tuple[list[str], list[str]]:
    """The tables the statements of one GET read, and the templates it rendered."""
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    names = [t.name for t in response.templates]
    return [_table(q["sql"]) for q in queries.captured_queries], names


def test_a_tables_form_takes_nine_statements_and_no_widget_template(
    tournament, pairs8, make_round, referee
):
    """The form every save starts from: the tournament read once (not again in the table's
    join), and its fields' HTML written in Python (tournament/results/form_html.py), not a
    template include per field, label and option."""
    make_round(tournament, pairs8, status=Round.IN_PLAY)
    url = reverse("table_entry", args=[tournament.slug, 1, 1])
    tables, templates = _reads(login(referee), url)
    assert tables == FORM
    assert [t for t in templates if t.startswith("django/forms/")] == []


def test_round_control_takes_seven_statements(tournament, pairs8, make_round, referee):
    """As a round of more than a hundred tables opens (on the tables that need attention,
    counted with the summary): the page every referee's save leads to."""
    round_ = make_round(tournament, pairs8, status=Round.IN_PLAY)
    with exempt("fixture"):  # set up directly, outside the write rule
        round_.tables.filter(number__in=[1, 2]).update(state=Table.ENTERED)  # two rows to show
    url = reverse("round_control", args=[tournament.slug, 1]) + "?state=attention"
    tables, _ = _reads(login(referee), url)
    assert tables == ROUND_CONTROL


def test_a_tables_audit_lines_are_read_through_their_index(tournament, pairs8, make_round):
    """The table's page lists its audit lines: read through the index of one object's lines,
    never by reading every line of the event (PostgreSQL's plan without the index)."""
    round_ = make_round(tournament, pairs8, status=Round.IN_PLAY)
    table = round_.tables.get(number=1)
    lines = AuditEntry.objects.filter(
        tournament=tournament, object_type="match", object_id=str(table.pk)
    )
    if connection.vendor == "postgresql":
        # An event's log as the planner sees it on the day: thousands of other tables' lines
        # (with a test's few rows it may pick any index, or none).
        others = [
            AuditEntry(tournament=tournament, object_type="match", object_id=str(n), action="x")
            for n in range(100_000, 103_000)
        ]
        AuditEntry.objects.bulk_create(others)
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE tournament_auditentry")
    assert "audit_object" in lines.explain()


# The reads every staff request and every save make (session, user, event, role, round,
# table, the save's two locks) are compiled once per process (tournament/core/prepared.py):
# the ORM's compiling of a query cost about as much as running it ten times; the form's
# players, fouls and photos too; round control's first page of rows (its count is the
# summary's). The queries Django still compiles for a save's pages: none.
COMPILED = {"form": 0, "post": 0, "round control": 0}


def test_a_save_compiles_only_the_pages_own_queries(tournament, pairs8, make_round, referee):
    from unittest import mock

    select = connection.ops.compiler("SQLCompiler")  # the database's own class of it

    round_ = make_round(tournament, pairs8, status=Round.IN_PLAY)
    table = round_.tables.get(number=1)
    client = login(referee)
    url = reverse("table_entry", args=[tournament.slug, round_.number, 1])
    data = {"ew_level": "A+", "ns_level": "7", "forfeit": "", "ew_fouls": 0, "ns_fouls": 0}
    # The first save of a process compiles the prepared reads: table 2's.
    first = reverse("table_entry", args=[tournament.slug, round_.number, 2])
    version = round_.tables.get(number=2).version
    client.get(first)
    client.get(client.post(first, {**data, "version": version})["Location"])
    compiled, as_sql = {}, select.as_sql

    def counted(part: str, call):
        def compile_(self, *args, **kwargs):
            if type(self) is select:  # a SELECT (not an INSERT or UPDATE)
                compiled[part] = compiled.get(part, 0) + 1
            return as_sql(self, *args, **kwargs)

        compiled[part] = 0
        with mock.patch.object(select, "as_sql", compile_):
            return call()

    counted("form", lambda: client.get(url))
    answer = counted("post", lambda: client.post(url, {**data, "version": table.version}))
    counted("round control", lambda: client.get(answer["Location"]))
    assert compiled == COMPILED


def test_an_event_page_reads_the_user_once_and_then_holds_the_user_itself(
    tournament, pairs8, make_round, referee
):
    """``load_tournament`` puts the signed-in user in place of Django's lazy proxy: every
    later read (rights, templates, audit) is a plain attribute, not a raised and caught
    ``AttributeError`` in the proxy. The same statements: the user is read once."""
    from django.contrib.auth.models import AnonymousUser, User

    round_ = make_round(tournament, pairs8, status=Round.IN_PLAY)
    url = reverse("table_entry", args=[tournament.slug, round_.number, 1])
    client = login(referee)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    assert type(response.wsgi_request.user) is User
    assert response.wsgi_request.user.pk == referee.pk
    assert [_table(q["sql"]) for q in queries.captured_queries] == FORM
    public = Client().get(reverse("tournament_detail", args=[tournament.slug]))
    assert type(public.wsgi_request.user) is AnonymousUser
