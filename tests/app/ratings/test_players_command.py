"""``manage.py players [--json]``: one object per active person, events counted across
events, the rating's ordinal (null where hidden or never rated)."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from tests.app.ratings.rated_events import build_pairs_event, player
from tournament.models import Person
from tournament.ratings.services import current_ratings


def players(*args) -> str:
    out = io.StringIO()
    call_command("players", *args, stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_players_json(organizer):
    build_pairs_event(organizer, "a", [(0, 1), (2, 3), (4, 5), (6, 7)], day=1, rounds=1)
    build_pairs_event(organizer, "b", [(0, 2), (8, 9)], day=3)  # drawn, not played
    zero, hidden, merged = (Person.objects.get(name=player(i)[0]) for i in (0, 3, 9))
    Person.objects.filter(pk=zero.pk).update(number="JS0001")
    Person.objects.filter(pk=hidden.pk).update(hidden=True)
    Person.objects.filter(pk=merged.pk).update(merged_into=zero)
    rows = {r["name"]: r for r in json.loads(players("--json"))}
    assert set(rows[player(0)[0]]) == {"id", "number", "name", "events", "rating"}
    assert len(rows) == 9  # ten persons, one merged away
    assert rows[player(0)[0]]["number"] == "JS0001" and rows[player(1)[0]]["number"] is None
    assert rows[player(0)[0]]["events"] == 2 and rows[player(1)[0]]["events"] == 1
    ordinal = current_ratings()[zero.pk].ordinal
    assert rows[player(0)[0]]["rating"] == round(ordinal, 1)
    assert rows[player(3)[0]]["rating"] is None  # hidden
    assert rows[player(8)[0]]["rating"] is None  # never played a locked table
    text = players()
    assert text.splitlines()[0].split("\t") == ["id", "会员号", "姓名", "赛事", "等级分"]
    assert f"JS0001\t{player(0)[0]}\t2\t{ordinal:.1f}" in text
