"""The top-places card of a team event ranks teams, of an individual event players: each
from its own standings (the rows its standings page shows)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.app.individuals.individual_sheets import solo_event
from tests.app.sharing.qr_read import png_text
from tests.app.teams.team_sheets import team_event
from tournament.models import Tournament
from tournament.sharing import data

pytestmark = pytest.mark.django_db


def _rows(kind: str):
    return [{"rank": i + 1, "team": f"{kind}{i}", "points": 10 - i} for i in range(10)]


@pytest.mark.parametrize("build, kind", [(team_event, "team"), (solo_event, "player")])
def test_top_places_of_the_events_kind(organizer, monkeypatch, build, kind):
    t = build(organizer)
    called = []
    monkeypatch.setattr(data, "last_locked", lambda t: 3)
    monkeypatch.setattr(
        data,
        "team_data",
        lambda t, r, public: called.append(("team", r, public)) or {"teams": _rows("team")},
    )
    monkeypatch.setattr(
        data,
        "individual_data",
        lambda t, r, public: called.append(("player", r, public)) or _rows("player"),
    )
    top = data.top_places(t)
    assert called == [(kind, 3, True)]
    assert top["rows"] == [(i + 1, f"{kind}{i}", 10 - i) for i in range(8)]


@pytest.mark.parametrize("build", [team_event, solo_event])
def test_card_before_any_locked_round(organizer, build):
    t = build(organizer)
    Tournament.objects.filter(pk=t.pk).update(publish_standings=True)
    response = Client().get(reverse("share_standings_png", args=[t.slug]))
    assert response.status_code == 200
    lines = png_text(response.content)["Description"].splitlines()
    assert lines[:3] == [t.name, "", "尚无成绩"]
