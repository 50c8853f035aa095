"""The one list of audit actions (``tournament.core.audit.ACTIONS``): every action the
code writes is on it, the writer refuses any other, and the archive check reads them all."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tournament.archive.checks import check_audit
from tournament.archive.write import ArchiveError
from tournament.core.audit import ACTIONS, FORMER_ACTIONS, UnknownAction, audit_entry

PACKAGE = Path(__file__).resolve().parents[3] / "tournament"
# Functions whose ``action`` is not an audit action: argparse's, a round button's
# (round_actions.problem, problem_text) and the check-in desk's choice (absent or withdraw).
NOT_AUDIT = {"add_argument", "problem", "problem_text", "mark_missing"}


def _sources() -> list[tuple[Path, ast.Module]]:
    return [
        (path, ast.parse(path.read_text(encoding="utf-8")))
        for path in sorted(PACKAGE.rglob("*.py"))
        if "migrations" not in path.parts
    ]


def _action_params(trees) -> dict[str, int]:
    """Functions with a parameter ``action``: name -> its position in a call."""
    found = {}
    for _, tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                names = [a.arg for a in node.args.posonlyargs + node.args.args]
                if "action" in names:
                    shift = 1 if names[:1] in (["self"], ["cls"]) else 0
                    found[node.name] = names.index("action") - shift
    return found


def _call_name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def _written(expr: ast.expr, where: str) -> list[tuple[str, str]]:
    """The literal actions an ``action`` argument can be (a name passes one through)."""
    if isinstance(expr, ast.JoinedStr):
        raise AssertionError(f"{where}: an audit action made by an f-string cannot be checked")
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return [(expr.value, where)]
    if isinstance(expr, ast.IfExp):
        return _written(expr.body, where) + _written(expr.orelse, where)
    return []


def actions_in_code() -> list[tuple[str, str]]:
    """Every literal action passed to an ``action`` argument in the app, with its place."""
    trees = _sources()
    params = _action_params(trees)
    out = []
    for path, tree in trees:
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or _call_name(node) in NOT_AUDIT:
                continue
            where = f"{path.relative_to(PACKAGE.parent)}:{node.lineno}"
            for kw in node.keywords:
                if kw.arg == "action":
                    out += _written(kw.value, where)
            index = params.get(_call_name(node))
            if index is not None and index < len(node.args):
                out += _written(node.args[index], where)
    return out


def test_every_action_the_code_writes_is_on_the_list():
    written = actions_in_code()
    assert {"draw", "round.lock", "admin.delete", "checkin.absent"} <= {a for a, _ in written}
    missing = sorted(f"{where}: {action!r}" for action, where in written if action not in ACTIONS)
    assert not missing, "audit actions missing from ACTIONS:\n" + "\n".join(missing)


def test_the_list_holds_no_action_the_code_no_longer_writes():
    written = {a for a, _ in actions_in_code()}
    assert set(ACTIONS) - written == set()
    assert not set(FORMER_ACTIONS) & set(ACTIONS)


@pytest.mark.django_db
def test_the_writer_refuses_an_action_missing_from_the_list(tournament):
    assert audit_entry(tournament=tournament, action="draw").action == "draw"
    with pytest.raises(UnknownAction):
        audit_entry(tournament=tournament, action="round.explode")


@pytest.mark.parametrize("action", sorted(ACTIONS) + sorted(FORMER_ACTIONS))
def test_the_archive_check_reads_every_action_the_app_writes_or_wrote(action):
    check_audit({"action": action, "before": None, "after": None}, None, 1)


@pytest.mark.parametrize("action", ["round.explode", "DROP TABLE", "", 3, "draw "])
def test_the_archive_check_refuses_any_other_action(action):
    with pytest.raises(ArchiveError, match="第1条操作记录的操作类型"):
        check_audit({"action": action}, None, 1)
