"""The model's own net under the write rule: a table's result changes only where
the rule was asked for that table, in the transaction that asked. Whatever a write path
names its variables, ``Table.save``, ``QuerySet.update`` and ``bulk_update`` of the result
fields refuse a table that was not ruled (:class:`UnruledWrite`).

Vocabulary
----------
result fields
    :data:`RESULT`: the fields of ``Table`` that make its result (levels, forfeit, defeat,
    fouls, winner, the state, the sheet, the knockout games, who entered and confirmed it,
    how and when). Every other field is in :data:`NOT_RESULT` with why it changes without
    the rule (a test checks that the two lists cover the model, so a new field is sorted).
ruled
    A table whose write the rule allowed (``tournament.results.table_write.require_write``
    calls :func:`rule`): ruled inside the atomic block that asked, and the blocks nested
    in it, until that block ends (committed, or rolled back to a savepoint before it).
exemption
    A write of result fields outside the rule, by name (:func:`exempt`), each listed in
    :data:`EXEMPT` with why. A write that changes no result field needs none: a pairing
    swap, a table's number, a slip's new PIN.

Only a change is refused: a save that writes the result fields as they are stored (a
pairing swap saves the whole row) passes, after one read of the stored row. New rows (a
draw, an archive imported) are no change of a result.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.db import transaction

RESULT = (
    *("ew_level", "ns_level", "forfeit", "defeat_side", "defeat_reason"),
    *("ew_fouls", "ns_fouls", "winner", "pass_upgrade"),
    *("state", "mode", "deals", "games"),
    *("entered_by", "entered_via", "entered_at", "confirmed_by", "confirmed_via", "confirmed_at"),
)
NOT_RESULT = {
    "id": "the row's key",
    "round": "the round a table belongs to, set when it is drawn",
    "number": "the table's number: renumbered in a draft (renumber_tables)",
    "ew": "the pairing: a draft's swaps (swap_teams), its line-up changes (teams.line_ups)",
    "ns": "the pairing: a draft's swaps (swap_teams), its line-up changes (teams.line_ups)",
    "team_match": "a team event's team match of the table, set when it is drawn",
    "flags": "the pairing's badges, refreshed in a draft",
    "bracket_id": "the knockout bracket's place, set at the draw",
    "bracket_game": "the knockout bracket's place, set at the draw",
    "passed_at": "the time A was passed, for places by time (table rights: record_passed_at)",
    "deal_times": "when each line of the sheet was saved, for pace alerts (record_line_times)",
    "ew_code": "a side's slip code, renewed by revoke_slip (table rights)",
    "ns_code": "a side's slip code, renewed by revoke_slip (table rights)",
    "ew_pin": "a side's PIN, renewed by revoke_slip (table rights)",
    "ns_pin": "a side's PIN, renewed by revoke_slip (table rights)",
    "version": "counts the saves; goes with every write",
    "change_seq": "the round's change number; goes with every write",
}
EXEMPT = {
    "admin": "the site administrator's repair in the admin: a superuser has the server "
    "(as the shell), and the admin logs it (admin.change with before and after)",
    "fixture": "a test's or a benchmark's set-up of tables, never the app's own code",
}

_exempt: ContextVar[str | None] = ContextVar("table_guard_exempt", default=None)
_RULINGS = "guandan_table_rulings"  # the connection's attribute: [hook, tables, its place]


class UnruledWrite(RuntimeError):
    """A table's result written without asking the rule: a programming error of the write
    path, never a user's."""


@contextmanager
def exempt(reason: str) -> Iterator[None]:
    """Writes of result fields inside this block are let through for ``reason`` (a key
    of :data:`EXEMPT`; another is a programming error, KeyError)."""
    EXEMPT[reason]  # noqa: B018 - the reason must be listed
    token = _exempt.set(reason)
    try:
        yield
    finally:
        _exempt.reset(token)


