"""Shared fixtures: one user per role, the event "spring", its pairs, and logged-in clients.

Django is imported inside the functions: the pure packages' tests (rules, scoring, pairing)
run without Django and load this file too.
"""

import gc
from types import SimpleNamespace

import pytest
from hypothesis import settings as hypothesis_settings

from guandan.command_process import GC_THRESHOLDS
from tests.budget import FULL_RUN
from tests.db_setup import django_db_setup, sqlite_templates
from tests.shared_build import SHARED, built_once, shared_build, shared_builds
from tournament.core.actors import user_actor

__all__ = ["built_once", "django_db_setup", "shared_builds", "sqlite_templates"]

# A full run (CI) draws the same examples every time: a red run reproduces. A developer's
# quick run draws new ones each time (tests/budget.py).
hypothesis_settings.register_profile("full_run", derandomize=True)
if FULL_RUN:
    hypothesis_settings.load_profile("full_run")


def pytest_configure(config):
    """Collect garbage as seldom as the guandan command does: a worker's start builds hundreds
    of thousands of long-lived objects, which the default thresholds walk ~775 times."""
    gc.set_threshold(*GC_THRESHOLDS)


def pytest_collection_finish(session):
    """Freeze what every test shares (Django, the app, the collected tests): no collection
    walks it again (measured: 54.4 CPU-s before, 52.0 after, without the browser tests)."""
    gc.collect()
    gc.freeze()


@pytest.hookimpl(trylast=True)  # after ``-m``/``-k`` deselected what will not run
def pytest_collection_modifyitems(config, items):
    """Skip the tests marked ``slow`` unless ``RUN_SLOW=1`` (CI) or ``-m`` names them."""
    if FULL_RUN or "slow" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="slow: runs in CI (set RUN_SLOW=1 to run it here)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """Before the test's fixtures: keep, roll back or build the module's shared build."""
    SHARED.before(item)


@pytest.fixture(autouse=True)
def _postgres_marked_tests_need_postgres(request):
    """A test marked ``postgres`` runs on a real PostgreSQL server only (scripts/test.sh's
    PostgreSQL pass, with TEST_DATABASE_URL); on SQLite it is skipped."""
    if request.node.get_closest_marker("postgres") is None:
        return
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (TEST_DATABASE_URL)")


def new_user(username: str, *, organizer: bool = False, superuser: bool = False):
    """A user whose password is ``pw-<username>``; ``organizer``: in the organizers' group."""
    from django.contrib.auth import get_user_model

    from tournament.events.staff import organizer_group

    user = get_user_model().objects.create_user(
        username=username, password="pw-" + username, is_superuser=superuser, is_staff=superuser
    )
    if organizer:
        user.groups.add(organizer_group())
    return user


def existing_user(username: str, **kwargs):
    """The user ``username`` that the module's shared build made, else a new one."""
    from django.contrib.auth import get_user_model

    return get_user_model().objects.filter(username=username).first() or new_user(
        username, **kwargs
    )


def new_staff() -> tuple:
    """The organizer ``alice``, the chief referee ``chief`` and the referee ``ref``."""
    return new_user("alice", organizer=True), new_user("chief"), new_user("ref")


@pytest.fixture
def make_user(db):
    return new_user


@pytest.fixture
def organizer(db):
    return existing_user("alice", organizer=True)


@pytest.fixture
def chief(db):
    return existing_user("chief")


@pytest.fixture
def referee(db):
    return existing_user("ref")


@pytest.fixture
def other_organizer(db):
    return new_user("bob", organizer=True)


@pytest.fixture
def outsider(db):
    return new_user("eve")


def new_tournament(organizer, chief, referee):
    """The event "spring" (春季掼蛋赛, 5 rounds), ``chief`` its chief referee, ``referee`` a referee."""
    from tournament.events.services import tournament_create
    from tournament.models import Staff

    t = tournament_create(organizer=organizer, slug="spring", name="春季掼蛋赛", rounds=5)
    Staff.objects.create(tournament=t, user=chief, role=Staff.CHIEF_REFEREE)
    Staff.objects.create(tournament=t, user=referee, role=Staff.REFEREE)
    return t


@pytest.fixture
def tournament(organizer, chief, referee):
    """The event "spring" of :func:`new_tournament`: the module's shared one, else new."""
    from tournament.models import Tournament

    t = Tournament.objects.filter(slug="spring", organizer=organizer).first()
    if t is None:
        return new_tournament(organizer, chief, referee)
    t.organizer = organizer  # tied as new_tournament ties them
    return t


@pytest.fixture
def other_tournament(other_organizer):
    from tournament.events.services import tournament_create

    return tournament_create(organizer=other_organizer, slug="autumn", name="秋季赛", rounds=5)


def login(user):
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def as_organizer(organizer):
    return login(organizer)


def register_pair(tournament, name, unit="", p1=None, p2=None):
    """Register a pair through the service: register_pair(t, "队名", "单位", "甲", "乙")."""
    from tournament.registration.services import PairData, pair_register

    return pair_register(
        tournament=tournament,
        data=PairData(name=name, unit=unit, player1=p1 or f"{name}甲", player2=p2 or f"{name}乙"),
        by=user_actor(None),
    )


@pytest.fixture
def register():
    """register(t, "队名", "单位", "甲", "乙"): :func:`register_pair`."""
    return register_pair


def new_round(tournament, pairs, number=1, status="published"):
    """A round of the first stage: tables 1–2, 3–4, … of ``teams`` (odd: the last has a bye)."""
    from tournament.models import Round, Table

    stage = tournament.stages.first()
    round_ = Round.objects.create(tournament=tournament, stage=stage, number=number, status=status)
    for i in range(0, len(pairs) - 1, 2):
        Table.objects.create(round=round_, number=i // 2 + 1, ew=pairs[i], ns=pairs[i + 1])
    if len(pairs) % 2:
        Table.objects.create(
            round=round_, number=None, ew=pairs[-1], ns=None, state=Table.CONFIRMED, flags=["bye"]
        )
    return round_


@pytest.fixture
def make_round():
    """make_round(t, teams, number=1, status="published"): :func:`new_round`."""
    return new_round


def eight_pairs(tournament) -> list:
    """队1 … 队8, of the units 苏州, 无锡, 常州, 南京, 苏州, …, registered one by one."""
    units = ["南京", "苏州", "无锡", "常州"]
    return [register_pair(tournament, f"队{i}", units[i % 4]) for i in range(1, 9)]


@pytest.fixture
def pairs8(tournament):
    """队1 … 队8 of ``tournament`` (:func:`eight_pairs`): the module's shared ones, else new."""
    from tournament.models import Pair

    names = [f"队{i}" for i in range(1, 9)]
    found = {t.name: t for t in Pair.objects.filter(tournament=tournament, name__in=names)}
    if len(found) < len(names):
        return eight_pairs(tournament)
    pairs = [found[name] for name in names]
    for pair in pairs:
        pair.tournament = tournament
    return pairs


@shared_build
def one_event_per_module():
    """The users, the event and its eight pairs of the fixtures above, built once for the
    module (tests/shared_build.py): a module whose every test starts from them says
    ``pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(ONE_EVENT)]``; the role
    fixtures, ``tournament`` and ``pairs8`` are then these, read afresh in each test."""
    users = new_staff()
    t = new_tournament(*users)
    return SimpleNamespace(
        users=[u.pk for u in users], tournament=t.pk, pairs=[p.pk for p in eight_pairs(t)]
    )


ONE_EVENT = "one_event_per_module"
