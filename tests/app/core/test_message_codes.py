"""One error design, checked over the whole code: every code the cores and the services can
raise has a text in Chinese and in English, and no service error is raised with a sentence.

The codes are found where they are defined, not in the table of texts: the cores' code
constants (``rules.errors``, ``scoring.errors``, ``pairing.errors``, the events and the
pairing conflicts), every ``MSG_…`` constant of the app, and every code written where a
service error or a :class:`~rules.messages.Message` is made (an AST scan of ``tournament/``).
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from pathlib import Path

import pytest
from django.utils import translation

import pairing.errors
import rules.errors
import scoring.errors
import tournament
from pairing.conflicts import AT_TABLE, CONFLICT_CODES
from rules.events import ATTEMPT_LIMIT, EVENT_CODES
from rules.messages import Message
from tests.app.conftest import CJK
from tournament.core.errors import ServiceError
from tournament.text.messages import TEXTS
from tournament.text.messages.audit import AUDIT

ROOT = Path(tournament.__file__).parent
PLACEHOLDER = re.compile(r"%\((\w+)\)")
GETTEXT = {"_", "gettext", "gettext_lazy", "pgettext", "ngettext", "ngettext_lazy"}


def _constants(module) -> set[str]:
    """The module's code constants: its upper-case names bound to a string."""
    return {v for k, v in vars(module).items() if k.isupper() and isinstance(v, str)}


def core_codes() -> set[str]:
    codes = set().union(*(_constants(m) for m in (rules.errors, scoring.errors, pairing.errors)))
    return codes | set(EVENT_CODES) | {ATTEMPT_LIMIT} | set(CONFLICT_CODES.values()) | {AT_TABLE}


def _modules():
    for info in pkgutil.walk_packages([str(ROOT)], "tournament."):
        if ".migrations" not in info.name:
            yield importlib.import_module(info.name)


def _sources():
    for path in sorted(ROOT.rglob("*.py")):
        if "migrations" not in path.parts:
            yield path, ast.parse(path.read_text(encoding="utf-8"))


def service_errors() -> set[str]:
    """The names of every service error class (the app's modules imported first)."""
    list(_modules())
    found, todo = set(), [ServiceError]
    while todo:
        cls = todo.pop()
        found.add(cls.__name__)
        todo.extend(cls.__subclasses__())
    return found


# Exceptions of the app that never reach a user: a redirect to the login page, a
# programmer's unknown audit action, a file sniffed as not OLE (then read another way), XML
# nested too deep (both refused as a damaged file), a table written by a path that did not ask
# the write rule (results.table_write).
INTERNAL = {"LoginRequired", "UnknownAction", "NotOle", "TooDeep", "UnruledWrite"}


def test_every_error_of_the_app_shown_to_a_user_is_a_service_error():
    errors = service_errors()
    assert {"BackupError", "BackupBusy", "BackupDamaged", "ArchiveError", "PhotoError"} <= errors
    defined = {
        name
        for module in _modules()
        for name, value in vars(module).items()
        if isinstance(value, type)
        and issubclass(value, BaseException)
        and value.__module__ == module.__name__
    }
    assert sorted(defined - errors - INTERNAL) == []


def _callee(node: ast.Call) -> str | None:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


def service_codes() -> set[str]:
    """Every ``MSG_…`` constant of the app, and every code literally given to a service error
    or a message (``Refused("no_right")``, ``Message("audit_lock", …)``)."""
    codes = set()
    for module in _modules():
        for name, value in vars(module).items():
            if name.startswith("MSG_") and isinstance(value, str | Message):
                codes.add(value.code if isinstance(value, Message) else value)
    makers = service_errors() | {"Message", "invalid"}
    for _path, tree in _sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and node.args and _callee(node) in makers:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    codes.add(first.value)
    return codes


def _sample(text: str) -> str:
    """The text with every placeholder filled (``%(n)d`` takes a number, ``%(x)s`` anything)."""

    class Any(dict):
        def __missing__(self, key):
            return 7

    return text % Any()


def test_the_scan_finds_the_codes_of_every_layer():
    codes = service_codes()
    assert {"no_right", "stale_round", "audit_lock", "sheet_too_big", "archive_invalid"} <= codes
    assert {"bad_partner", "scoring_bad_level", "pairing_too_few", "upgrade"} <= core_codes()


@pytest.mark.parametrize("layer", ["cores", "services"])
def test_every_code_raised_anywhere_has_a_text_in_chinese_and_in_english(english, layer):
    codes = core_codes() if layer == "cores" else service_codes()
    assert sorted(codes - TEXTS.keys()) == []  # a code without a text
    wrong = []
    for code in sorted(codes):
        text = TEXTS[code]
        with translation.override("zh-hans"):
            zh = str(text)
        en = str(text)  # the english fixture: the catalogue and locale/pending/*.po
        if en == zh and CJK.search(zh):
            wrong.append(f"{code}: no English")
        elif CJK.search(en.replace("头游", "")):  # 头游 is quoted on purpose
            wrong.append(f"{code}: Chinese in {en!r}")
        elif set(PLACEHOLDER.findall(en)) != set(PLACEHOLDER.findall(zh)):
            wrong.append(f"{code}: placeholders {en!r} / {zh!r}")
        else:
            _sample(zh), _sample(en)  # a malformed placeholder raises here
    assert wrong == []


