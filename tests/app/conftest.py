"""One user per role, a tournament, and logged-in clients (after healthchecks' BaseTestCase)."""

from __future__ import annotations

import pytest
from django.test import Client

from tournament.accounts import organizer_group
from tournament.models import Staff
from tournament.services.events import tournament_create
from tournament.services.teams import TeamData, team_register


@pytest.fixture
def make_user(django_user_model):
    def make(username: str, *, organizer: bool = False, superuser: bool = False):
        user = django_user_model.objects.create_user(
            username=username, password="pw-" + username, is_superuser=superuser, is_staff=superuser
        )
        if organizer:
            user.groups.add(organizer_group())
        return user

    return make


@pytest.fixture
def organizer(make_user):
    return make_user("alice", organizer=True)


@pytest.fixture
def other_organizer(make_user):
    return make_user("bob", organizer=True)


@pytest.fixture
def chief(make_user):
    return make_user("chief")


@pytest.fixture
def referee(make_user):
    return make_user("ref")


@pytest.fixture
def outsider(make_user):
    return make_user("eve")


@pytest.fixture
def tournament(organizer, chief, referee):
    t = tournament_create(organizer=organizer, slug="spring", name="春季掼蛋赛", rounds=5)
    Staff.objects.create(tournament=t, user=chief, role=Staff.CHIEF_REFEREE)
    Staff.objects.create(tournament=t, user=referee, role=Staff.REFEREE)
    return t


@pytest.fixture
def other_tournament(other_organizer):
    return tournament_create(organizer=other_organizer, slug="autumn", name="秋季赛", rounds=5)


def login(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def as_organizer(organizer):
    return login(organizer)


@pytest.fixture
def register():
    """Register a pair quickly: register(t, "队名", "单位", "甲", "乙")."""

    def reg(tournament, name, unit="", p1=None, p2=None):
        return team_register(
            tournament=tournament,
            data=TeamData(name=name, unit=unit, player1=p1 or f"{name}甲", player2=p2 or f"{name}乙"),
        )

    return reg
