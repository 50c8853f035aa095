"""The demo's season (load_demo --season, which ``guandan demo`` loads): two finished events
whose shared players are one person each, and a published series over both."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from tournament.models import Person, Round, Series, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.slow]  # plays ten rounds through the services


def test_the_season_is_two_finished_events_of_one_league_with_players_met_again(client):
    call_command("load_demo", season=True, stdout=io.StringIO())
    events = Tournament.objects.filter(slug__startswith="demo-season-")
    assert events.count() == 2
    assert not Round.objects.filter(tournament__in=events).exclude(status=Round.LOCKED).exists()
    assert Round.objects.filter(tournament__in=events).count() == 10
    # Players 8…31 of the forty play both events: by 会员号 (JH0009…JH0024) or by name and
    # mobile (the rest), each one person with seats in both.
    both = [
        p
        for p in Person.objects.filter(seats__pair__tournament__in=events).distinct()
        if len({s.pair.tournament_id for s in p.seats.all()}) == 2
    ]
    assert len(both) == 24
    assert sum(1 for p in both if p.number) == 16
    series = Series.objects.get(slug="demo-league")
    assert series.published and series.entries.count() == 2
    page = client.get(f"/series/{series.slug}/")
    assert page.status_code == 200 and both[0].name in page.content.decode()
    call_command("load_demo", season=True, stdout=io.StringIO())  # a second run changes nothing
    assert Tournament.objects.count() == 4