def _literal(node: ast.expr) -> str | None:
    """What makes ``node`` a literal message rather than a code constant, or None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return (
            "a code written out (name it by a MSG_ constant)"
            if node.value in TEXTS
            else ("a text that is no code")
        )
    if isinstance(node, ast.IfExp):
        return _literal(node.body) or _literal(node.orelse)
    if isinstance(node, ast.JoinedStr):
        return "an f-string"
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod | ast.Add):
        return "a formatted string"
    if isinstance(node, ast.Call):
        name = _callee(node)
        if name in GETTEXT:
            return "a translated sentence"
        if name in ("format", "join", "str"):
            return f"a string made by {name}()"
    return None


def test_no_service_error_is_raised_with_a_sentence_or_a_code_written_out():
    errors = service_errors()
    offenders = []
    for path, tree in _sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and node.args and _callee(node) in errors:
                why = _literal(node.args[0])
                if why:
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} {why}")
    assert offenders == []


def _written_codes(tree: ast.Module, codes) -> list[int]:
    """The lines where one of ``codes`` is written out, other than as the value of its
    ``MSG_…`` constant."""
    named = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id.startswith("MSG_") for t in node.targets)
    }
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and node.value in codes and id(node) not in named
    ]


def test_every_audit_code_is_named_by_one_constant():
    offenders, constants = [], {}
    for path, tree in _sources():
        offenders += [f"{path.relative_to(ROOT)}:{n}" for n in _written_codes(tree, AUDIT)]
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
                for target in node.targets:
                    if isinstance(target, ast.Name) and node.value.value in AUDIT:
                        constants.setdefault(node.value.value, []).append(target.id)
    assert offenders == []  # write MSG_AUDIT_… (tournament.text.messages.audit)
    assert {code: names for code, names in constants.items() if len(names) != 1} == {}
    assert sorted(AUDIT.keys() - constants.keys()) == []


def test_the_audit_code_scan_catches_a_code_written_out():
    tree = ast.parse('MSG_AUDIT_LOCK = "audit_lock"\nsummary = Message("audit_lock", {})\n')
    assert _written_codes(tree, AUDIT) == [2]


def test_the_sentence_scan_catches_what_it_forbids():
    calls = [
        'Refused("不能这样")',
        'Refused(f"第{n}台")',
        'Refused(_("没有权限"))',
        'Refused("x {}".format(1))',
        'Refused(_("%(n)s") % {"n": 1})',
    ]
    for call in calls:
        node = ast.parse(call, mode="eval").body
        assert _literal(node.args[0]), call
    assert _literal(ast.parse('Refused("no_right")', mode="eval").body.args[0])
    assert _literal(ast.parse("Refused(MSG_NO_RIGHT)", mode="eval").body.args[0]) is None


def test_no_two_codes_share_a_text():
    with translation.override("zh-hans"):
        by_text: dict[str, list[str]] = {}
        for code, text in TEXTS.items():
            by_text.setdefault(str(text), []).append(code)
    assert [codes for codes in by_text.values() if len(codes) > 1] == []


def test_every_flag_and_metric_has_a_label_in_chinese_and_in_english(english):
    from pairing import DRAW_FLAGS
    from scoring import METRICS
    from tournament.text.messages.labels import FLAG_LABELS, METRIC_LABELS

    assert set(FLAG_LABELS) == set(DRAW_FLAGS) and set(METRIC_LABELS) == set(METRICS)
    wrong = []
    for code, text in [*FLAG_LABELS.items(), *METRIC_LABELS.items()]:
        with translation.override("zh-hans"):
            zh = str(text)
        if not CJK.search(zh) or CJK.search(str(text)):
            wrong.append(f"{code}: {zh!r} / {str(text)!r}")
    assert wrong == []


# Where a text reaches a user as an error: a message of the page (``messages.error`` and
# ``messages.warning``), a form's error (``add_error``, a form's ``ValidationError``) and an
# answer refused (``HttpResponseBadRequest``, the API's ``HttpError``). Its text must come
# from a code (``render(…)``, ``str(service_error)``, a name holding one), never be written
# there. An ``Http404``'s text is shown to nobody (the
# 404 page has its own), so it is left out rather than written. The commands
# (``management/``) speak to an operator in a terminal and are not scanned.
SHOWN_BY = {"ValidationError", "HttpResponseBadRequest", "HttpResponseForbidden"}
PAGE_MESSAGES = {"error", "warning"}
# A form and a model may raise ``ValidationError`` (Django's validation); a service raises a
# ServiceError (docs/errors.md), and a view catches nothing else.
VALIDATES = ("forms.py", "uploads.py")


def _sentence(node: ast.expr | None) -> str | None:
    """What makes ``node`` a sentence written where an error is shown, or None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return "a text written out" if node.value.strip() else None
    if isinstance(node, ast.IfExp):
        return _sentence(node.body) or _sentence(node.orelse)
    if isinstance(node, ast.JoinedStr):
        return "an f-string"
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod | ast.Add):
        return "a formatted string"
    if isinstance(node, ast.Call) and _callee(node) in GETTEXT:
        return "a translated sentence"
    if isinstance(node, ast.Call) and _callee(node) in ("format", "join"):
        return f"a string made by {_callee(node)}()"
    return None


