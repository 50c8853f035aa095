"""Side effects in sight (issue 43): the audit writer only writes audit lines.

It bumped the public pages' stamp, started the automatic backup and read the request (its
user, address, browser and the phone's entry). Now the service that makes a change says
what else it does: ``public_changed`` for what the public sees, ``backup_auto.start`` for a
round's publish and lock (and a table's write, for the interval backup)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tournament as package
from tournament.backups import auto as backup_auto
from tournament.core import audit
from tournament.core.actors import Actor, user_actor
from tournament.core.audit import log_action
from tournament.core.stamps import public_action
from tournament.models import Tournament
from tournament.registration.services import PairData, pair_register
from tournament.results.checks import ResultValues
from tournament.results.confirm_all import confirm_all_entered
from tournament.results.services import submit_result
from tournament.rounds.lifecycle import lock_round, publish_round

ROOT = Path(package.__file__).resolve().parent
WRITERS = ("log_action", "log_entries")
# Functions that write audit lines of tables' results only (never public: see
# tournament.core.stamps.PRIVATE_ACTIONS), whatever action their caller names.
RESULTS_ONLY = {
    ("results/table_write.py", "save_table"),
    ("results/confirm_all.py", "confirm_tables"),
    ("results/first_entries.py", "enter_first"),
    ("results/entry_keys.py", "file_kept"),
}


def stamp(tournament) -> int:
    return Tournament.objects.get(pk=tournament.pk).stamp


def test_the_audit_writer_reads_no_request_and_starts_nothing():
    source = Path(audit.__file__).read_text(encoding="utf-8")
    tree = ast.parse(source)
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    names |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    names |= {a.arg for n in ast.walk(tree) if isinstance(n, ast.arguments) for a in n.kwonlyargs}
    modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not names & {"request", "phone_entry", "META", "on_commit", "bump_stamp"}
    assert not modules & {"tournament.backups", "tournament.core.stamps", "django.db.transaction"}


@pytest.mark.django_db
def test_an_audit_line_alone_moves_no_stamp_and_starts_no_backup(
    tournament, organizer, django_capture_on_commit_callbacks
):
    before = stamp(tournament)
    with django_capture_on_commit_callbacks() as callbacks:
        log_action(tournament=tournament, by=user_actor(organizer), action="tournament.edit")
    assert stamp(tournament) == before and callbacks == []


@pytest.mark.django_db
def test_the_line_keeps_what_the_actor_says(tournament, organizer):
    """Who, from which address and browser: given by the actor, not read from a request."""
    by = Actor(user=organizer, device="Phone/1.0", ip="10.0.0.7")
    line = log_action(tournament=tournament, by=by, action="tournament.edit")
    assert (line.user, line.ip, line.device) == (organizer, "10.0.0.7", "Phone/1.0")


@pytest.mark.django_db
def test_a_public_change_moves_the_stamp(tournament, referee, organizer):
    before = stamp(tournament)
    data = PairData(name="新组合", unit="", player1="甲", player2="乙")
    pair_register(tournament=tournament, data=data, by=user_actor(organizer))
    assert stamp(tournament) == before + 1


@pytest.mark.django_db
def test_a_tables_result_moves_no_public_stamp(tournament, pairs8, make_round, referee):
    table = make_round(tournament, pairs8).tables.get(number=1)
    before = stamp(tournament)
    submit_result(table, ResultValues("A+", "5", winner="EW"), version=None, by=user_actor(referee))
    assert stamp(tournament) == before


@pytest.mark.django_db
def test_publish_and_lock_start_their_backups(
    settings,
    monkeypatch,
    tournament,
    pairs8,
    make_round,
    organizer,
    chief,
    django_capture_on_commit_callbacks,
):
    settings.AUTO_BACKUP = True
    made = []
    monkeypatch.setattr(backup_auto, "run", made.append)
    monkeypatch.setattr(backup_auto, "_next_look", float("inf"))  # no interval backup
    round_ = make_round(tournament, pairs8, status="draft")
    before = stamp(tournament)
    with django_capture_on_commit_callbacks(execute=True):
        publish_round(round_, by=user_actor(organizer))
    backup_auto.wait_for_running()
    for table in round_.tables.exclude(ns=None):
        submit_result(
            table, ResultValues("A+", "5", winner="EW"), version=None, by=user_actor(chief)
        )
    confirm_all_entered(round_, by=user_actor(chief))
    with django_capture_on_commit_callbacks(execute=True):
        lock_round(round_, by=user_actor(chief))
    backup_auto.wait_for_running()
    assert made == ["publish", "lock"] and stamp(tournament) == before + 2


def _functions(tree: ast.Module):
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            yield node


def _calls(fn: ast.FunctionDef) -> list[ast.Call]:
    return [n for n in ast.walk(fn) if isinstance(n, ast.Call)]


def _name(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _public(call: ast.Call) -> bool:
    """Whether an audit write may record a public action (a literal private one may not)."""
    for keyword in call.keywords:
        if keyword.arg == "action" and isinstance(keyword.value, ast.Constant):
            return public_action(keyword.value.value)
    return True


def test_every_service_writing_a_public_action_says_the_public_pages_changed():
    """Each function that writes an audit line of a public action (a literal one, or one its
    caller names) calls ``public_changed`` itself: the audit writer no longer does."""
    silent = []
    for path in sorted(ROOT.rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        if "migrations" in path.parts or where == "core/audit.py":
            continue
        for fn in _functions(ast.parse(path.read_text(encoding="utf-8"))):
            calls = _calls(fn)
            writes = [c for c in calls if _name(c) in WRITERS]
            if not writes or (where, fn.name) in RESULTS_ONLY:
                continue
            audited = [c for c in calls if _name(c) in ("log_action", "audit_entry")] or writes
            if any(_public(c) for c in audited) and "public_changed" not in map(_name, calls):
                silent.append((where, fn.name))
    assert silent == []
