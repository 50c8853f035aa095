"""The codes the app prints and mails are keyed hashes (Django's ``salted_hmac``) that must
stay the same across upgrades of Django: a check-in QR code, a slip's printer mark and a
mailed confirmation link are checked again days later, and a phone's kept pages are filed
under its partition. Django 6.1 changes ``salted_hmac``'s default algorithm, so every call
names its own (sha1, the default of Django 5.2 that made the codes already printed).

The pinned values below were made by the app on Django 5.2 with the key ``KEY``; the tests
also make them with the default changed (what Django 6.1 does), and they must not move.
"""

from __future__ import annotations

import ast
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.test import override_settings
from django.utils import crypto

from tournament.core.middleware import partition
from tournament.results.sides import printer_mark
from tournament.signup.checkin import checkin_code
from tournament.signup.mail import confirm_code

ROOT = Path(__file__).resolve().parents[3]
PACKAGES = ("config", "guandan", "pairing", "rules", "scoring", "tournament")
KEY = "pinned-key-for-the-code-tests-0123456789-abcdefghijklmnopqrstuvwxyz"


def codes() -> dict[str, str]:
    """One code of each kind, made by the app with the key ``KEY``."""
    user = SimpleNamespace(is_authenticated=True, pk=3, password="argon2$argon2id$v=19$x")
    with override_settings(SECRET_KEY=KEY):
        return {
            "check-in": checkin_code(41),
            "slip printer": printer_mark(1207, "EW", "4821", user),
            "mailed link": confirm_code(SimpleNamespace(token="Zq3fT0b8yXcW")),
            "offline partition": partition(SimpleNamespace(user=user)),
        }


PINNED = {
    "check-in": "41-e161e99234ea",
    "slip printer": "3.d39ad1daf894f68e",
    "mailed link": "40efc054ece281fd6129c04b",
    "offline partition": "c412e986e8e14b35",
}


def test_the_codes_are_the_ones_printed_before():
    assert codes() == PINNED


@pytest.mark.parametrize("default", ["sha256", "sha512"])
def test_the_codes_do_not_move_when_djangos_default_algorithm_does(monkeypatch, default):
    monkeypatch.setitem(crypto.salted_hmac.__kwdefaults__, "algorithm", default)
    assert crypto.salted_hmac("salt", "value").name == f"hmac-{default}"  # it did move
    assert codes() == PINNED


def salted_hmac_calls() -> list[tuple[str, int, bool]]:
    """Every call of ``salted_hmac`` in the app's packages: (file, line, algorithm named)."""
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call):
                    continue
                func = node.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
                if name == "salted_hmac":
                    named = any(keyword.arg == "algorithm" for keyword in node.keywords)
                    found.append((str(path.relative_to(ROOT)), node.lineno, named))
    return found


def test_every_salted_hmac_call_names_its_algorithm():
    calls = salted_hmac_calls()
    assert len(calls) >= 4  # the four kinds of code above, at least
    assert [(path, line) for path, line, named in calls if not named] == []
