"""Prepared reads (tournament/core/prepared.py) give what the ORM gives, and the session and
user read with them (tournament/core/fast_auth.py) keep Django's rules."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.sessions.models import Session
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.conftest import login
from tournament.core.fast_auth import USER, SessionStore
from tournament.core.prepared import Prepared
from tournament.core.rights import STAFF_ROW
from tournament.core.view_helpers import BY_SLUG
from tournament.models import AuditEntry, Foul, Player, Round, ScoreSheetPhoto, Table, Tournament
from tournament.models.table_guard import exempt
from tournament.results.forms import PLAYERS
from tournament.results.pace import _SHEETS
from tournament.results.table_write import LOCK_ROUND, LOCK_TABLE
from tournament.results.views import _AUDIT, TABLE, TABLE_SHOWN, table_fouls
from tournament.rounds.views import ROUND
from tournament.standings.selectors import RoundSummary, round_summary
from tournament.templatetags.photos import PHOTOS

pytestmark = [pytest.mark.django_db, pytest.mark.both_databases]


def _same(a, b) -> None:
    """Two model objects with the same fields, and the same related objects loaded."""
    assert type(a) is type(b) and a.__dict__.keys() == b.__dict__.keys()
    for name, value in a.__dict__.items():
        if name == "_state":
            assert value.fields_cache.keys() == b._state.fields_cache.keys()
            for key, related in value.fields_cache.items():
                if related is None:
                    assert b._state.fields_cache[key] is None
                else:
                    _same(related, b._state.fields_cache[key])
        else:
            assert value == getattr(b, name), name


def test_each_prepared_read_is_the_orms(tournament, pairs8, make_round, referee):
    round_ = make_round(tournament, pairs8, status=Round.IN_PLAY)
    table = round_.tables.get(number=1)
    orm = Tournament.objects.select_related("organizer").get(slug=tournament.slug)
    _same(BY_SLUG.one(tournament.slug), orm)
    _same(
        ROUND.one(tournament.pk, round_.number),
        Round.objects.select_related("stage").get(pk=round_.pk),
    )
    for prepared, related in (
        (TABLE, ("round",)),
        (TABLE_SHOWN, ("round__stage", "ew__unit", "ns__unit", "entered_by", "confirmed_by")),
    ):
        _same(
            prepared.one(tournament.pk, round_.number, 1),
            Table.objects.select_related(*related).get(pk=table.pk),
        )
    assert STAFF_ROW.one(tournament.pk, referee.pk) == ("referee", "")
    assert STAFF_ROW.one(tournament.pk, referee.pk + 1000) is None
    _same(USER.one(referee.pk), type(referee).objects.get(pk=referee.pk))
    with transaction.atomic():
        _same(
            LOCK_ROUND.one(round_.pk), Round.objects.select_related("tournament").get(pk=round_.pk)
        )
        _same(LOCK_TABLE.one(table.pk), Table.objects.select_related("ew", "ns").get(pk=table.pk))
    # Round control's counts and a table's history: values with annotations, an order kept.
    assert round_summary(round_) == _summary_by_orm(round_)
    client = login(referee)
    client.post(
        f"/t/{tournament.slug}/rounds/{round_.number}/table/1/",
        {
            "ew_level": "A+",
            "ns_level": "7",
            "forfeit": "",
            "ew_fouls": 0,
            "ns_fouls": 0,
            "version": table.version,
        },
    )
    history = AuditEntry.objects.filter(
        tournament=tournament, object_type="match", object_id=str(table.pk)
    )
    assert len(history) >= 1
    assert [a.pk for a in _AUDIT.all(tournament.pk, str(table.pk))] == [a.pk for a in history]
    assert round_summary(round_) == _summary_by_orm(round_)
    _same_table_lists(table, referee)
    # What no row has: None, as the ORM's DoesNotExist; beyond the database's integers too.
    assert BY_SLUG.one("no-such-event") is None
    assert ROUND.one(tournament.pk, 2**70) is None
    assert TABLE.one(tournament.pk, round_.number, 999) is None


def _same_table_lists(table, referee) -> None:
    """A table's fouls, photos and players (its form's lists) as the ORM reads them."""
    for n, pair in enumerate((table.ew, table.ns, table.ew)):
        Foul.objects.create(
            table=table, pair=pair, player=pair.players.first(), kind="other", referee=referee
        )
        ScoreSheetPhoto.objects.create(table=table, image=f"sheets/x{n}.jpg", source="referee")
    fouls = table.fouls.select_related("pair", "player", "referee")
    assert len(fouls) == 3
    for mine, orm in zip(table_fouls(table), fouls, strict=True):
        _same(mine, orm)
        assert mine.table is table
    photos = list(table.photos.all())
    assert len(photos) == 3
    for mine, orm in zip(PHOTOS.all(table.pk), photos, strict=True):
        mine.table = table  # as the page's tag sets it
        _same(mine, orm)
    players = Player.objects.filter(pair__in=[table.ew_id, table.ns_id])
    players = list(players.order_by("pair_id", "position"))
    assert len(players) >= 2
    for mine, orm in zip(PLAYERS.all(table.ew_id, table.ns_id), players, strict=True):
        _same(mine, orm)
    alone = list(Player.objects.filter(pair=table.ew_id).order_by("position"))
    assert [p.pk for p in PLAYERS.all(table.ew_id, table.ew_id)] == [p.pk for p in alone]


def _summary_by_orm(round_):
    counts = dict.fromkeys((key for key, _ in Table.STATE_CHOICES), 0)
    for table in round_.tables.all():
        if table.ns_id is not None:
            counts[table.state] += 1
    byes = round_.tables.filter(ns=None).count()
    return RoundSummary(counts=counts, tables=sum(counts.values()), byes=byes)


def test_one_statement_each_and_its_rules(tournament):
    with CaptureQueriesContext(connection) as queries:
        BY_SLUG.one(tournament.slug)
        BY_SLUG.one(tournament.slug)
    assert len(queries.captured_queries) == 2  # seen by the counters, as any statement
    with pytest.raises(ValueError):
        BY_SLUG.one(None)  # None would change the SQL (IS NULL)
    many = Prepared(lambda n: Round.objects.filter(number__gte=n), int)
    assert many.all(1) == list(Round.objects.filter(number__gte=1).order_by())


def test_an_expired_or_unknown_session_is_no_session(referee):
    store = SessionStore()
    store["x"] = 1
    store.create()
    key = store.session_key
    assert SessionStore(key).load() == {"x": 1}
    Session.objects.filter(pk=key).update(expire_date=timezone.now() - timedelta(seconds=1))
    assert SessionStore(key).load() == {}
    assert SessionStore("no-such-session-key-00000000000").load() == {}


def test_a_logged_in_referee_and_an_inactive_one(client, tournament, referee):
    page = f"/t/{tournament.slug}/rounds/"
    browser = login(referee)
    assert browser.get(page).status_code == 200
    type(referee).objects.filter(pk=referee.pk).update(is_active=False)
    assert browser.get(page).status_code == 302  # no user: the login page


def test_the_pace_reads_the_tables_with_a_sheet_as_the_orm(tournament, pairs8, make_round):
    """Round control's pace rows: the tables in play with a sheet."""
    round_ = make_round(tournament, pairs8, status=Round.IN_PLAY)
    line = {"win": "EW", "ew": "3", "ns": "2"}
    with exempt("fixture"):  # sheets set up directly, outside the write rule
        round_.tables.filter(number__in=(3, 1)).update(deals=[line], deal_times=["t"])
        round_.tables.filter(number=4).update(deals=[line], state=Table.ENTERED)
    orm = (
        round_.tables.exclude(ns=None)
        .exclude(state__in=(Table.ENTERED, Table.CONFIRMED, Table.DISPUTED))
        .exclude(deals=[])
        .order_by("number")
        .values_list("number", "ew_level", "ns_level", "deals", "deal_times")
    )
    rows = sorted(_SHEETS.all(round_.pk))
    assert [r[0] for r in rows] == [1, 3]
    assert rows == [tuple(r) for r in orm]


