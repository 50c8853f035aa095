"""The standings page's bump chart for team and individual events: the top teams' and
players' ranks after each locked round."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.app.charts.svg_read import assert_text_alternative, charts, hidden_rows
from tests.app.individuals import individual_event
from tests.app.teams import team_event
from tournament.individuals.standings import individual_standings_for
from tournament.models import Individual, Team
from tournament.public.rank_history import TOP
from tournament.teams.standings import team_standings_for

pytestmark = pytest.mark.django_db


def _expected(t, compute, key, model) -> list[list[str]]:
    ranks = {
        n: {getattr(r, key): r.rank for r in compute(t, after_round=n, public=True)} for n in (1, 2)
    }
    top = sorted(ranks[2], key=lambda e: ranks[2][e])[:TOP]
    names = dict(model.objects.filter(pk__in=top).values_list("pk", "name"))
    return [[names[e], str(ranks[1][e]), str(ranks[2][e])] for e in top]


@pytest.mark.parametrize("kind", ["teams", "individuals"])
def test_bump_chart_of_teams_and_players(organizer, kind):
    if kind == "teams":
        module, compute, key, model = team_event, team_standings_for, "team", Team
        t = team_event.build_team_event(organizer, publish_standings=True)
    else:
        module, compute, key, model = (
            individual_event,
            individual_standings_for,
            "player",
            Individual,
        )
        t = individual_event.build_individual_event(organizer, publish_standings=True)
    for _ in range(2):
        module.play_round(t, organizer, lambda m: ("A+", "10") if m.number % 3 else ("9", "K"))
    page = Client().get(reverse("standings", args=[t.slug])).content.decode()
    (figure,) = charts(page, "bump")
    assert_text_alternative(figure)
    assert hidden_rows(figure) == _expected(t, compute, key, model)


def test_a_team_events_history_page_draws_the_teams_rank(organizer):
    t = team_event.build_team_event(organizer, publish_standings=True)
    for _ in range(2):
        team_event.play_round(t, organizer, lambda m: ("A+", "10") if m.number % 3 else ("9", "K"))
    pair = t.pairs.exclude(team=None).order_by("pk").first()
    page = Client().get(reverse("pair_history", args=[t.slug, pair.pk])).content.decode()
    (figure,) = charts(page, "rank")
    expected = [
        next(
            str(r.rank)
            for r in team_standings_for(t, after_round=n, public=True)
            if r.team == pair.team_id
        )
        for n in (1, 2)
    ]
    assert [row[1] for row in hidden_rows(figure)] == expected
