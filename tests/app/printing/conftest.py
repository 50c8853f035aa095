"""A small finished-looking event built straight with the ORM, and helpers to read PDFs.

``event`` has 15 pairs in 3 units (so every round has a bye), two rounds: round 1 locked with
every result (one forfeit, one table with a deal-by-deal sheet and fouls), round 2 published
with half of the results entered. Every pair and player has a Chinese name.

Built once, shared by the tests that use it (most tests here): building it is about a
hundred saves (40 ms). The first such test of a module builds it inside a transaction that
stays open around the following ones (each runs in its own savepoint, rolled back after it,
as pytest-django does for every test), so each one starts from the event exactly as built.
A test without ``event`` (or a transactional one) closes the shared transaction first (its
rows are rolled back) and starts from the empty database as before; the next test that
wants the event builds it again. It never outlives its module.
"""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Sequence
from contextlib import ExitStack

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client
from pypdf import PdfReader
from pytest_django.fixtures import validate_django_db

from rules import parse_notation
from tests.conftest import built_once
from tournament.models import (
    AuditEntry,
    Foul,
    Match,
    Player,
    Round,
    Staff,
    Stage,
    Submission,
    Team,
    Tournament,
    Unit,
)

SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗"
GIVEN = [
    "建国",
    "秀英",
    "志强",
    "丽娟",
    "海燕",
    "伟",
    "静",
    "磊",
    "晓明",
    "春花",
    "国庆",
    "玉兰",
    "德华",
    "桂英",
    "红梅",
    "子轩",
    "雨涵",
    "浩然",
    "思远",
    "欣怡",
]
TEAM_WORDS = [
    "金陵",
    "秦淮",
    "钟山",
    "玄武",
    "紫金",
    "雨花",
    "栖霞",
    "鼓楼",
    "建邺",
    "江宁",
    "六合",
    "溧水",
    "高淳",
    "浦口",
    "仙林",
    "汤山",
]
UNITS = ["南京市掼蛋协会", "苏州棋牌俱乐部", "无锡老年体协"]
LEVEL_PAIRS = [
    ("A+", "K"),
    ("Q", "9"),
    ("7", "7"),
    ("A+", "2"),
    ("10", "J"),
    ("5", "A+"),
    ("K", "8"),
]


def player_name(i: int) -> str:
    return SURNAMES[i % len(SURNAMES)] + GIVEN[(i * 7) % len(GIVEN)]


def make_user(django_user_model, name: str, **extra):
    return django_user_model.objects.create_user(username=name, password="pw-" + name, **extra)


