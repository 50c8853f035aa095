"""A team event's printouts and exports, read back: PDFs through pypdf, xlsx through openpyxl."""

from __future__ import annotations

import io
import os

import pytest
from openpyxl import load_workbook

from tests.app.printing.conftest import pages_text
from tests.app.teams.team_event import build_team_event, play_round
from tournament.models import Table
from tournament.printing.makers import Request
from tournament.printing.registry import run
from tournament.teams.standings import best_pairs_for, team_standings_for

pytestmark = pytest.mark.django_db

DUMP = os.environ.get("TEAMPRINT_DUMP")  # a folder: write every file for a look


def render(t, kind, fmt="pdf", **kw) -> bytes:
    out = io.BytesIO()
    run(Request(tournament=t, kind=kind, fmt=fmt, **kw), out)
    data = out.getvalue()
    if DUMP:
        suffix = "-".join(f"{k}{v}" for k, v in kw.items())
        with open(os.path.join(DUMP, f"{t.slug}-{kind}{suffix}.{fmt}"), "wb") as f:
            f.write(data)
    return data


def levels(table):
    """Odd tables: East–West wins by 5 levels (A+ : 10); even ones: North–South by 3 (9 : Q)."""
    return ("A+", "10") if table.number % 2 else ("9", "Q")


@pytest.fixture
def event(organizer):
    t = build_team_event(organizer, teams=7, rounds=3)
    play_round(t, organizer, levels)
    return t


def test_dump_everything(event):
    for kind, fmt in [("pairings", "pdf"), ("team_sheets", "pdf"), ("standings", "pdf"), ("certificates", "pdf")]:
        render(event, kind, fmt)
    render(event, "team_sheets", "pdf", per_page=2)
    render(event, "standings", "xlsx")
    render(event, "standings", "csv")
    render(event, "workbook", "xlsx")
    render(event, "pairings", "xlsx")
