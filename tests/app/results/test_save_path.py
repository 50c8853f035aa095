"""The save path of a final-levels entry (issue 43): from the view to the table's write
(``save_match``) at most five frames of the project's code, without callbacks between.

The code before went ten calls deep through three callbacks (match_entry →
handle_result_post → apply_once → <lambda> → _save_final → saved_late → enter → enter_final
→ enter_result → save_match). The walk counts the frames of files under ``tournament/``
from the view's frame to ``save_match``'s, both included: Django's and the standard
library's (the transaction decorators, the test client) are not counted."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

import tournament
from tests.conftest import ONE_EVENT, login
from tournament.models import Table
from tournament.results import services, table_write

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(ONE_EVENT)]
PROJECT = Path(tournament.__file__).resolve().parent
MAX_FRAMES = 5
KEY = "5d1e0c7a-2b4f-4a6e-8c9d-0123456789ab"


@pytest.fixture
def walks(monkeypatch):
    """The project's frames of each table write, innermost first (``save_match`` itself)."""
    seen: list[list[str]] = []
    write = table_write.save_table

    def save_table(*args, **kwargs):
        frames = [
            f"{Path(f.filename).name}:{f.function}"
            for f in inspect.stack()[1:]
            if Path(f.filename).resolve().is_relative_to(PROJECT)
        ]
        seen.append(["table_write.py:save_match", *frames])
        return write(*args, **kwargs)

    monkeypatch.setattr(services, "save_table", save_table)
    return seen


def from_view(frames: list[str], view: str) -> list[str]:
    """The frames from the write up to the view's, both included."""
    names = [f.split(":")[1] for f in frames]
    assert view in names, frames
    return frames[: names.index(view) + 1]


def levels(table: Table, **extra) -> dict:
    data = {"action": "enter", "ew_level": "A+", "ns_level": "9", "ew_fouls": 0, "ns_fouls": 0}
    return {**data, "version": table.version, **extra}


def test_a_referees_save_is_at_most_five_frames_below_the_view(event, referee, walks):
    table = event.tables.get(number=1)
    answer = login(referee).post(reverse("table_entry", args=["spring", 1, 1]), levels(table))
    assert answer.status_code == 302
    assert len(walks) == 1
    path = from_view(walks[0], "table_entry")
    assert len(path) <= MAX_FRAMES, " ← ".join(path)
    assert not any("<lambda>" in f for f in path), path


def test_a_phones_entry_with_its_key_takes_the_same_path(event, walks):
    """A side's entry through its link, sent by the phone's outbox with its key."""
    table = event.tables.get(number=2)
    url = reverse("side_entry", args=["spring", table.pk, table.ew_code])
    data = {"ew_level": "A+", "ns_level": "Q", "version": table.version, "entry_key": KEY}
    answer = Client().post(url, data, HTTP_X_OUTBOX="1")
    assert answer.json()["ok"]
    path = from_view(walks[0], "side_entry")
    assert len(path) <= MAX_FRAMES, " ← ".join(path)
    assert not any("<lambda>" in f for f in path), path