def _rulings(connection, *, create: bool = False) -> dict | None:
    """The tables ruled in the connection's transaction now: {pk: the savepoints open when
    it was ruled}. A transaction's rulings are known by a hook it holds among its
    on-commit callbacks: gone at its end (commit or rollback), or with the savepoint it
    was added in; a new transaction starts afresh."""
    held = getattr(connection, _RULINGS, None)
    if held is not None and _holds(connection.run_on_commit, held):
        return held[1]
    if not create:
        return None
    tables: dict[int, tuple] = {}
    hook: Callable[[], None] = tables.clear
    connection.on_commit(hook)
    setattr(connection, _RULINGS, [hook, tables, len(connection.run_on_commit) - 1])
    return tables


def _holds(hooks: list, held: list) -> bool:
    """True when the hook ``held[0]`` is among ``hooks`` (where it was last seen, ``held[2]``,
    first: a transaction of many saves holds as many hooks, and each save asks)."""
    at = held[2]
    if at < len(hooks) and hooks[at][1] is held[0]:
        return True
    for i, (_ids, func, _robust) in enumerate(hooks):
        if func is held[0]:
            held[2] = i  # a savepoint rolled back took hooks out before it
            return True
    return False


def rule(pk: int) -> None:
    """The rule allowed a write to table ``pk`` here (inside an atomic block only: outside
    one, nothing is ruled)."""
    connection = transaction.get_connection()
    if connection.in_atomic_block:
        _rulings(connection, create=True)[pk] = tuple(connection.savepoint_ids)


def unruled(pks: Collection[int]) -> list[int]:
    """Those of tables ``pks`` the rule did not allow a write to in this transaction, in
    the block now open or one it is nested in."""
    connection = transaction.get_connection()
    tables = _rulings(connection) if connection.in_atomic_block else None
    if not tables:
        return sorted(pks)
    open_now = tuple(connection.savepoint_ids)
    return sorted(
        pk for pk in pks if (chain := tables.get(pk)) is None or open_now[: len(chain)] != chain
    )


def is_ruled(pk: int) -> bool:
    return not unruled([pk])


def _refuse_unless_ruled(pks: Collection[int], fields: Collection[str]) -> None:
    unruled_ = unruled(pks)
    if unruled_:
        raise UnruledWrite(
            f"tables {unruled_[:10]}: {sorted(fields)} written without asking the rule"
        )


def result_fields(fields: Collection[str]) -> list[str]:
    return [name for name in RESULT if name in fields]


def check_save(table, update_fields: Collection[str] | None) -> None:
    """``Table.save``: refuse a change of an existing table's result fields (all of them,
    or those of ``update_fields``) unless the table is ruled or the write exempt."""
    if table._state.adding or _exempt.get() is not None:
        return
    fields = list(RESULT) if update_fields is None else result_fields(update_fields)
    fields = [name for name in fields if name not in table.get_deferred_fields()]
    if not fields or is_ruled(table.pk):
        return
    attnames = [type(table)._meta.get_field(name).attname for name in fields]
    stored = type(table)._base_manager.filter(pk=table.pk).values(*attnames).first()
    if stored is None:
        return  # no row: the save inserts (or fails) as Django decides
    changed = [a for a in attnames if stored[a] != getattr(table, a)]
    if changed:
        _refuse_unless_ruled([table.pk], changed)


def check_update(queryset, fields: Collection[str]) -> None:
    """``QuerySet.update`` (``bulk_update`` too, through it): refuse to write result
    fields to a table not ruled. The tables are those :meth:`MatchQuerySet.ruled` named,
    else the queryset's own (one read)."""
    touched = result_fields(fields)
    if not touched or _exempt.get() is not None:
        return
    pks = getattr(queryset, "ruled_pks", None)
    if pks is None:
        pks = list(queryset.order_by().values_list("pk", flat=True))
    _refuse_unless_ruled(pks, touched)


@contextmanager
def checked_bulk(objs: Collection, fields: Collection[str]) -> Iterator[None]:
    """``bulk_update``: its objects are the tables (no read needed), checked once here;
    the updates it makes of them inside the block are not checked again."""
    touched = result_fields(fields)
    if touched and _exempt.get() is None:
        _refuse_unless_ruled([obj.pk for obj in objs], touched)
    token = _exempt.set("bulk_update")  # checked above
    try:
        yield
    finally:
        _exempt.reset(token)
