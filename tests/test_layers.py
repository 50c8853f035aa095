"""The import layers hold (issue 43, "Layers that hold"): no database, no Django.

- ``lint-imports`` keeps every contract of ``.importlinter``: the packages of ``tournament``
  import each other one way only (no cycle), in the layers written there (entry points >
  features > core > models > words), the pure cores import neither Django nor the app, and
  the launcher (guandan) and settings (config) sit above the app.
  scripts/test.sh runs it too, beside ruff; this test puts it in every pytest run.
- A *view module* (``views.py``, ``views_*.py``) is an entry point: only the URL modules
  (``urls.py``, ``urls_*.py``) and the views of its own package import it. A feature talks to
  another through that one's services, never through its pages. import-linter cannot name
  ``views_*`` (its wildcards replace whole module names), so grimp's graph is read here.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[1]


def lint_imports() -> subprocess.CompletedProcess:
    script = Path(sys.executable).with_name(
        "lint-imports.exe" if sys.platform == "win32" else "lint-imports"
    )
    return subprocess.run(
        [str(script), "--no-cache"], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_the_import_contracts_are_kept():
    done = lint_imports()
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout


def is_views(module: str) -> bool:
    last = module.rsplit(".", 1)[-1]
    return last == "views" or last.startswith("views_")


def is_urls(module: str) -> bool:
    last = module.rsplit(".", 1)[-1]
    return last == "urls" or last.startswith("urls_")


def package_of(module: str) -> str:
    return module.rsplit(".", 1)[0]


def view_importers_elsewhere(graph) -> list[str]:
    """``importer -> view module`` for each import of a view by neither a URL module nor a
    view of the same package."""
    found = []
    for module in sorted(m for m in graph.modules if is_views(m)):
        for importer in sorted(graph.find_modules_that_directly_import(module)):
            same_package_view = is_views(importer) and package_of(importer) == package_of(module)
            if not (is_urls(importer) or same_package_view):
                found.append(f"{importer} -> {module}")
    return found


def test_views_are_imported_by_urls_and_their_own_package_only():
    sys.path.insert(0, str(ROOT))
    graph = grimp.build_graph("tournament", cache_dir=None)
    assert any(is_views(m) for m in graph.modules), "the graph should hold the views"
    assert view_importers_elsewhere(graph) == []


def test_a_view_imported_from_another_package_is_caught():
    graph = grimp.ImportGraph()
    for name in ("app", "app.a", "app.a.views", "app.a.urls", "app.b", "app.b.views_x"):
        graph.add_module(name)
    graph.add_import(importer="app.a.urls", imported="app.a.views")
    assert view_importers_elsewhere(graph) == []
    graph.add_import(importer="app.b.views_x", imported="app.a.views")
    assert view_importers_elsewhere(graph) == ["app.b.views_x -> app.a.views"]
