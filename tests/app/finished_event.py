"""A small finished-looking event built straight with the ORM (the ``event`` fixture of
tests/app/conftest.py, shared by the printing and archive tests).

``event`` has 15 pairs in 3 units (so every round has a bye), two rounds: round 1 locked with
every result (one forfeit, one table with a deal-by-deal sheet and fouls), round 2 published
with half of the results entered. Every pair and player has a Chinese name. Building it is
about a hundred saves (40 ms): it is a shared build (tests/shared_build.py).
"""

from __future__ import annotations

import datetime as dt

from rules import parse_notation
from tests.conftest import new_staff
from tournament.models import (
    AuditEntry,
    Foul,
    Pair,
    Player,
    Round,
    Staff,
    Stage,
    Submission,
    Table,
    Tournament,
    Unit,
)
from tournament.models.table_guard import exempt

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
PAIR_WORDS = [
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


def build_event(organizer, *, slug="spring", size=15, table_entry=True, names=None):
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
    pairs = []
    for i in range(size):
        name = names[i] if names else f"{PAIR_WORDS[i % len(PAIR_WORDS)]}{'一二三'[i // 16]}队"
        pair = Pair.objects.create(
            tournament=t, name=name, unit=units[i % 3] if i % 5 else None, draw_number=i + 1
        )
        Player.objects.create(
            pair=pair, position=1, name=player_name(2 * i), phone=f"1390000{i:04d}"
        )
        Player.objects.create(pair=pair, position=2, name=player_name(2 * i + 1))
        pairs.append(pair)
    r1 = Round.objects.create(tournament=t, stage=stage, number=1, status=Round.LOCKED)
    r2 = Round.objects.create(tournament=t, stage=stage, number=2, status=Round.PUBLISHED)
    _play(r1, pairs, entered=len(pairs), shift=0)
    _play(r2, pairs, entered=len(pairs) // 4, shift=1)
    m = Table.objects.filter(round=r1).exclude(ns=None).order_by("-number").first()
    m.mode = "deals"
    m.deals = parse_notation("EW12 NS14 +NS F:EW:O W:NS:O EW13 T")
    with exempt("fixture"):  # set up directly, outside the write rule
        m.ew_fouls = 1
        m.save()
    Foul.objects.create(
        table=m,
        pair=m.ew,
        player=m.ew.players.first(),
        kind="out_of_turn",
        severity="foul",
        deal_number=2,
        referee=organizer,
        remark="越序",
    )
    Submission.objects.create(
        table=m, values={"ew_level": m.ew_level}, submitted_by=organizer, source="staff"
    )
    AuditEntry.objects.create(
        tournament=t,
        user=organizer,
        actor=organizer.username,
        action="team.add",
        object_type="team",
        object_id=str(pairs[0].pk),
        summary="报名",
        after={"name": pairs[0].name},
    )
    return t


def _play(rnd: Round, pairs: list, *, entered: int, shift: int) -> None:
    order = pairs[shift:] + pairs[:shift]
    for table, i in enumerate(range(0, len(order) - 1, 2), start=1):
        ew, ns = order[i], order[i + 1]
        m = Table(round=rnd, number=table, ew=ew, ns=ns)
        if table <= entered // 2:
            if table == 2 and rnd.number == 1:
                m.forfeit = "NS"
                m.winner = "EW"
            else:
                m.ew_level, m.ns_level = LEVEL_PAIRS[table % len(LEVEL_PAIRS)]
            m.state = Table.CONFIRMED if rnd.number == 1 else Table.ENTERED
        m.save()
    if len(order) % 2:
        Table.objects.create(round=rnd, number=None, ew=order[-1], ns=None, state=Table.CONFIRMED)


def build_staffed_event() -> Tournament:
    """``event``: the event of the organizer ``alice``, with ``chief`` as its chief referee
    and ``ref`` as a referee (the users of the role fixtures, tests/conftest.py)."""
    organizer, chief, referee = new_staff()
    t = build_event(organizer)
    Staff.objects.create(tournament=t, user=chief, role=Staff.CHIEF_REFEREE)
    Staff.objects.create(tournament=t, user=referee, role=Staff.REFEREE)
    return t
