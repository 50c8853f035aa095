"""The requirements: what the wheel asks of pip, what the lock pins, which Pythons are admitted.

- requirements/runtime.in and server.in are the wheel's dependencies. Each is a range of one
  release series (``~=X.Y.Z``: X.Y.Z or a later X.Y.*), holding the locked version: an
  installed wheel takes a package's security releases (Django's come as 5.2.* releases)
  without a new app release, and never a new series the tests have not seen.
- requirements/runtime.txt and dev.txt pin exact versions (scripts/lock.py): Django at
  5.2.20 or later, the release that fixes the admin changelist's CVEs.
- pyproject.toml admits every Python from 3.11 on: an upper bound refused the wheel on 3.14
  and 3.15. Whether every dependency has wheels there: tests/servers/test_package.py.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
REQUIREMENTS = ROOT / "requirements"
SECURITY_RELEASE = Version("5.2.20")  # Django 5.2.20 (2026-12-02): 7 CVEs fixed


def wheel_requirements() -> list[Requirement]:
    """The lines of runtime.in and server.in, as pyproject.toml hands them to the wheel."""
    found = []
    for name in ("runtime.in", "server.in"):
        for line in (REQUIREMENTS / name).read_text(encoding="utf-8").splitlines():
            line = line.split("#", 1)[0].strip()
            if line and not line.startswith("-"):
                found.append(Requirement(line))
    return found


def locked(name: str) -> dict[str, Version]:
    """The exact versions of a lock file, by canonical name."""
    text = (REQUIREMENTS / name).read_text(encoding="utf-8")
    pins = re.findall(r"^([A-Za-z0-9_.\[\]-]+)==([^\s;\\]+)", text, re.MULTILINE)
    return {canonicalize_name(re.sub(r"\[.*\]", "", pkg)): Version(ver) for pkg, ver in pins}


def later_patch(version: Version) -> Version:
    major, minor, *rest = version.release + (0, 0)
    return Version(f"{major}.{minor}.{rest[0] + 1}")


def next_series(version: Version) -> Version:
    major, minor = (version.release + (0,))[:2]
    return Version(f"{major}.{minor + 1}")


@pytest.mark.parametrize("requirement", wheel_requirements(), ids=str)
def test_the_wheel_takes_later_releases_of_the_locked_series_only(requirement):
    version = locked("runtime.txt")[canonicalize_name(requirement.name)]
    spec = requirement.specifier
    assert version in spec, f"{requirement}: the lock's {version} is outside it"
    assert later_patch(version) in spec, (
        f"{requirement} pins one version: write {requirement.name}~={version} "
        "(docs/install.md, 'Security releases')"
    )
    assert next_series(version) not in spec, f"{requirement}: a series the tests never saw"


def test_django_is_at_least_its_security_release_everywhere():
    (django,) = [r for r in wheel_requirements() if canonicalize_name(r.name) == "django"]
    assert Version("5.2.19") not in django.specifier
    assert SECURITY_RELEASE in django.specifier and Version("5.2.21") in django.specifier
    assert Version("6.0") not in django.specifier
    for lock in ("runtime.txt", "dev.txt"):
        assert locked(lock)["django"] >= SECURITY_RELEASE, lock


def test_the_locks_agree_on_every_package_they_share():
    runtime, dev = locked("runtime.txt"), locked("dev.txt")
    assert {n: v for n, v in dev.items() if n in runtime and runtime[n] != v} == {}


def test_every_python_from_311_on_is_admitted():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    admitted = SpecifierSet(project["requires-python"])
    for version in ("3.11", "3.12", "3.13", "3.14", "3.15", "3.16"):
        assert Version(version) in admitted, version
    assert Version("3.10") not in admitted
