"""The scoring note of a score sheet is built from the scoring tables and the event's options
(one source per rule): a 100+ event prints the forfeit score it counts, read back
from the PDF."""

from __future__ import annotations

import io

import pytest

from scoring.system_numbers import TABLES, ScoreOptions, note_numbers
from tests.app.printing.conftest import pages_text
from tests.conftest import ONE_EVENT
from tournament.printing.makers import Request
from tournament.printing.registry import run

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(ONE_EVENT)]


def first_sheet(tournament, pairs8, make_round, **options) -> str:
    """The text of the first score sheet of round 1 under these event options, without
    spaces and line breaks (the note may wrap as pypdf extracts it); the font's minus sign
    reads back as a hyphen."""
    for name, value in options.items():
        setattr(tournament, name, value)
    tournament.save()
    make_round(tournament, pairs8)
    out = io.BytesIO()
    run(Request(tournament=tournament, kind="scoresheets", fmt="pdf", round=1), out)
    return "".join(pages_text(out.getvalue())[0].split()).replace("−", "-")


def test_a_hundred_plus_event_prints_its_own_forfeit_score(tournament, pairs8, make_round):
    text = first_sheet(tournament, pairs8, make_round, scoring="hundred_plus", hundred_forfeit=110)
    assert "胜方100+级差（级差最多计15），负方得所升级数（最多12）" in text
    assert "弃权110:0" in text and "三次藏牌判负113:0" in text
    assert "弃权105:0" not in text


def test_the_26_point_event_prints_its_table(tournament, pairs8, make_round):
    text = first_sheet(tournament, pairs8, make_round, scoring="points26")
    assert "26分制：胜方13+级差，负方13-级差，平局各13分；弃权18:0；三次藏牌判负26:0" in text


def test_the_notes_numbers_are_the_tables():
    for system, table in TABLES.items():
        numbers = note_numbers(system)
        assert (numbers["defeat_win"], numbers["defeat_loss"]) == table.defeat[:2]
    assert note_numbers("hundred_plus", ScoreOptions(hundred_forfeit=112))["forfeit_win"] == 112
    # The match_points note states forfeit and defeat in one clause: they must stay equal.
    assert TABLES["match_points"].forfeit == TABLES["match_points"].defeat
