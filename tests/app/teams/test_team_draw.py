"""The draw page of a team event draws and lists teams, and gives a team a number."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.app.teams.team_event import build_team_event
from tests.conftest import login
from tournament.models import Team

pytestmark = pytest.mark.django_db


def test_the_draw_page_lists_the_teams_and_swaps_a_number(organizer):
    t = build_team_event(organizer, teams=4)
    client = login(organizer)
    html = client.get(reverse("draw", args=[t.slug])).content.decode()
    assert "共 4 个团体" in html and "苏州一队" in html and "苏州0替1" in html
    assert "组合1" not in html  # teams, not their pairs
    team = Team.objects.get(tournament=t, name="常州队")
    holder = Team.objects.get(tournament=t, draw_number=1)
    old = team.draw_number
    response = client.post(reverse("draw", args=[t.slug]), {"team": "常州队", "number": "1"})
    assert response.status_code == 302
    team.refresh_from_db()
    holder.refresh_from_db()
    assert team.draw_number == 1 and holder.draw_number == old
    found = client.get(reverse("draw", args=[t.slug]), {"q": "常州3号2"}).content.decode()
    assert "常州队" in found and "苏州一队" not in found
