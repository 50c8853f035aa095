"""A hostile or careless organizer posting junk to the team and individual events' pages
(line-ups, substitutes, forms, imports, the draw, settings) gets a page or a message, never a
server error; unknown ids are 404."""

import pytest
from django.urls import reverse

from tests.app.individuals.individual_event import build_individual_event
from tests.app.teams.team_event import build_team_event
from tests.conftest import login
from tournament.core.actors import user_actor
from tournament.models import Team
from tournament.rounds.pairing import pair_next_round

pytestmark = pytest.mark.django_db
JUNK = [
    {},
    {"pair1_1": "x", "pair1_2": "9999", "pair2_1": "-1"},
    {"absent": "", "substitute": "<script>"},
    {"absent": "99999", "substitute": "1"},
    {"version": "abc", "name": "", "player1": "a" * 500},
]


def test_junk_posts_to_the_entry_pages_never_give_a_server_error(organizer):
    t = build_team_event(organizer, teams=4, rounds=2)
    pair_next_round(t, by=user_actor(organizer))
    team = Team.objects.filter(tournament=t).first()
    s = build_individual_event(organizer, slug="solo2", players=8, rounds=2)
    pair_next_round(s, by=user_actor(organizer))
    c = login(organizer)
    urls = [
        reverse("team_line_up", args=[t.slug, team.pk]),
        reverse("team_edit", args=[t.slug, team.pk]),
        reverse("team_add", args=[t.slug]),
        reverse("team_import", args=[t.slug]),
        reverse("team_import_confirm", args=[t.slug]),
        reverse("round_substitute", args=[s.slug, 1]),
        reverse("individual_add", args=[s.slug]),
        reverse("individual_import", args=[s.slug]),
        reverse("draw", args=[t.slug]),
        reverse("draw", args=[s.slug]),
        reverse("tournament_edit", args=[t.slug]),
    ]
    for u in urls:
        for data in JUNK:
            r = c.post(u, data)
            assert r.status_code < 500, (u, data, r.status_code)
    for u in [
        reverse("team_history", args=[t.slug, 99999]),
        reverse("player_history", args=[s.slug, 99999]),
        reverse("share_pair_png", args=[t.slug, 99999]),
        reverse("projector", args=[t.slug, 9]),
    ]:
        assert c.get(u).status_code < 500, u