def _shown_text(node: ast.Call) -> ast.expr | None:
    """The argument of ``node`` a user reads as an error, when ``node`` shows one."""
    name, f = _callee(node), node.func
    if name in PAGE_MESSAGES and isinstance(f, ast.Attribute):
        on_messages = isinstance(f.value, ast.Name) and f.value.id == "messages"
        return node.args[1] if on_messages and len(node.args) > 1 else None
    if name in ("add_error", "HttpError"):  # (field, text), (status, text)
        return node.args[1] if len(node.args) > 1 else None
    return node.args[0] if name in SHOWN_BY and node.args else None


def _unread(node: ast.Call) -> bool:
    """An ``Http404`` given a sentence (Chinese, or translated) that nobody reads."""
    if _callee(node) != "Http404" or not node.args:
        return False
    arg = node.args[0]
    return (
        bool(CJK.search(ast.unparse(arg))) or isinstance(arg, ast.Call) and _callee(arg) in GETTEXT
    )


def error_texts_written(path: Path, tree: ast.Module) -> list[str]:
    """Each place of ``tree`` where an error reaches a user as a sentence written there, a
    service or a view raises ``ValidationError``, or a view catches it."""
    where, found = str(path), []
    validates = path.name in VALIDATES or "models" in path.parts
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            why = _sentence(_shown_text(node))
            if _unread(node):
                why = "a sentence nobody reads (raise Http404 alone)"
            if why:
                found.append(f"{where}:{node.lineno} {_callee(node)}: {why}")
        elif isinstance(node, ast.Raise) and not validates:
            exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            if _name(exc) == "ValidationError":
                found.append(f"{where}:{node.lineno} ValidationError raised (raise a ServiceError)")
        elif isinstance(node, ast.ExceptHandler) and path.name.startswith("views"):
            caught = node.type.elts if isinstance(node.type, ast.Tuple) else [node.type]
            if any(_name(c) == "ValidationError" for c in caught):
                found.append(f"{where}:{node.lineno} a view catches ValidationError")
    return found


def _name(node) -> str | None:
    return node.id if isinstance(node, ast.Name) else getattr(node, "attr", None)


def test_no_error_reaches_a_user_as_a_sentence_written_in_a_service_or_a_view():
    offenders = []
    for path, tree in _sources():
        if "management" not in path.parts:
            offenders += error_texts_written(path.relative_to(ROOT), tree)
    assert offenders == []


def test_the_error_text_scan_catches_what_it_forbids():
    def scan(source: str, name: str = "services.py") -> int:
        return len(error_texts_written(Path(name), ast.parse(source)))

    forbidden = [
        'raise ValidationError(_("报名未开放或已截止"))',
        'raise ValidationError({"email1": render("x")})',
        'messages.error(request, _("没有这个令牌"))',
        'messages.warning(request, "；".join(parts))',
        'messages.error(request, _("备份失败：%(e)s") % {"e": exc})',
        'form.add_error(None, "不能为空")',
        'raise Http404(_("没有权限"))',
        'return HttpResponseBadRequest(f"bad {x}")',
        'raise HttpError(404, _("成绩尚未公布"))',
    ]
    assert [source for source in forbidden if not scan(source)] == []
    caught = "try:\n    f()\nexcept ValidationError as exc:\n    pass\n"
    assert scan(caught, "views_staff.py") == 1 and scan(caught, "services.py") == 0
    allowed = [
        "messages.error(request, str(exc))",
        "messages.error(request, render_message(MSG_UNKNOWN_ACTION))",
        "messages.success(request, _('已保存'))",
        'raise Http404("no certificate: the server was not started with --https")',
        "raise Http404",
        "form.add_error(None, ValidationError(exc.by_field()))",
    ]
    assert [source for source in allowed if scan(source)] == []
    assert scan('raise forms.ValidationError(_("不对"))', "forms.py") == 1
    assert scan("raise forms.ValidationError(render(MSG_X))", "forms.py") == 0
