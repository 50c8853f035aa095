"""Shared fixtures. One user per role, a tournament, and logged-in clients (after healthchecks' BaseTestCase)."""

from __future__ import annotations

import pytest

from tests.budget import FULL_RUN

# Django imports stay inside the fixtures: the pure packages' tests (rules, scoring,
# pairing) run without Django and must be able to load this file.


def pytest_collection_modifyitems(config, items):
    """Skip the tests marked ``slow`` unless this is a full run (``RUN_SLOW=1``, as in CI)
    or they were asked for by name (``-m slow``)."""
    if FULL_RUN or "slow" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="slow: runs in CI (set RUN_SLOW=1 to run it here)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def make_user(django_user_model):
    def make(username: str, *, organizer: bool = False, superuser: bool = False):
        from tournament.accounts import organizer_group

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
    from tournament.models import Staff
    from tournament.services.events import tournament_create

    t = tournament_create(organizer=organizer, slug="spring", name="春季掼蛋赛", rounds=5)
    Staff.objects.create(tournament=t, user=chief, role=Staff.CHIEF_REFEREE)
    Staff.objects.create(tournament=t, user=referee, role=Staff.REFEREE)
    return t


@pytest.fixture
def other_tournament(other_organizer):
    from tournament.services.events import tournament_create

    return tournament_create(organizer=other_organizer, slug="autumn", name="秋季赛", rounds=5)


def login(user):
    from django.test import Client

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
        from tournament.services.teams import TeamData, team_register

        return team_register(
            tournament=tournament,
            data=TeamData(
                name=name, unit=unit, player1=p1 or f"{name}甲", player2=p2 or f"{name}乙"
            ),
        )

    return reg


@pytest.fixture
def make_round():
    """make_round(t, teams, number=1, status="published"): tables 1–2, 3–4, … (odd: last has a bye)."""
    from tournament.models import Match, Round

    def make(tournament, teams, number=1, status="published"):
        stage = tournament.stages.first()
        round_ = Round.objects.create(
            tournament=tournament, stage=stage, number=number, status=status
        )
        for i in range(0, len(teams) - 1, 2):
            Match.objects.create(round=round_, table=i // 2 + 1, ew=teams[i], ns=teams[i + 1])
        if len(teams) % 2:
            Match.objects.create(
                round=round_,
                table=None,
                ew=teams[-1],
                ns=None,
                state=Match.CONFIRMED,
                flags=["bye"],
            )
        return round_

    return make


@pytest.fixture
def teams8(tournament, register):
    units = ["南京", "苏州", "无锡", "常州"]
    return [register(tournament, f"队{i}", units[i % 4]) for i in range(1, 9)]
