"""The layout rules, checked over the repository (no database, no Django).

Vocabulary:

- a *template line* is one line of a file under ``templates/``, measured in characters (not
  bytes: a Chinese character counts one);
- a *product module* is a ``.py`` file of the packages in ``PRODUCT``, migrations excluded
  (they are generated); the 400-line limit holds for the tests' modules too, the 60-line
  limit for product functions only (a whole-event test reads as one story, its figures worked
  out by hand in its comments, and splitting it would scatter them);
- a function's *length* is its span in the source as ``ast`` gives it, from the ``def`` line
  to its last line, docstring and comments included. The files are measured as committed,
  which is as ``ruff format`` leaves them (CI runs ``ruff format --check``), and the last test
  makes sure no ``fmt`` marker keeps a call packed on fewer lines than the formatter would use.

Each failure lists every offender (``path:line`` and the length), so that a maintainer sees
what to split. "No Django import in the pure packages" is tests/pairing/test_no_django.py.
"""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PRODUCT = ("rules", "scoring", "pairing", "tournament", "config", "guandan", "bench")
MAX_TEMPLATE_LINE = 120
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60
# A formatter marker (skip or off) in a comment: ruff format leaves that code as written.
FMT_MARKER = re.compile(r"#.*\bfmt:\s*(?:skip|off)\b")
# Folders that are not the project's own code: virtualenvs, git, caches, the runtime data.
SKIPPED_DIRS = {"node_modules", "__pycache__", "var"}


def python_files() -> list[Path]:
    """Every ``.py`` file of the repository outside hidden folders (``.venv``, ``.git``)."""
    found = []
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in SKIPPED_DIRS)
        found.extend(Path(folder, f) for f in sorted(files) if f.endswith(".py"))
    return found


def product_modules() -> list[Path]:
    return [
        path
        for package in PRODUCT
        for path in sorted((ROOT / package).rglob("*.py"))
        if "migrations" not in path.relative_to(ROOT).parts
    ]


def where(path: Path, line: int) -> str:
    return f"{path.relative_to(ROOT)}:{line}"


def long_template_lines(limit: int = MAX_TEMPLATE_LINE) -> list[str]:
    offenders = []
    for path in sorted((ROOT / "templates").rglob("*")):
        if path.is_file():
            lines = path.read_text(encoding="utf-8").splitlines()
            offenders += [
                f"{where(path, n)} ({len(text)})"
                for n, text in enumerate(lines, 1)
                if len(text) > limit
            ]
    return offenders


def long_modules(limit: int = MAX_MODULE_LINES) -> list[str]:
    offenders = []
    for path in python_files():
        if "migrations" in path.relative_to(ROOT).parts:
            continue
        count = len(path.read_text(encoding="utf-8").splitlines())
        if count > limit:
            offenders.append(f"{where(path, 1)} ({count} lines)")
    return offenders


def functions(body: list[ast.stmt]):
    """Every function defined in ``body``, at any depth. A ``def`` is a statement, so only
    the statement lists are searched (bodies, ``else`` and ``finally`` parts, exception
    handlers, ``match`` cases): the same functions as ``ast.walk`` finds, without visiting
    every expression."""
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            for child in getattr(node, field, ()):
                if isinstance(child, ast.stmt):
                    yield from functions([child])
                else:  # an except handler or a match case: its own statement list
                    yield from functions(child.body)


def long_functions(limit: int = MAX_FUNCTION_LINES) -> list[str]:
    offenders = []
    for path in product_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in functions(tree.body):
            length = node.end_lineno - node.lineno + 1
            if length > limit:
                offenders.append(f"{where(path, node.lineno)} {node.name} ({length} lines)")
    return offenders


def fmt_markers() -> list[str]:
    offenders = []
    for path in python_files():
        lines = path.read_text(encoding="utf-8").splitlines()
        offenders += [where(path, n) for n, text in enumerate(lines, 1) if FMT_MARKER.search(text)]
    return offenders


def test_the_checks_see_the_repository():
    # An empty glob would let every rule below pass: the counts are today's, rounded down.
    assert len(list((ROOT / "templates").rglob("*.html"))) > 40
    assert len(product_modules()) > 100
    assert len(python_files()) > len(product_modules())
    assert not [p for p in python_files() if ".venv" in p.parts]


def test_no_template_line_over_120_characters():
    offenders = long_template_lines()
    assert not offenders, "template lines over 120 characters:\n" + "\n".join(offenders)


def test_no_module_over_400_lines():
    offenders = long_modules()
    assert not offenders, "modules over 400 lines:\n" + "\n".join(offenders)


def test_no_product_function_over_60_lines():
    offenders = long_functions()
    assert not offenders, "functions over 60 lines:\n" + "\n".join(offenders)


def test_no_fmt_skip_in_the_python_files():
    offenders = fmt_markers()
    assert not offenders, "fmt: skip/off markers (let ruff format it):\n" + "\n".join(offenders)
