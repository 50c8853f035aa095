"""Rotation groups seat the pair listed first as the event's seating option says."""

from __future__ import annotations

import pytest

from pairing.groups import pair_rotation_round
from tournament.core.actors import user_actor
from tournament.events.services import tournament_create
from tournament.rounds.pairing import draw, pair_next_round

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("seating", ["first_ew", "first_ns"])
def test_rotation_round_one_follows_the_seating_option(organizer, register, seating):
    t = tournament_create(
        organizer=organizer,
        slug=f"rot-{seating}",
        name="分组赛",
        format="rotation",
        rounds=3,
        scoring="hundred_plus",
        seating=seating,
    )
    for i in range(1, 8):
        register(t, f"队{i}")
    draw(t, seed=4, by=user_actor(None))
    round_ = pair_next_round(t, by=user_actor(None))
    groups = t.stages.get().state["groups"]
    listed = pair_rotation_round(groups, 1)  # the movement table's order: first, second
    stored = {m.number: (m.ew_id, m.ns_id) for m in round_.tables.exclude(ns=None)}
    for table in listed.tables:
        first, second = table.ew, table.ns
        expected = (first, second) if seating == "first_ew" else (second, first)
        assert stored[table.number] == expected
