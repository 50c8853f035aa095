"""Shared fixtures. One user per role, a tournament, and logged-in clients (after healthchecks' BaseTestCase)."""

from __future__ import annotations

import gc
from types import SimpleNamespace

import pytest
from hypothesis import settings as hypothesis_settings

from guandan.command_process import GC_THRESHOLDS
from tests.budget import FULL_RUN
from tests.shared_build import SHARED, built_once, shared_build, shared_builds
from tournament.core.actors import user_actor

__all__ = ["built_once", "shared_builds"]  # fixtures and helpers for the test modules

# A full run (CI) draws the same examples every time, so that a red run is a finding that
# reproduces rather than chance (one such finding is pinned in test_swiss_properties.py).
# A developer's quick run draws new examples each time, to keep exploring.
hypothesis_settings.register_profile("full_run", derandomize=True)
if FULL_RUN:
    hypothesis_settings.load_profile("full_run")

# Django imports stay inside the fixtures: the pure packages' tests (rules, scoring,
# pairing) run without Django and must be able to load this file.


def pytest_configure(config):
    """Collect garbage less often in a test process, from as early as a conftest can.

    Starting, a test process builds hundreds of thousands of objects that live until it
    ends (the test modules and their parameters, with Django and the app); each test then
    makes many short-lived ones (a page, its queries) that die on their own. CPython's
    default thresholds (700, 10, 10) ran about 775 collections before the first test.
    """
    gc.set_threshold(*GC_THRESHOLDS)


def pytest_collection_finish(session):
    """Keep the garbage collector off what every test shares.

    After collection a worker holds Django, the app, the test modules and their parameters:
    hundreds of thousands of objects that live until the end. Each full collection walked
    them all again. Frozen, they are left out of every collection. Measured on the suite
    without the browser tests, one process: 54.4 CPU-seconds before, 52.0 after.
    """
    gc.collect()
    gc.freeze()


@pytest.hookimpl(trylast=True)  # after ``-m``/``-k`` deselected what will not run
def pytest_collection_modifyitems(config, items):
    """Skip the tests marked ``slow`` unless this is a full run (``RUN_SLOW=1``, as in CI)
    or they were asked for by name (``-m slow``).

    The tests keep their collection order: xdist's worksteal scheduler balances the workers
    without help (docs/benchmarks.md, "What keeps the suite short": the measurement).
    """
    if FULL_RUN or "slow" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="slow: runs in CI (set RUN_SLOW=1 to run it here)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def django_db_setup(
    request,
    tmp_path_factory,
    django_test_environment,
    django_db_blocker,
    django_db_use_migrations,
    django_db_keepdb,
    django_db_createdb,
    django_db_modify_db_settings,
):
    """pytest-django's fixture, but ``migrate`` runs once per test run: the first worker
    migrates, the others copy its database (tests/db_setup.py)."""
    from django.test.utils import teardown_databases

    from tests import db_setup

    keepdb = django_db_keepdb and not django_db_createdb
    with django_db_blocker.unblock():
        old_config = db_setup.set_up(
            request, tmp_path_factory, keepdb=keepdb, use_migrations=django_db_use_migrations
        )
    yield
    if not django_db_keepdb:
        with django_db_blocker.unblock():
            try:
                teardown_databases(old_config, verbosity=request.config.option.verbose)
            except Exception as exc:  # as pytest-django: a warning, not an error
                request.node.warn(pytest.PytestWarning(f"Test databases not torn down: {exc!r}"))


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


def new_staff() -> tuple:
    """The organizer ``alice``, the chief referee ``chief`` and the referee ``ref`` of the
    event :func:`new_tournament` makes (the users of the fixtures below)."""
    return new_user("alice", organizer=True), new_user("chief"), new_user("ref")


@pytest.fixture
def make_user(django_user_model):
    return new_user


@pytest.fixture
def organizer(make_user):
    """The organizer ``alice``: the one a shared build of the module made, else a new one."""
    return existing_user("alice") or make_user("alice", organizer=True)


@pytest.fixture
def other_organizer(make_user):
    return make_user("bob", organizer=True)


@pytest.fixture
def chief(make_user):
    """The user ``chief`` (the chief referee of ``tournament``): the module's shared one, else new."""
    return existing_user("chief") or make_user("chief")


@pytest.fixture
def referee(make_user):
    """The user ``ref`` (a referee of ``tournament``): the module's shared one, else new."""
    return existing_user("ref") or make_user("ref")


@pytest.fixture
def outsider(make_user):
    return make_user("eve")


def new_tournament(organizer, chief, referee):
    """The event "spring" (春季掼蛋赛, 5 rounds) with ``chief`` as its chief referee and
    ``referee`` as a referee."""
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
    """Register a pair quickly: register(t, "队名", "单位", "甲", "乙")."""
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
    """make_round(t, teams, number=1, status="published"): tables 1–2, 3–4, … (odd: last has a bye)."""
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


def existing_user(username: str):
    """The user ``username`` when a shared build of the module made it, else None."""
    from django.contrib.auth import get_user_model

    return get_user_model().objects.filter(username=username).first()


@shared_build
def one_event_per_module():
    """The users, the event and its eight pairs of the fixtures above, built once for the
    module (tests/shared_build.py): a module whose every test starts from them says
    ``pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(ONE_EVENT)]``; the role
    fixtures, ``tournament`` and ``teams8`` are then these, read afresh in each test."""
    users = new_staff()
    t = new_tournament(*users)
    return SimpleNamespace(
        users=[u.pk for u in users], tournament=t.pk, pairs=[p.pk for p in eight_pairs(t)]
    )


ONE_EVENT = "one_event_per_module"


def organizers_words(tournament) -> list[str]:
    """The event's own data (names of the event, pairs, players, units, stages, host, venue,
    referees' remarks), longest first: what may stay Chinese on an English page or print."""
    # Imported here: this module is loaded before Django's apps are ready.
    from tournament.models import Foul, Pair, Player, Stage, Unit

    t = tournament
    words = [t.name, t.host, t.venue]
    words += Stage.objects.filter(tournament=t).values_list("name", flat=True)
    words += Unit.objects.filter(tournament=t).values_list("name", flat=True)
    words += Pair.objects.filter(tournament=t).values_list("name", flat=True)
    words += Player.objects.filter(pair__tournament=t).values_list("name", flat=True)
    words += Foul.objects.filter(table__round__tournament=t).values_list("remark", flat=True)
    return sorted({w for w in words if w}, key=len, reverse=True)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """Before the test's fixtures: keep, roll back or build the module's shared build."""
    SHARED.before(item)
