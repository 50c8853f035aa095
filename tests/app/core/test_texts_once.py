"""Labels with one source: a Chinese text of six or more characters is written in one module
only (besides the catalogue ``scripts/i18n_labels.py`` generates for makemessages); another
module that shows it imports it, so the two cannot drift apart in wording or translation."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.app.conftest import CJK

ROOT = Path(__file__).resolve().parents[3]
PACKAGES = ("tournament", "rules", "scoring", "pairing", "guandan")
GENERATED = {"tournament/events/option_labels.py"}  # scripts/i18n_labels.py
LONG = 6  # Chinese characters


def long_texts(tree: ast.Module) -> set[str]:
    """The string literals of ``tree`` with at least :data:`LONG` Chinese characters, its
    docstrings and comments left out."""
    docs = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docs
        and len(CJK.findall(node.value)) >= LONG
    }


def written_twice(sources: dict[str, str]) -> dict[str, list[str]]:
    """Each long Chinese text written in two modules or more, with those modules."""
    where: dict[str, list[str]] = {}
    for name, source in sorted(sources.items()):
        for text in long_texts(ast.parse(source)):
            where.setdefault(text, []).append(name)
    return {text: names for text, names in where.items() if len(names) > 1}


def _sources() -> dict[str, str]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            name = str(path.relative_to(ROOT))
            if "migrations" not in path.parts and name not in GENERATED:
                found[name] = path.read_text(encoding="utf-8")
    return found


def test_no_long_chinese_text_is_written_in_two_modules():
    assert written_twice(_sources()) == {}


def test_the_scan_finds_a_text_written_twice_and_nothing_else():
    sources = {
        "a.py": '"""第一轮对阵尚未公布"""\nX = _("本轮对阵尚未公布")\nY = "短文本"\n',
        "b.py": 'raise Http404(_("本轮对阵尚未公布"))\nZ = "第一轮对阵尚未公布"\n',
    }
    assert written_twice(sources) == {"本轮对阵尚未公布": ["a.py", "b.py"]}
