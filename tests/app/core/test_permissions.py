"""Role × page table: rights are checked on the server, outsiders see nothing."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import login

pytestmark = pytest.mark.django_db

# The role × URL table over every URL name is tests/app/test_url_table.py.


def test_superuser_sees_every_tournament(tournament, make_user):
    admin = make_user("root", superuser=True)
    assert login(admin).get(reverse("pair_list", args=[tournament.slug])).status_code == 200


def test_organizer_does_not_see_another_organizers_event(
    tournament, other_tournament, as_organizer
):
    home = as_organizer.get(reverse("home")).content.decode()
    assert "春季掼蛋赛" in home and "秋季赛" not in home
    assert as_organizer.get(reverse("tournament_detail", args=["autumn"])).status_code == 404
    assert as_organizer.get(reverse("pair_list", args=["autumn"])).status_code == 404


def test_unpublished_event_is_hidden_from_the_public(tournament):
    assert Client().get(reverse("tournament_detail", args=[tournament.slug])).status_code == 404
    tournament.publish_standings = True
    tournament.save()
    assert Client().get(reverse("tournament_detail", args=[tournament.slug])).status_code == 200


def test_anonymous_cannot_change_anything(tournament, register):
    pair = register(tournament, "金陵一队")
    client = Client()
    posts = [
        (
            reverse("pair_add", args=[tournament.slug]),
            {"name": "X", "player1": "a", "player2": "b"},
        ),
        (
            reverse("pair_status", args=[tournament.slug, pair.pk]),
            {"status": "withdrawn", "confirmed": "1"},
        ),
        (
            reverse("pair_edit", args=[tournament.slug, pair.pk]),
            {"name": "Y", "player1": "a", "player2": "b"},
        ),
        (reverse("tournament_edit", args=[tournament.slug]), {"name": "hacked"}),
        (
            reverse("staff_list", args=[tournament.slug]),
            {"username": "eve", "role": "chief_referee"},
        ),
        (reverse("pair_import_confirm", args=[tournament.slug]), {}),
    ]
    for url, data in posts:
        assert client.post(url, data).status_code == 302
    pair.refresh_from_db()
    tournament.refresh_from_db()
    assert pair.status == "active" and tournament.name == "春季掼蛋赛"
    assert tournament.pairs.count() == 1 and tournament.staff.count() == 2


def test_referee_cannot_withdraw_a_pair(tournament, referee, register):
    pair = register(tournament, "金陵一队")
    response = login(referee).post(
        reverse("pair_status", args=[tournament.slug, pair.pk]),
        {"status": "withdrawn", "confirmed": "1"},
    )
    assert response.status_code == 404
    pair.refresh_from_db()
    assert pair.status == "active"


def test_only_organizers_can_create_tournaments(referee, organizer):
    url = reverse("tournament_create")
    assert login(referee).get(url).status_code == 404
    assert login(organizer).get(url).status_code == 200
