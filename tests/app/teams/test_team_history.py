"""A team's history page and a player's (individual event): each round's match, its tables
and totals, the rank after it; public only once the standings are published."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.app.individuals.individual_event import build_individual_event
from tests.app.individuals.individual_event import play_round as play_individual_round
from tests.app.teams.team_event import build_team_event, play_round
from tournament.individuals.standings import individual_standings_for
from tournament.models import Individual, Team, Tournament
from tournament.public.views_entry_history import ranks_after_rounds
from tournament.teams.history import team_history
from tournament.teams.standings import team_standings_for

pytestmark = pytest.mark.django_db


def test_a_teams_history_lists_its_matches_and_links_from_the_standings(organizer):
    t = build_team_event(organizer, teams=5, rounds=2, publish_standings=True)
    play_round(t, organizer, lambda table: ("A+", "10"))
    play_round(t, organizer, lambda table: ("K", "Q"))
    top = team_standings_for(t, public=True)[0]
    team = Team.objects.get(pk=top.team)
    url = reverse("team_history", args=[t.slug, team.pk])
    assert url in Client().get(reverse("standings", args=[t.slug])).content.decode()
    html = Client().get(url).content.decode()
    assert team.name in html and "第1轮" in html and "第2轮" in html
    lines = team_history(t, team, public=True, ranks=ranks_after_rounds(t, team.pk, public=True))
    assert sum(m.total for m in lines) == top.total  # the rounds' totals add up to the standings'
    assert all(f"<b>{m.total}</b>" in html for m in lines)
    assert [m.rank for m in lines][-1] == top.rank
    Tournament.objects.filter(pk=t.pk).update(publish_standings=False)
    t.refresh_from_db()
    from tournament.core.stamps import public_changed

    public_changed(t)
    assert Client().get(url).status_code == 404
    assert Client().get(reverse("player_history", args=[t.slug, 1])).status_code == 404


def test_a_players_history_names_partners_and_the_rank_after_each_round(organizer):
    t = build_individual_event(organizer, players=10, rounds=2, publish_standings=True)
    for _ in range(2):
        play_individual_round(t, organizer, lambda table: ("A+", "J"))
    top = individual_standings_for(t, public=True)[0]
    player = Individual.objects.get(pk=top.player)
    url = reverse("player_history", args=[t.slug, player.pk])
    assert url in Client().get(reverse("standings", args=[t.slug])).content.decode()
    html = Client().get(url).content.decode()
    assert player.name in html and f"<b>{top.points}</b>" in html
    assert "<svg" in html and "名次走势" in html  # the rank line of the charts (two rounds)


def test_the_history_pages_carry_link_previews(organizer):
    t = build_team_event(organizer, teams=4, rounds=2, publish_standings=True)
    play_round(t, organizer, lambda table: ("A+", "10"))
    team = Team.objects.filter(tournament=t).first()
    html = Client().get(reverse("team_history", args=[t.slug, team.pk])).content.decode()
    assert 'property="og:title"' in html and team.name in html
    assert reverse("share_standings_png", args=[t.slug]) in html