def test_the_pace_query_reads_the_index_of_tables_with_a_sheet(tournament, pairs8, make_round):
    """SQLite walks ``match_with_sheet`` (the tables with a sheet), not every table of the
    round: an ORDER BY on the table's number in the SQL had it take the round's index."""
    if connection.vendor != "sqlite":
        pytest.skip("SQLite's plan; PostgreSQL picks by its statistics")
    round_ = make_round(tournament, pairs8, status=Round.IN_PLAY)
    with CaptureQueriesContext(connection) as queries:
        _SHEETS.all(round_.pk)
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN QUERY PLAN " + queries.captured_queries[0]["sql"])
        plan = " ".join(str(step[-1]) for step in cursor.fetchall())
    assert "USING INDEX match_with_sheet" in plan, plan


def test_the_round_counts_read_the_round_state_index_in_order(tournament, pairs8, make_round):
    """Round control's counts (every save leads there): SQLite reads the covering index on
    (round, state, ns) in its order, grouping by state without a sort, one bye test a table
    (a count per state with FILTER tested all five states for each table: 3 × the time)."""
    if connection.vendor != "sqlite":
        pytest.skip("SQLite's plan; PostgreSQL picks by its statistics")
    round_ = make_round(tournament, pairs8, status=Round.IN_PLAY)
    with CaptureQueriesContext(connection) as queries:
        round_summary(round_)
    sql = queries.captured_queries[0]["sql"]
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN QUERY PLAN " + sql)
        plan = " ".join(str(step[-1]) for step in cursor.fetchall())
    assert "COVERING INDEX match_round_state" in plan and "TEMP B-TREE" not in plan, plan
    assert sql.count("FILTER") == 1, sql
