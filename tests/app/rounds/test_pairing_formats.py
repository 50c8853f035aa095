"""One module decides which generator pairs a round (tournament.rounds.formats), and computing
a round writes nothing: the stage's groups, order and bracket are saved by the pairing
service with the round (issue 43, "Layers that hold")."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.app.events.test_stages import create, play_round
from tournament.core.actors import user_actor
from tournament.events.stages import stage_add
from tournament.models import Stage
from tournament.rounds import formats
from tournament.rounds.pairing import compute_pairing, draw, pair_next_round

pytestmark = pytest.mark.django_db

WRITES = ("INSERT", "UPDATE", "DELETE")


def stage_pairing_without_writing(t, stage: Stage, index: int, number: int):
    """The round's pairing, asserting no statement of the computation writes."""
    with CaptureQueriesContext(connection) as queries:
        stage_pairing = compute_pairing(t, stage, index, number, seed=number)
    written = [q["sql"] for q in queries if q["sql"].lstrip().upper().startswith(WRITES)]
    assert written == []
    return stage_pairing


def test_every_format_has_one_generator():
    assert set(formats.GENERATORS) == {"swiss", "rotation", "round_robin", "knockout"}


@pytest.mark.parametrize("kind", ["rotation", "round_robin"])
def test_a_groups_stage_fixes_its_groups_when_paired_not_when_computed(
    kind, organizer, chief, referee, register
):
    t = create(organizer, chief, referee, slug=kind, name="循环", format=kind, rounds=3)
    for i in range(1, 8):
        register(t, f"队{i}")
    draw(t, seed=1, by=user_actor(organizer))
    stage = t.stages.get()
    stage_pairing = stage_pairing_without_writing(t, stage, 1, 1)
    assert "groups" in stage_pairing.state and stage_pairing.pairing.tables
    stage.refresh_from_db()
    assert "groups" not in stage.state  # computed, not saved
    round_ = pair_next_round(t, by=user_actor(organizer))
    stage.refresh_from_db()
    assert stage.state["groups"] == stage_pairing.state["groups"]
    if kind == "round_robin":
        assert stage.rounds == stage_pairing.rounds == 7  # 7 pairs: 7 rounds, one bye each
    pairs = {(m.ew_id, m.ns_id) for m in round_.tables.exclude(ns=None)}
    assert pairs == {(table.ew, table.ns) for table in stage_pairing.pairing.tables}


def test_a_knockout_makes_and_moves_its_bracket_when_paired_not_when_computed(
    organizer, chief, referee, register
):
    t = create(organizer, chief, referee, slug="ko", name="淘汰赛", format="swiss", rounds=1)
    for i in range(1, 9):
        register(t, f"队{i}")
    knockout = stage_add(
        t, kind="knockout", name="决赛阶段", rounds=2, qualify={"top": 4}, by=user_actor(organizer)
    )
    draw(t, seed=3, by=user_actor(organizer))
    play_round(pair_next_round(t, by=user_actor(organizer)), organizer, referee, chief)
    stage_pairing = stage_pairing_without_writing(t, knockout, 1, 2)
    knockout.refresh_from_db()
    assert "bracket" not in knockout.state
    assert [table.bracket_id for table in stage_pairing.pairing.tables] == ["R1-1", "R1-2"]
    semi = pair_next_round(t, by=user_actor(organizer))
    knockout.refresh_from_db()
    assert knockout.state["bracket"] == stage_pairing.state["bracket"]
    play_round(semi, organizer, referee, chief)
    final = stage_pairing_without_writing(t, knockout, 2, 3)
    knockout.refresh_from_db()
    assert final.state["bracket"] == knockout.state["bracket"]  # moved on when the semis locked
    assert sorted(table.bracket_id for table in final.pairing.tables) == ["3rd", "R2-1"]
