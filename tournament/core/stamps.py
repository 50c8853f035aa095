"""Stamps: short texts that change whenever what a page shows changes.

Vocabulary
----------
public stamp
    ``Tournament.stamp`` (a counter) with ``Tournament.updated_at``. Bumped in the
    transaction of every change the public can see, by the service that makes it
    (:func:`public_changed`): not by the results of tables, which the public sees only
    once their round is locked, and locking is itself a bump. Settings saved through ``Tournament.save`` move
    ``updated_at``. Both live in the database, so every process (and every server) sees a
    change the moment it is committed.
staff stamp
    The public stamp plus the versions and change numbers of the event's rounds: staff
    pages show results as they come in. Every save of a table takes its round's next
    change number (``Table.save``), and every change of a round's pairings or status its
    next version, so the sums move with each one (one query over the rounds, not over
    thousands of tables).

stamp memo
    The stamps of whole public pages and of a round's live answers as a process last read
    them, kept for ``STAMP_MEMO_MS`` (500 ms by default; :func:`_memo`). Thousands of
    phones asking one event's pages (after a round is published) then cost the database
    about two stamp queries a second per process instead of one each, and a cached answer
    on PostgreSQL no more than on SQLite (the query's round trip was the whole
    difference). So an anonymous public answer reflects every commit at least that old,
    and this process's own public changes at once (:func:`bump_stamp` empties the memo when
    its transaction commits); the microcache in front (docs/deployment.md) keeps answers a
    second or two anyway. Signed-in pages never read the memo.

Keys of cached computations and ETags are made of these stamps, so a stale entry is
never served: after a change the key is new and the old entry simply expires.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TypeVar

from django.conf import settings
from django.db import InterfaceError, OperationalError, connections, router, transaction
from django.db.models import CharField, Count, F, Sum
from django.db.models.functions import Cast
from django.utils import timezone

from tournament.models import Round, Tournament

# Audit actions whose changes leave the public stamp alone (the services of the others call
# public_changed: tests/app/core/test_side_effects.py): results and fouls touch only tables of
# rounds that are not locked (locked rounds refuse them), which the public pages do not
# show; an archive import creates a new tournament, never cached, and keeps the archived
# ``updated_at``. Staff tokens, score-sheet photos and unlocked accounts are never shown to
# the public. A series (tournament.series) shows on its own pages, not on its events'. Nor
# a laptop's upload settings and the receipts of its uploads (the import they make says the
# public pages changed itself). A merge of players across events (``person.merge``,
# ``person.unmerge``) changes no event's data: the player page (tournament.people) reads
# merges afresh.
PRIVATE_ACTIONS = (
    "result.",
    "foul.",
    "archive.import",
    "token.",
    "photo.",
    "login.",
    "series.",
    "upload.",
    "person.merge",
    "person.unmerge",
)


def public_changed(tournament: Tournament) -> None:
    """Say that a change shows on the public pages: their stamp moves in this transaction,
    so cached pages and ETags change the moment it is committed. Every service whose
    change the public can see calls it (the audit writer does not: it only writes lines)."""
    bump_stamp(tournament.pk)


def bump_stamp(tournament_id: int) -> None:
    """Move the public stamp of a tournament (call inside the transaction of the change)."""
    Tournament.objects.filter(pk=tournament_id).update(
        stamp=F("stamp") + 1, updated_at=timezone.now()
    )
    transaction.on_commit(_MEMO.clear)  # this process shows its own change at once


T = TypeVar("T")
_MEMO: dict[tuple, tuple[float, object]] = {}  # (query, database, params) -> (read at, stamp)
MEMO_MAX = 1000  # stamps kept per process (a hostile visitor's made-up slugs included)


def _memo(key: tuple, read: Callable[[], T]) -> T:
    """A stamp as made at most ``STAMP_MEMO_MS`` ago (see the module's vocabulary), or
    made now by ``read``; never inside a transaction, whose reads must be its own."""
    age = settings.STAMP_MEMO_MS / 1000
    if age <= 0 or connections[key[1]].in_atomic_block:
        return read()
    now = time.monotonic()
    kept = _MEMO.get(key)
    if kept is not None and now - kept[0] < age:
        return kept[1]
    made = read()
    if len(_MEMO) >= MEMO_MAX:
        _MEMO.clear()
    _MEMO[key] = (now, made)
    return made


def public_action(action: str) -> bool:
    """Whether an audited ``action`` changes what the public pages show (moves the stamp)."""
    return not action.startswith(PRIVATE_ACTIONS)


def public_stamp(tournament: Tournament) -> str:
    """The public stamp of a tournament as read with it (no query)."""
    return _public_text(tournament.pk, tournament.stamp, tournament.updated_at)


def _public_text(pk: int, stamp: int, updated_at) -> str:
    return f"{pk}.{stamp}.{int(updated_at.timestamp() * 1e6)}"


def staff_stamp(tournament: Tournament) -> str:
    """The public stamp plus a digest of the rounds' versions and change numbers."""
    rounds = Round.objects.filter(tournament=tournament).aggregate(
        n=Count("pk"), v=Sum("version"), c=Sum("change_seq")
    )
    return f"{public_stamp(tournament)}.{rounds['n']}.{rounds['v'] or 0}.{rounds['c'] or 0}"


def shared_page_stamp(slug: str) -> tuple[str, float] | None:
    """The stamp of a tournament's whole public pages and its ``updated_at`` (a timestamp),
    in one query; None when there is no tournament ``slug``.

    The public stamp plus the status and version of each round: whole public pages
    (:mod:`tournament.public.conditional`) also show which rounds are published and carry a
    round's stamp for their live updates, which move with a round's status (its first
    result, its last) without a public change.

    Every anonymous public answer starts here, so the statement is compiled by the ORM once
    per database connection's vendor (:func:`_stamp_sql`) and then run through the cursor:
    building it each time was half the CPU of a cached answer. The database
    stays the one source of the stamp (a copy in Redis could not move in the same
    transaction as the data it stamps).
    """
    connection = connections[router.db_for_read(Tournament)]
    return _memo(("shared", connection.alias, slug), lambda: _shared_stamp(connection, slug))


def _shared_stamp(connection, slug: str) -> tuple[str, float] | None:
    rows = _stamp_rows(connection, "shared", (slug,))
    if not rows:
        return None
    pk, stamp, updated_at = rows[0][:3]
    updated_at = _moment(updated_at)
    states = ",".join(f"{n}:{s}:{v}" for *_, n, s, v in rows if n is not None)
    digest = hashlib.sha256(states.encode()).hexdigest()[:16]
    return f"{_public_text(pk, stamp, updated_at)}.{digest}", updated_at.timestamp()


def live_page_stamp(slug: str, number: int) -> str | None:
    """The stamp of a round's live public answers (its status poll, the projector), in one
    query; None when there is no round ``number`` of a tournament ``slug``.

    The public stamp plus the round's status, version and change number: these answers
    show how far the round has got, which moves with every saved table (``change_seq``,
    see ``Table.save``) without a public change. Compiled once like
    :func:`shared_page_stamp`'s query.
    """
    connection = connections[router.db_for_read(Round)]
    key = ("live", connection.alias, slug, number)
    return _memo(key, lambda: _live_stamp(connection, slug, number))


def _live_stamp(connection, slug: str, number: int) -> str | None:
    rows = _stamp_rows(connection, "live", (slug, number))
    if not rows:
        return None
    pk, stamp, updated_at, status, version, seq = rows[0]
    return f"{_public_text(pk, stamp, _moment(updated_at))}.{status}.{version}.{seq}"


def _moment(text: str) -> datetime:
    """``updated_at`` as the stamp queries read it: as text, so that only the first row's is
    made a datetime (PostgreSQL's driver made one of every round's row, a tenth of a cached
    answer's CPU there); PostgreSQL's in UTC with its offset, SQLite's naive in UTC."""
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _stamp_rows(connection, name: str, params: tuple) -> list[tuple]:
    """The rows of the stamp query ``name`` (see :data:`_STAMP_QUERIES`). With
    ``CONN_HEALTH_CHECKS`` (PostgreSQL), when this is a request's first query on a kept
    connection, the query is its own check: Django's check would cost one more round trip
    (``SELECT 1``) on every cached answer; instead a connection the server has ended fails
    here and the query runs again on a new one, as after the check. Inside a transaction
    nothing is retried (nor checked by Django)."""
    probe = (
        connection.connection is not None
        and connection.health_check_enabled
        and not connection.health_check_done
        and not connection.in_atomic_block
    )
    if probe:
        connection.health_check_done = True
    try:
        return _run_stamp_query(connection, name, params)
    except (InterfaceError, OperationalError):
        if not probe:
            raise
        connection.close()  # ended by the server: the next cursor opens a new connection
        return _run_stamp_query(connection, name, params)


def _run_stamp_query(connection, name: str, params: tuple) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(_stamp_sql(connection, name), params)
        return cursor.fetchall()


def _shared_query(slug: str, number: int):
    return (
        Tournament.objects.filter(slug=slug)
        .order_by("round_set__number")
        .annotate(at=Cast("updated_at", CharField()))
        .values_list(
            "pk",
            "stamp",
            "at",
            "round_set__number",
            "round_set__status",
            "round_set__version",
        )
        .query
    )


def _live_query(slug: str, number: int):
    return (
        Round.objects.filter(tournament__slug=slug)
        .filter(number=number)  # a second filter: its parameter comes after the slug
        .order_by()  # one row: no ordering (the model's would join and sort)
        .annotate(at=Cast("tournament__updated_at", CharField()))
        .values_list(
            "tournament_id",
            "tournament__stamp",
            "at",
            "status",
            "version",
            "change_seq",
        )
        .query
    )


# The stamp queries by name: each takes a slug and a round number (read or not).
_STAMP_QUERIES = {"shared": _shared_query, "live": _live_query}
_STAMP_SQL: dict[tuple[str, str], str] = {}
_PROBE = ("gd-probe-slug", 12345)  # values no compiled parameter can be mistaken for (the
# number within every database's range of the field: out of it the ORM compiles no query)


def _stamp_sql(connection, name: str) -> str:
    """The SQL of stamp query ``name`` for ``connection``'s database, compiled once; its
    parameters are the slug, then the round number if the query reads it."""
    sql = _STAMP_SQL.get((name, connection.vendor))
    if sql is None:
        query = _STAMP_QUERIES[name](*_PROBE)
        sql, params = query.get_compiler(connection=connection).as_sql()
        assert tuple(params) == _PROBE[: len(params)], params  # the slug, then the number
        _STAMP_SQL[(name, connection.vendor)] = sql
    return sql


def page_stamp(tournament: Tournament, *, public: bool) -> str:
    return public_stamp(tournament) if public else staff_stamp(tournament)
