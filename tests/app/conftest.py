"""Fixtures and patterns shared by the app's tests."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.utils import translation

from tests.shared_build import shared_build

CJK = re.compile(r"[\u4e00-\u9fff]")
"""A Chinese character: what an English page or a script must not show of its own."""
HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'


@pytest.fixture(autouse=True)
def environment_kept():
    """What a test's code writes to ``os.environ`` is gone after it. The guandan command
    passes settings to the server it starts there (secure cookies for ``--https``, the
    allowed hosts): left behind, they reached the servers a later test of the same worker
    started, whose plain-http logins then failed CSRF (403)."""
    saved = dict(os.environ)
    yield
    if os.environ != saved:
        os.environ.clear()
        os.environ.update(saved)


@pytest.fixture(autouse=True)
def language_reset():
    """Each test starts in the default language: a request through the test client with an
    English cookie leaves English active in the worker's thread, and a later test comparing
    Chinese texts failed (seen with the language menu's test before the options' test)."""
    yield
    translation.activate(django_settings.LANGUAGE_CODE)


@pytest.fixture
def english(settings, tmp_path):
    """English active, with the pending translations compiled in front of the catalogue."""
    pending = sorted(Path(django_settings.BASE_DIR, "locale", "pending").glob("*.po"))
    if pending:
        # Each file gets a header (charset); msgcat keeps the first of duplicate entries.
        parts = []
        for i, po in enumerate(pending):
            part = tmp_path / f"part{i}.po"
            text = po.read_text(encoding="utf-8")
            has_header = re.search(r'^msgid ""\nmsgstr "', text, re.M)
            part.write_text(text if has_header else HEADER + text, encoding="utf-8")
            parts.append(str(part))
        merged = tmp_path / "pending.po"
        subprocess.run(["msgcat", "--use-first", "-o", str(merged), *parts], check=True)
        target = tmp_path / "en" / "LC_MESSAGES"
        target.mkdir(parents=True)
        subprocess.run(["msgfmt", "-o", str(target / "django.mo"), str(merged)], check=True)
        settings.LOCALE_PATHS = [tmp_path, *settings.LOCALE_PATHS]
    with translation.override("en"):
        yield


@pytest.fixture
def media(settings, tmp_path):
    """MEDIA_ROOT in the test's own folder (photos and generated files are written there)."""
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@shared_build
def finished_event():
    """The key of tests/app/finished_event.py's event, built once for the module's tests that
    ask for it (tests/shared_build.py)."""
    from tests.app.finished_event import build_staffed_event

    return build_staffed_event().pk


@pytest.fixture
def event(finished_event):
    """tests/app/finished_event.py's event (organizer ``alice``, chief ``chief``, referee
    ``ref``), 15 pairs and two rounds, read afresh."""
    from tournament.models import Tournament

    return Tournament.objects.get(pk=finished_event)


def organizers_words(tournament) -> list[str]:
    """The event's own data (names of the event, pairs, players, units, stages, host, venue,
    referees' remarks), longest first: what may stay Chinese on an English page or print."""
    from tournament.models import Foul, Pair, Player, Stage, Unit

    t = tournament
    words = [t.name, t.host, t.venue]
    words += Stage.objects.filter(tournament=t).values_list("name", flat=True)
    words += Unit.objects.filter(tournament=t).values_list("name", flat=True)
    words += Pair.objects.filter(tournament=t).values_list("name", flat=True)
    words += Player.objects.filter(pair__tournament=t).values_list("name", flat=True)
    words += Foul.objects.filter(table__round__tournament=t).values_list("remark", flat=True)
    return sorted({w for w in words if w}, key=len, reverse=True)
