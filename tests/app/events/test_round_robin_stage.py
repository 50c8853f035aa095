"""A round-robin (单循环) event through the services: Berger tables, one bye each."""

from __future__ import annotations

import itertools

import pytest
from django.urls import reverse

from tests.app.events.test_stages import create, play_round
from tests.conftest import login
from tournament.core.actors import user_actor
from tournament.core.errors import Refused
from tournament.rounds.adjust import swap_pairs
from tournament.rounds.pairing import draw, next_round_problem, pair_next_round
from tournament.text.messages import render
from tournament.text.options import validate_options

pytestmark = pytest.mark.django_db


def test_every_pair_meets_every_other_once(organizer, chief, referee, register):
    t = create(
        organizer, chief, referee, slug="rr", name="单循环赛", format="round_robin", rounds=3
    )
    pairs = [register(t, f"队{i}") for i in range(1, 6)]
    draw(t, seed=2, by=user_actor(None))
    met, byes = [], []
    for number in range(1, 6):
        round_ = pair_next_round(t, by=user_actor(None))
        assert round_.number == number
        met += [frozenset((m.ew_id, m.ns_id)) for m in round_.tables.exclude(ns=None)]
        byes += [m.ew_id for m in round_.tables.filter(ns=None)]
        play_round(round_, organizer, referee, chief)
    stage = t.stages.get()
    assert stage.rounds == 5  # five pairs: five rounds, whatever the event said
    assert sorted(met, key=sorted) == sorted(
        (frozenset((a.pk, b.pk)) for a, b in itertools.combinations(pairs, 2)), key=sorted
    )
    assert sorted(byes) == sorted(pair.pk for pair in pairs)
    assert render(next_round_problem(t)) == "所有阶段的轮次都已编排完毕"


def test_round_robin_tables_are_not_moved_by_hand(organizer, chief, referee, register):
    t = create(organizer, chief, referee, slug="rr2", name="单循环赛", format="round_robin")
    pairs = [register(t, f"队{i}") for i in range(1, 5)]
    draw(t, seed=1, by=user_actor(None))
    round_ = pair_next_round(t, by=user_actor(None))
    with pytest.raises(Refused, match="单循环"):
        swap_pairs(round_, pairs[0].pk, pairs[1].pk, by=user_actor(organizer))


def test_same_unit_avoidance_is_refused_for_a_round_robin():
    problems = validate_options({"format": "round_robin", "avoid_same_unit": "hard"})
    assert [p.field for p in problems] == ["avoid_same_unit"]


def test_the_stages_page_shows_the_movement_table(organizer, chief, referee, register):
    t = create(organizer, chief, referee, slug="rr3", name="单循环赛", format="round_robin")
    for i in range(1, 6):
        register(t, f"队{i}")
    draw(t, seed=1, by=user_actor(None))
    round_ = pair_next_round(t, by=user_actor(None))
    page = login(organizer).get(reverse("stage_list", args=[t.slug])).content.decode()
    assert "移位表" in page and "第5轮" in page
    bye = round_.tables.get(ns=None).ew.name
    first = round_.tables.exclude(ns=None).order_by("number").first()
    assert f"{first.ew.name} – {first.ns.name}" in page and bye in page
