"""Every module of the project imports, on each Python the suite runs on.

The Python 3.13 pass of scripts/test.sh runs a chosen part of the app's tests
(docs/development.md, "How to test"); this test is what holds the rest of the code on that
version to at least its imports: a module that uses what a Python removed or changed at
import time (a removed stdlib module, a changed signature in a decorator or a dataclass, a
type hint evaluated at import) fails here. The URLconf, the admin and the management
commands load every view and service, but not every module (migrations, servers, the
command-line entry point).
"""

from __future__ import annotations

import importlib
import pkgutil

PACKAGES = ("config", "guandan", "tournament", "rules", "scoring", "pairing")


def project_modules() -> list[str]:
    """The dotted names of every module and package under :data:`PACKAGES`."""
    names = list(PACKAGES)
    for package in PACKAGES:
        path = importlib.import_module(package).__path__
        names += [found.name for found in pkgutil.walk_packages(path, package + ".")]
    return names


def test_every_module_of_the_project_imports():
    failed = {}
    for name in project_modules():
        try:
            importlib.import_module(name)
        except Exception as exc:  # every failure listed at once, not only the first
            failed[name] = repr(exc)
    assert failed == {}


def test_the_walk_finds_the_modules_no_test_imports_otherwise():
    names = project_modules()
    assert len(names) > 250
    assert {"guandan.__main__", "config.wsgi", "tournament.migrations.0001_initial"} <= set(names)