def build_event(organizer, *, slug="spring", pairs=15, table_entry=True, names=None):
    t = Tournament.objects.create(
        name="2025春季掼蛋公开赛",
        slug=slug,
        organizer=organizer,
        host="南京市掼蛋协会",
        venue="南京国际博览中心",
        start_date=dt.date(2025, 5, 1),
        end_date=dt.date(2025, 5, 2),
        rounds=2,
        table_entry=table_entry,
    )
    stage = Stage.objects.create(tournament=t, order=1, name="积分编排", kind="swiss", rounds=2)
    units = [Unit.objects.create(tournament=t, name=n) for n in UNITS]
    teams = []
    for i in range(pairs):
        name = names[i] if names else f"{TEAM_WORDS[i % len(TEAM_WORDS)]}{'一二三'[i // 16]}队"
        team = Team.objects.create(
            tournament=t, name=name, unit=units[i % 3] if i % 5 else None, draw_number=i + 1
        )
        Player.objects.create(
            team=team, position=1, name=player_name(2 * i), phone=f"1390000{i:04d}"
        )
        Player.objects.create(team=team, position=2, name=player_name(2 * i + 1))
        teams.append(team)
    r1 = Round.objects.create(tournament=t, stage=stage, number=1, status=Round.LOCKED)
    r2 = Round.objects.create(tournament=t, stage=stage, number=2, status=Round.PUBLISHED)
    _play(r1, teams, entered=len(teams), shift=0)
    _play(r2, teams, entered=len(teams) // 4, shift=1)
    m = Match.objects.filter(round=r1).exclude(ns=None).order_by("-table").first()
    m.mode = "deals"
    m.deals = parse_notation("EW12 NS14 +NS F:EW:O W:NS:O EW13 T")
    m.ew_fouls = 1
    m.save()
    Foul.objects.create(
        match=m,
        team=m.ew,
        player=m.ew.players.first(),
        kind="out_of_turn",
        severity="foul",
        deal_number=2,
        referee=organizer,
        remark="越序",
    )
    Submission.objects.create(
        match=m, values={"ew_level": m.ew_level}, submitted_by=organizer, source="staff"
    )
    AuditEntry.objects.create(
        tournament=t,
        user=organizer,
        actor=organizer.username,
        action="team.add",
        object_type="team",
        object_id=str(teams[0].pk),
        summary="报名",
        after={"name": teams[0].name},
    )
    return t


def _play(rnd: Round, teams: list, *, entered: int, shift: int) -> None:
    order = teams[shift:] + teams[:shift]
    for table, i in enumerate(range(0, len(order) - 1, 2), start=1):
        ew, ns = order[i], order[i + 1]
        m = Match(round=rnd, table=table, ew=ew, ns=ns)
        if table <= entered // 2:
            if table == 2 and rnd.number == 1:
                m.forfeit = "NS"
                m.winner = "EW"
            else:
                m.ew_level, m.ns_level = LEVEL_PAIRS[table % len(LEVEL_PAIRS)]
            m.state = Match.CONFIRMED if rnd.number == 1 else Match.ENTERED
        m.save()
    if len(order) % 2:
        Match.objects.create(round=rnd, table=None, ew=order[-1], ns=None, state=Match.CONFIRMED)


def build_staffed_event(organizer, django_user_model) -> Tournament:
    """``event``: the event, a chief referee ``chief`` and a referee ``ref``."""
    t = build_event(organizer)
    Staff.objects.create(
        tournament=t, user=make_user(django_user_model, "chief"), role=Staff.CHIEF_REFEREE
    )
    Staff.objects.create(tournament=t, user=make_user(django_user_model, "ref"), role=Staff.REFEREE)
    return t


def shares_event(item: pytest.Item) -> bool:
    """Whether the test uses ``event`` inside pytest-django's per-test transaction (so it
    can run in a savepoint of the shared one)."""
    marker = item.get_closest_marker("django_db")
    transactional, reset_sequences, *_ = validate_django_db(marker) if marker else (False,) * 2
    fixtures = set(item.fixturenames)
    return (
        "event" in fixtures
        and not (transactional or reset_sequences)
        and not fixtures & {"transactional_db", "live_server", "django_db_reset_sequences"}
    )


class SharedEvent:
    """The shared ``event`` and its open transaction (see the module's docstring)."""

    def __init__(self) -> None:
        self.blocker = None  # pytest-django's database blocker, once a module used it
        self.module: str | None = None  # the module whose tests may share it
        self.item: pytest.Item | None = None  # the test being set up
        self.shared: ExitStack | None = None  # holds the shared transaction (built_once)
        self.pks: tuple[int, int] | None = None  # the organizer's and the event's

    def open(self) -> None:
        if self.shared is not None:
            return
        self.shared = ExitStack()
        self.shared.enter_context(built_once(self.blocker))
        user_model = get_user_model()
        organizer = make_user(user_model, "organizer")
        self.pks = organizer.pk, build_staffed_event(organizer, user_model).pk

    def close(self) -> None:
        if self.shared is None:
            return
        self.shared.close()  # rolls the shared transaction back
        self.shared = self.pks = None


SHARED = SharedEvent()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """Before the test's fixtures: keep the shared event for a test that shares it, roll it
    back for any other (its savepoint, and the previous test's, are gone by now)."""
    SHARED.item = item
    if SHARED.blocker is None:
        return
    module = getattr(item, "module", None)
    if shares_event(item) and module is not None and SHARED.module == module.__name__:
        SHARED.open()
    else:
        SHARED.close()


@pytest.fixture(scope="module")
def shared_event(request, django_db_setup, django_db_blocker):
    """Set up before the test's own transaction (a wider scope comes first): builds the
    event for the module's first test that shares it; rolls it back when the module ends."""
    SHARED.blocker, SHARED.module = django_db_blocker, request.module.__name__
    if shares_event(SHARED.item):
        SHARED.open()
    yield SHARED
    SHARED.close()
    SHARED.module = None


@pytest.fixture
def organizer(django_user_model):
    if SHARED.pks is not None:
        return django_user_model.objects.get(pk=SHARED.pks[0])
    return make_user(django_user_model, "organizer")


@pytest.fixture
def event(shared_event, organizer, django_user_model):
    if SHARED.pks is None:  # a transactional test
        return build_staffed_event(organizer, django_user_model)
    # A test that built its event met no cached computation of it (keys carry the event's
    # ``updated_at``); the shared one has the same ``updated_at`` in every test.
    cache.clear()
    return Tournament.objects.get(pk=SHARED.pks[1])


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


class PagesText(Sequence):
    """The text of each page of a PDF, as pypdf extracts it, page by page when first read:
    a test that looks at the first sheet of seven does not pay for reading the others."""

    def __init__(self, data: bytes) -> None:
        self._pages = PdfReader(io.BytesIO(data)).pages
        self._texts: dict[int, str] = {}

    def __len__(self) -> int:
        return len(self._pages)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        index = range(len(self))[index]  # negative indices; IndexError past the end
        if index not in self._texts:
            self._texts[index] = self._pages[index].extract_text() or ""
        return self._texts[index]

    def __repr__(self) -> str:  # what a failed assertion shows: every page
        return repr(list(self))


def pages_text(data: bytes) -> PagesText:
    return PagesText(data)


def login(user) -> Client:
    client = Client()
    client.force_login(user)
    return client
