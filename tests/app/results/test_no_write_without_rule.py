"""No write path without the rule: every write to a table's result asks
:func:`tournament.results.table_write.require_write` before it writes.

Three nets. Under all of them, the model's own (tests/app/results/test_table_guard.py):
``Table.save``, ``update`` and ``bulk_update`` refuse a change of a result field on a table
the rule was not asked about, whatever the code names its variables. At run time, the
table-write primitive (``save_match``) refuses a table the rule
was not asked about in the transaction that locked it, and the round-wide writes
(``confirm_tables``, ``enter_first``) ask it for each table themselves: every path the
suite drives goes through them. In the source, every statement of the app that writes a
table's row is listed below with why it is allowed (a new one fails until it is listed),
and every service that locks a table asks the rule or, for a write that leaves the result
alone, the table rights. The source scan recognises a table by its variable's name (a
``match``, ``m``, ``locked``, ``current``): the model's net catches the others."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.db import transaction

from tests.conftest import ONE_EVENT
from tournament.core.actors import user_actor
from tournament.core.errors import NotAllowed
from tournament.models import Staff, Table
from tournament.results import write_rule
from tournament.results.checks import ResultValues
from tournament.results.confirm_all import confirm_tables
from tournament.results.services import confirm_result, submit_result
from tournament.results.table_write import (
    UnruledWrite,
    lock_table,
    require_write,
    save_table,
    snapshot,
)
from tournament.text.messages.audit import MSG_AUDIT_ENTERED, about_table

ROOT = Path(__file__).resolve().parents[3] / "tournament"
WRITES = {"save", "update", "bulk_update", "delete", "create", "bulk_create", "update_or_create"}
# Related rows of a table written beside it (entries on file, phone keys, photos, fouls).
NOT_THE_TABLE = ("submissions", "applied_entries", "photos", "fouls", "Foul", "ScoreSheetPhoto")

# Every function of the app that writes a table's row itself, and why that is allowed.
TABLE_WRITERS = {
    ("results/table_write.py", "save_table"): "the primitive: writes only a ruled table",
    ("results/confirm_all.py", "confirm_tables"): "asks the rule's confirm path per table",
    ("results/first_entries.py", "_write_groups"): "enter_first's: asks the rule per table",
    ("results/slips.py", "revoke_slip"): "a side's new code and PIN; table rights",
    ("results/places.py", "record_passed_at"): "the time A was passed; table rights",
    ("results/pace.py", "record_line_times"): "deal times, from save_scoresheet after the rule",
    ("rounds/adjust.py", "_refresh_flags"): "a draft round's tables, before any result",
    ("rounds/adjust.py", "give_bye"): "a draft round's tables, before any result",
    ("rounds/adjust.py", "pair_byes"): "a draft round's tables, before any result",
    ("rounds/adjust.py", "renumber_tables"): "a draft round's tables, before any result",
    ("rounds/adjust.py", "swap_pairs"): "a draft round's tables, before any result",
    ("rounds/pairing.py", "repair_round"): "a draft round's tables, before any result",
    ("teams/line_ups.py", "_move_draft_tables"): "a draft round's tables: a line-up change",
    ("individuals/substitutes.py", "seat_substitute"): "a table without a result, before the "
    "round starts: a substitute seated for an absent player",
    ("signup/checkin.py", "apply_absences"): "asks the rule's checkin_absence path per table",
    ("exchange/replace.py", "delete_event"): "an imported event (association server) replaced "
    "whole by a newer exchange file of the same event: only imported events, in the import",
}
# Services that lock a table and leave the rule to the one function they hand it to:
# apply_once and record_final lock it for the phone's key, then run the path's own service
# (record_final: enter_result or resolve_dispute), which asks the rule; _confirm_locked hands it to _confirm, the one path to a confirmed table, which
# asks the confirm path (for a second identical entry too).
HANDS_ON = {
    ("results/entry_keys.py", "apply_once"): None,
    ("results/entry.py", "record_final"): None,
    ("results/services.py", "_confirm_locked"): "_confirm",
}


def _modules():
    for path in sorted(ROOT.rglob("*.py")):
        if "migrations" not in path.parts:
            yield path.relative_to(ROOT).as_posix(), ast.parse(path.read_text(encoding="utf-8"))


def _functions(tree: ast.Module) -> dict[str, ast.FunctionDef]:
    return {
        node.name: node
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    }


def _writes_a_table(call: ast.Call) -> bool:
    if not isinstance(call.func, ast.Attribute) or call.func.attr not in WRITES:
        return False
    receiver = ast.unparse(call.func.value)
    if any(name in receiver for name in NOT_THE_TABLE):
        return False
    return "table" in receiver.lower() or receiver in ("m", "locked", "current")


def _calls(fn: ast.AST) -> set[str]:
    names = set()
    for node in ast.walk(fn):
        if isinstance(node, ast.Call):
            f = node.func
            names.add(f.id if isinstance(f, ast.Name) else getattr(f, "attr", ""))
    return names


def test_every_statement_that_writes_a_table_is_known():
    found = set()
    for module, tree in _modules():
        for name, fn in _functions(tree).items():
            if any(isinstance(n, ast.Call) and _writes_a_table(n) for n in ast.walk(fn)):
                found.add((module, name))
    assert sorted(found - set(TABLE_WRITERS)) == [], "a new write path: ask the rule"
    assert sorted(set(TABLE_WRITERS) - found) == []  # the list stays true


ASKS = {"require_write", "check_referee"}


def test_every_service_that_locks_a_table_asks_the_rule_itself():
    """Right where it locks: ``require_write`` for a result, the table rights
    (``check_referee``) for a write that leaves the result alone; or it hands the table to
    the one function that asks (:data:`HANDS_ON`)."""
    missing = []
    for module, tree in _modules():
        functions = _functions(tree)
        for name, fn in functions.items():
            calls = _calls(fn)
            if "lock_table" not in calls or name == "lock_table" or calls & ASKS:
                continue
            if (module, name) in HANDS_ON:
                helper = HANDS_ON[module, name]
                if helper is None or (helper in calls and _calls(functions[helper]) & ASKS):
                    continue
            missing.append((module, name))
    assert missing == []


def test_the_primitives_guard_themselves():
    sources = dict(_modules())
    assert "check_ruled" in _calls(_functions(sources["results/table_write.py"])["save_table"])
    confirm_all = _functions(sources["results/confirm_all.py"])
    assert "require_write" in _calls(confirm_all["confirm_tables"])
    first = _functions(sources["results/first_entries.py"])
    assert {"require_write", "check_ruled"} <= _calls(first["enter_first"])
    checkin = _functions(sources["signup/checkin.py"])  # the draw's forfeits of the absent
    assert "require_write" in _calls(checkin["apply_absences"])
    callers = [
        (module, name)
        for module, tree in sources.items()
        for name, fn in _functions(tree).items()
        if "_write_groups" in _calls(fn) and name != "_write_groups"
    ]
    assert callers == [("results/first_entries.py", "enter_first")]


# --- at run time ------------------------------------------------------------------------


@pytest.fixture
def table(tournament, pairs8, make_round):
    return make_round(tournament, pairs8).tables.get(number=1)


def _unruled_entry(table: Table, user) -> Table:
    """A write path that forgot the rule: it locks the table and saves an entry."""
    locked = lock_table(table, None)
    before = snapshot(locked)
    locked.ns_level, locked.ew_level, locked.state = "5", "A+", Table.ENTERED
    return save_table(
        locked,
        by=user_actor(user),
        action="result.enter",
        before=before,
        summary=about_table(MSG_AUDIT_ENTERED, locked),
    )


@pytest.mark.django_db
@pytest.mark.usefixtures(ONE_EVENT)
def test_a_path_that_forgot_the_rule_fails_at_its_first_save(table, referee):
    with pytest.raises(UnruledWrite), transaction.atomic():
        _unruled_entry(table, referee)
    assert Table.objects.get(pk=table.pk).state == Table.EMPTY


@pytest.mark.django_db
@pytest.mark.usefixtures(ONE_EVENT)
def test_the_rule_holds_for_the_table_it_was_asked_about_only(table, referee):
    with pytest.raises(UnruledWrite), transaction.atomic():
        require_write(lock_table(table, None), user_actor(referee), write_rule.FORM)
        _unruled_entry(table, referee)  # locked again: another row object, not ruled


@pytest.mark.django_db
@pytest.mark.usefixtures(ONE_EVENT)
def test_a_late_entry_kept_by_the_rule_cannot_be_saved(table, referee, chief, make_user):
    other = make_user("ref2")
    Staff.objects.create(tournament=table.round.tournament, user=other, role=Staff.REFEREE)
    m = submit_result(
        table, ResultValues("A+", "K", winner="EW"), version=None, by=user_actor(referee)
    )
    confirm_result(m, version=m.version, by=user_actor(other))
    with pytest.raises(UnruledWrite), transaction.atomic():
        locked = lock_table(table, None)
        _kind, decision = require_write(locked, user_actor(referee), write_rule.LATE)
        assert decision.verdict == write_rule.KEEP
        save_table(
            locked,
            by=user_actor(referee),
            action="result.enter",
            before=snapshot(locked),
            summary=about_table(MSG_AUDIT_ENTERED, locked),
        )
    assert Table.objects.get(pk=table.pk).state == Table.CONFIRMED


@pytest.mark.django_db
@pytest.mark.usefixtures(ONE_EVENT)
def test_the_round_wide_confirmation_asks_the_rule_for_each_table(table, referee, make_user):
    elsewhere = make_user("ref9")
    Staff.objects.create(
        tournament=table.round.tournament, user=elsewhere, role=Staff.REFEREE, tables="5-8"
    )
    m = submit_result(
        table, ResultValues("A+", "K", winner="EW"), version=None, by=user_actor(referee)
    )
    with pytest.raises(NotAllowed), transaction.atomic():
        locked = lock_table(m, None)
        confirm_tables(locked.round, [locked], by=user_actor(elsewhere, "referee"))
    assert Table.objects.get(pk=table.pk).state == Table.ENTERED
