"""Round control's rows are kept per process by what they are made of
(tournament/rounds/table_rows.py): a kept row must never stand in for a different one."""

from __future__ import annotations

import pytest
from django.utils import translation

from tournament.models import Round
from tournament.models.table_guard import exempt
from tournament.rounds import table_rows as rows
from tournament.rounds.table_rows import render_row, row_tables, table_links, table_row, table_rows

pytestmark = pytest.mark.django_db


def _row(round_, number: int):
    return table_rows(row_tables(round_.tables.filter(number=number)))[0]


def test_a_kept_row_is_the_rendered_one_and_changes_with_its_inputs(tournament, pairs8, make_round):
    round_ = make_round(tournament, pairs8, status=Round.IN_PLAY)
    rows._ROWS.clear()
    links = table_links(tournament.slug, round_.number)
    first = _row(round_, 1)
    shown = table_row(first, round_, links)
    assert shown == render_row(first, round_, links) and len(rows._ROWS) == 1
    assert table_row(_row(round_, 1), round_, links) is shown  # kept: not rendered again
    # Another result, another language, another reader's tables, another round status:
    # each its own row.
    with exempt("fixture"):  # set up directly, outside the write rule
        round_.tables.filter(number=1).update(ew_level="A+", ns_level="7", state="entered")
    saved = _row(round_, 1)
    assert table_row(saved, round_, links) == render_row(saved, round_, links) != shown
    with translation.override("en"):
        english = table_links(tournament.slug, round_.number)
        assert table_row(saved, round_, english) == render_row(saved, round_, english)
        assert "Enter" in table_row(saved, round_, english)
    theirs = table_links(tournament.slug, round_.number, {2})
    assert table_row(saved, round_, theirs) == render_row(saved, round_, theirs)
    assert 'class="button small"' not in table_row(saved, round_, theirs)
    round_.status = Round.DRAFT
    assert table_row(saved, round_, links) == render_row(saved, round_, links)
    assert "<a " not in table_row(saved, round_, links)
    assert len(rows._ROWS) == 5


def test_the_kept_rows_are_bounded(tournament, pairs8, make_round, monkeypatch):
    round_ = make_round(tournament, pairs8, status=Round.IN_PLAY)
    monkeypatch.setattr(rows, "_MAX_ROWS", 2)
    rows._ROWS.clear()
    links = table_links(tournament.slug, round_.number)
    for number in (1, 2, 3):
        table_row(_row(round_, number), round_, links)
    assert len(rows._ROWS) == 1
