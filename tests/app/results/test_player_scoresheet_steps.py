"""Referee steps stay the referee's: through a table link, a player's
deal sheet may add and change deals won only; a penalty, foul, warning, forfeit or time the
referee wrote is kept exactly, and a version that changes or adds one is refused, by the one
check in the service that every sheet save goes through."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import ONE_EVENT
from tournament.core.actors import user_actor
from tournament.core.errors import NotAllowed
from tournament.models import Table
from tournament.results.services import save_scoresheet

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(ONE_EVENT)]

EW_WINS = {"win": "EW", "partner": 2}
NS_WINS = {"win": "NS", "partner": 3}
PENALTY = {"penalty": "EW", "levels": -1}


@pytest.fixture
def table(tournament, pairs8, make_round, referee):
    """Table 1 of round 1, its sheet as the referee left it: a deal, then EW −1 level."""
    tournament.table_entry = True
    tournament.save()
    table = make_round(tournament, pairs8).tables.get(number=1)
    return save_scoresheet(table, [EW_WINS, PENALTY], version=table.version, by=user_actor(referee))


def player_post(table: Table, steps: list):
    url = reverse("side_sheet_api", args=["spring", table.pk, table.ew_code])
    body = json.dumps({"version": table.version, "steps": steps})
    return Client().post(url, body, content_type="application/json")


@pytest.mark.parametrize(
    "steps",
    [
        [EW_WINS, {"penalty": "NS", "levels": -1}],  # the penalty turned against the others
        [EW_WINS, {"penalty": "EW", "levels": 1}],
        [EW_WINS, PENALTY, {"forfeit_by": "NS", "reason": "late"}],  # a forfeit added
        [EW_WINS, PENALTY, {"foul": "NS", "kind": "out_of_turn"}],
        [EW_WINS, PENALTY, {"warning": "NS", "kind": "signalling"}],
        [EW_WINS, PENALTY, {"time": True}],
        [EW_WINS],  # the penalty taken away
        [NS_WINS, EW_WINS, PENALTY],  # the penalty moved to a later line
    ],
    ids=["penalty-side", "penalty-levels", "forfeit", "foul", "warning", "time", "gone", "moved"],
)
def test_a_players_version_that_touches_a_referee_step_is_refused(table, steps):
    response = player_post(table, steps)
    assert response.status_code == 400
    assert "罚级、犯规、警告、弃权和到时由裁判记录" in response.json()["error"]
    stored = Table.objects.get(pk=table.pk)
    assert stored.deals == [EW_WINS, PENALTY] and stored.version == table.version


def test_a_player_adds_and_changes_deals_won_around_the_referees_steps(table):
    response = player_post(table, [NS_WINS, PENALTY, EW_WINS])
    assert response.status_code == 200, response.json()
    assert Table.objects.get(pk=table.pk).deals == [NS_WINS, PENALTY, EW_WINS]


def test_the_check_is_the_services_whatever_path_saves_the_sheet(table, referee):
    with pytest.raises(NotAllowed):
        save_scoresheet(
            table,
            [EW_WINS, {"penalty": "NS", "levels": -1}],
            version=table.version,
            by=user_actor(None, "table_ns"),
        )
    # A referee may still change the referee's own steps.
    saved = save_scoresheet(
        table,
        [EW_WINS, {"penalty": "NS", "levels": -1}],
        version=table.version,
        by=user_actor(referee),
    )
    assert saved.deals[1] == {"penalty": "NS", "levels": -1}


def test_a_players_sheet_offers_no_referee_buttons(table):
    page = Client().get(reverse("side_sheet", args=["spring", table.pk, table.ew_code]))
    html = page.content.decode()
    assert "data-time" not in html and "data-penalty" not in html
    assert "由裁判记录" in html
