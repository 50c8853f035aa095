"""The pure packages ``rules``, ``scoring`` and ``pairing`` import no Django, directly or
through another module: every module of the three is imported in a fresh interpreter and
``sys.modules`` checked, and every import statement is read with ``ast``."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("rules", "scoring", "pairing")


def module_names() -> list[str]:
    names = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def imported_names(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


@pytest.mark.parametrize("package", PACKAGES)
def test_no_module_names_django_in_an_import(package):
    offenders = {
        str(path.relative_to(ROOT)): sorted(n for n in imported_names(path) if "django" in n)
        for path in sorted((ROOT / package).rglob("*.py"))
    }
    assert not {path: names for path, names in offenders.items() if names}


def test_importing_every_module_loads_no_django():
    names = module_names()
    assert len(names) > 30  # the three packages, not an empty glob
    script = (
        "import importlib, json, sys\n"
        f"for name in {names!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'django')))\n"
    )
    # -E: no PYTHON* variables; the packages are found from the project root (cwd).
    result = subprocess.run(
        [sys.executable, "-E", "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert json.loads(result.stdout) == []
