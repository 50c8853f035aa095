"""The line-up page (出场名单): the organizer and the chief referee choose each pair's two
players for the open round; once that round is published the service refuses, and the page
says so."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.app.teams.team_sheets import team_event
from tests.conftest import login
from tournament.core.actors import user_actor
from tournament.models import AuditEntry, Team
from tournament.rounds.lifecycle import publish_round
from tournament.rounds.pairing import draw, pair_next_round
from tournament.teams.line_ups import line_up_of, members_of_pairs

pytestmark = pytest.mark.django_db


def url(name, t, *args):
    return reverse(name, args=[t.slug, *args])


def paired(organizer, chief, referee):
    t = team_event(organizer, teams=4, staff=(chief, referee))
    by = user_actor(organizer)
    draw(t, seed=7, by=by)
    return t, pair_next_round(t, by=by)


def swap(n=1):
    """Players 1 and 3 together, 2 and 4 together, for round ``n``."""
    return {"round": str(n), "pair1_1": "1", "pair1_2": "3", "pair2_1": "2", "pair2_2": "4"}


@pytest.mark.parametrize("who", ["organizer", "chief"])
def test_a_line_up_change_before_publishing(organizer, chief, referee, who):
    t, round_ = paired(organizer, chief, referee)
    team = Team.objects.get(tournament=t, name="苏州一队")
    client = login(organizer if who == "organizer" else chief)
    page = client.get(url("team_line_up", t, team.pk)).content.decode()
    assert "第 1 轮的出场名单" in page
    assert '<option value="2" selected>苏州0号2</option>' in page  # the registered line-up
    response = client.post(url("team_line_up", t, team.pk), swap())
    assert response.status_code == 302 and response["Location"] == url("line_ups", t)
    assert members_of_pairs(line_up_of(team, 1)) == [(1, 3), (2, 4)]
    assert AuditEntry.objects.filter(action="squad.line_up").count() == 1
    listing = client.get(url("line_ups", t)).content.decode()
    assert "苏州0号1、苏州0号3" in listing and "苏州0号2、苏州0号4" in listing
    # The draft's tables follow: the new pairs sit where the old ones did.
    seated = {p for table in round_.tables.all() for p in (table.ns_id, table.ew_id)}
    assert set(line_up_of(team, 1)) <= seated


def test_after_publishing_the_page_says_so_and_the_change_is_refused(organizer, chief, referee):
    t, round_ = paired(organizer, chief, referee)
    team = Team.objects.get(tournament=t, name="苏州一队")
    client = login(chief)
    assert "第 1 轮的出场名单" in client.get(url("team_line_up", t, team.pk)).content.decode()
    publish_round(round_, by=user_actor(organizer))
    refused = client.post(url("team_line_up", t, team.pk), swap(1))
    page = refused.content.decode()
    assert refused.status_code == 200
    assert "第1轮已经公布，出场名单不能再改" in page  # the service's message
    assert "第 1 轮已经公布" in page and "第 2 轮的出场名单" in page
    assert 'name="round" value="2"' in page  # a new form, for the round open now
    assert members_of_pairs(line_up_of(team, 1)) == [(1, 2), (3, 4)]
    assert not AuditEntry.objects.filter(action="squad.line_up").exists()


def test_a_player_twice_is_refused_with_the_services_message(organizer, chief, referee):
    t, _ = paired(organizer, chief, referee)
    team = Team.objects.get(tournament=t, name="苏州一队")
    data = swap() | {"pair2_2": "1"}
    page = login(organizer).post(url("team_line_up", t, team.pk), data).content.decode()
    assert "一名队员在出场名单里出现了两次：苏州0号1" in page


def test_the_round_page_of_a_draft_leads_to_the_line_ups(organizer, chief, referee):
    t, round_ = paired(organizer, chief, referee)
    client = login(chief)
    assert url("line_ups", t) in client.get(url("round_control", t, 1)).content.decode()
    publish_round(round_, by=user_actor(organizer))
    assert url("line_ups", t) not in client.get(url("round_control", t, 1)).content.decode()


def test_a_referee_may_not_open_the_line_up_pages(organizer, chief, referee):
    t, _ = paired(organizer, chief, referee)
    team = Team.objects.get(tournament=t, name="苏州一队")
    client = login(referee)
    assert client.get(url("line_ups", t)).status_code in (403, 404)
    assert client.get(url("team_line_up", t, team.pk)).status_code in (403, 404)
    assert client.post(url("team_line_up", t, team.pk), swap()).status_code in (403, 404)
    assert members_of_pairs(line_up_of(team, 1)) == [(1, 2), (3, 4)]
