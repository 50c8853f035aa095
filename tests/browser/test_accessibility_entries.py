"""axe-core finds no critical or serious violation on the pages of team events (团体赛)
and individual events (个人赛): registration, line-ups, substitutes, the draw, the round,
standings, histories and find-my-table (tests/browser/test_accessibility.py has the method)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.app.individuals.individual_event import build_individual_event
from tests.app.individuals.individual_event import play_round as play_solo
from tests.app.teams.team_event import build_team_event, play_round
from tests.browser.conftest import signed_in
from tests.browser.test_accessibility import listed, sweep
from tournament.core.actors import user_actor
from tournament.models import Individual, Team
from tournament.rounds.pairing import pair_next_round

pytestmark = pytest.mark.django_db(transaction=True)


def test_team_event_pages(live_server, phone, organizer):
    t = build_team_event(organizer, teams=6, rounds=3, publish_standings=True)
    play_round(t, organizer, lambda table: ("A+", "J"))
    pair_next_round(t, by=user_actor(organizer))
    team = Team.objects.filter(tournament=t).first()
    page = phone()
    signed_in(page, live_server.url, organizer.username)
    urls = {
        "team_list": reverse("team_list", args=[t.slug]),
        "team_add": reverse("team_add", args=[t.slug]),
        "team_import": reverse("team_import", args=[t.slug]),
        "line_ups": reverse("line_ups", args=[t.slug]),
        "team_line_up": reverse("team_line_up", args=[t.slug, team.pk]),
        "draw": reverse("draw", args=[t.slug]),
        "round_control": reverse("round_control", args=[t.slug, 1]),
        "standings": reverse("standings", args=[t.slug]),
        "team_history": reverse("team_history", args=[t.slug, team.pk]),
        "find": reverse("pairings", args=[t.slug, 1]) + "?q=" + team.name,
    }
    found = sweep(page, live_server.url, urls)
    assert found == {}, listed(found)


def test_individual_event_pages(live_server, phone, organizer):
    t = build_individual_event(organizer, players=10, rounds=3, publish_standings=True)
    play_solo(t, organizer, lambda table: ("A+", "J"))
    pair_next_round(t, by=user_actor(organizer))
    player = Individual.objects.filter(tournament=t).first()
    page = phone()
    signed_in(page, live_server.url, organizer.username)
    urls = {
        "individual_list": reverse("individual_list", args=[t.slug]),
        "individual_add": reverse("individual_add", args=[t.slug]),
        "individual_import": reverse("individual_import", args=[t.slug]),
        "draw": reverse("draw", args=[t.slug]),
        "round_control": reverse("round_control", args=[t.slug, 2]),
        "substitute": reverse("round_substitute", args=[t.slug, 2]),
        "standings": reverse("standings", args=[t.slug]),
        "player_history": reverse("player_history", args=[t.slug, player.pk]),
        "find": reverse("pairings", args=[t.slug, 1]) + "?q=" + player.name,
    }
    found = sweep(page, live_server.url, urls)
    assert found == {}, listed(found)
