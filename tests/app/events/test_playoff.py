"""A tie at the cut of a qualification is played off (docs/rules.md §5.6), through the web."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import login
from tournament.core.actors import user_actor
from tournament.core.errors import Refused
from tournament.events.stages import qualifiers, stage_add
from tournament.models import Table
from tournament.models.table_guard import exempt

pytestmark = pytest.mark.django_db


def _played(round_, results: dict[int, tuple[str, str]]) -> None:
    for table, (ew, ns) in results.items():
        with exempt("fixture"):  # set up directly, outside the write rule
            Table.objects.filter(round=round_, number=table).update(
                ew_level=ew, ns_level=ns, winner="EW" if ew > ns else "NS", state=Table.CONFIRMED
            )


@pytest.fixture
def tied(tournament, register, make_round):
    """Four pairs after one round: tables 1 and 2 end A+ : 5, so both winners tie."""
    pairs = [register(tournament, f"{n}队") for n in "甲乙丙丁"]
    _played(make_round(tournament, pairs), {1: ("A+", "5"), 2: ("A+", "5")})
    return pairs


@pytest.mark.both_databases
def test_a_tie_at_the_cut_needs_a_play_off_then_its_winner_qualifies(tournament, tied, organizer):
    # 《掼蛋比赛流程》: "如果第一轮结束后出现并列多名则多加一局定胜负进决赛"
    stage = stage_add(
        tournament,
        kind="knockout",
        name="决赛",
        rounds=1,
        qualify={"top": 1, "playoff": True},
        by=user_actor(None),
    )
    with pytest.raises(Refused, match="第1名出现并列"):
        qualifiers(tournament, stage)
    client = login(organizer)
    url = reverse("stage_list", args=[tournament.slug])
    page = client.get(url).content.decode()
    assert "晋级加赛" in page and "争1个名额" in page
    client.post(url, {"playoff_stage": stage.pk})
    stage.refresh_from_db()
    # The two winners meet; who sits East–West follows their (tied) order, drawn by lot.
    (table,) = stage.state["playoff"]["tables"]
    assert sorted(table) == sorted([tied[0].pk, tied[2].pk])
    with pytest.raises(Refused):
        qualifiers(tournament, stage)  # no winner yet
    client.post(url, {"playoff_stage": stage.pk, "table": "0", "team": str(tied[2].pk)})
    stage.refresh_from_db()
    assert qualifiers(tournament, stage) == [tied[2].pk]
    # A pair that is not at the table is refused, and nothing changes.
    response = client.post(
        url, {"playoff_stage": stage.pk, "table": "0", "team": str(tied[1].pk)}, follow=True
    )
    assert "加赛台次或胜方无效" in response.content.decode()
    assert qualifiers(tournament, stage) == [tied[2].pk]


def test_without_the_option_the_lot_decides_as_before(tournament, tied):
    stage = stage_add(
        tournament, kind="knockout", name="决赛", rounds=1, qualify={"top": 1}, by=user_actor(None)
    )
    assert len(qualifiers(tournament, stage)) == 1


def test_no_play_off_when_the_chain_separates_the_pairs(tournament, register, make_round):
    pairs = [register(tournament, f"{n}队") for n in "甲乙丙丁"]
    _played(make_round(tournament, pairs), {1: ("A+", "5"), 2: ("A+", "9")})
    stage = stage_add(
        tournament,
        kind="knockout",
        name="决赛",
        rounds=1,
        qualify={"top": 1, "playoff": True},
        by=user_actor(None),
    )
    assert qualifiers(tournament, stage) == [pairs[0].pk]
