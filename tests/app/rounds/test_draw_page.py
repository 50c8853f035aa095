"""The draw page (抽签) and the names offered as the organizer types a pair
(tournament/registration/views_pair_names.py), shared with the keep-apart form."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.core.actors import user_actor
from tournament.models import AuditEntry, Pair
from tournament.rounds.pairing import draw

pytestmark = pytest.mark.django_db


@pytest.fixture
def drawn(tournament, pairs8):
    draw(tournament, seed=1, by=user_actor(None))
    return {pair.name: pair.draw_number for pair in Pair.objects.filter(tournament=tournament)}


def numbers(tournament) -> dict[str, int]:
    return {pair.name: pair.draw_number for pair in Pair.objects.filter(tournament=tournament)}


def test_a_pair_named_by_typing_takes_a_number_and_its_holder_the_old_one(
    tournament, drawn, as_organizer
):
    url = reverse("draw", args=[tournament.slug])
    holder = next(name for name, n in drawn.items() if n == 1)
    mover = next(name for name, n in drawn.items() if n == 8)
    response = as_organizer.post(url, {"team": mover, "number": "1"}, follow=True)
    assert f"已将{mover}的抽签号改为1" in response.content.decode()
    assert numbers(tournament) == {**drawn, mover: 1, holder: 8}
    # By its draw number (now 1) too: back to 8.
    as_organizer.post(url, {"team": "1", "number": "8"})
    assert numbers(tournament) == drawn
    assert AuditEntry.objects.filter(action__startswith="draw").count() >= 2


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"team": "无名", "number": "3"}, "没有找到“无名”"),
        ({"team": "队", "number": "3"}, "“队”对应8对组合"),
        ({"team": "队1", "number": ""}, "抽签号"),
        ({"team": "队1", "number": "-3"}, "抽签号"),
    ],
)
def test_a_wrong_pair_or_number_is_named_and_changes_nothing(
    tournament, drawn, as_organizer, data, message
):
    page = as_organizer.post(reverse("draw", args=[tournament.slug]), data).content.decode()
    assert message in page
    assert f'name="team" value="{data["team"]}"' in page  # kept in the form to correct
    assert numbers(tournament) == drawn


def test_the_list_comes_a_hundred_pairs_a_page_with_a_search(tournament, organizer, as_organizer):
    """1,000 pairs (the bench has 5,000): a page of 100 by draw number, the count, the pages;
    a name finds that pair alone."""
    Pair.objects.bulk_create(
        Pair(tournament=tournament, name=f"组合{i:04}", name_pinyin=f"zuhe{i:04}", draw_number=i)
        for i in range(1, 1001)
    )
    url = reverse("draw", args=[tournament.slug])
    page = as_organizer.get(url).content.decode()
    assert "共 1000 个组合" in page and "第 1 / 10 页" in page
    assert "组合0100" in page and "组合0101" not in page
    assert len(page.encode()) < 40_000
    second = as_organizer.get(url, {"page": "2"}).content.decode()
    assert "组合0101" in second and "组合0200" in second and "组合0100</td>" not in second
    found = as_organizer.get(url, {"q": "组合0321"}).content.decode()
    assert "共 1 个组合" in found and "组合0321" in found


def test_the_names_offered_match_what_is_typed(tournament, register, as_organizer):
    """By draw number first, then by pair, player or unit name (pinyin too), at most 20;
    nothing for an empty field or a number past any column."""
    for i in range(1, 26):
        register(tournament, f"广陵{i}队", "扬州")
    lone = register(tournament, "鼓楼队", "南京", "张三", "李四")
    draw(tournament, seed=1, overrides={lone.pk: 12}, by=user_actor(None))
    url = reverse("pair_names", args=[tournament.slug])

    def offered(text):
        return as_organizer.get(url, {"q": text}).json()["pairs"]

    assert offered("12")[0] == {"name": "鼓楼队", "label": "12号 鼓楼队（南京）"}
    assert len(offered("扬州")) == 20
    assert [p["name"] for p in offered("zhangsan")] == ["鼓楼队"]
    assert [p["name"] for p in offered("广陵7")] == ["广陵7队"]
    assert offered("  ") == []
    assert offered("9" * 60) == []


def test_the_random_seed_is_called_a_random_code_not_a_seed(tournament, pairs8, as_organizer):
    # 种子 on the sign-up sheet means a seeded pair; the draw's random number is 随机码.
    page = as_organizer.get(reverse("draw", args=[tournament.slug])).content.decode()
    assert "随机码" in page and "种子" not in page
    draw(tournament, seed=7, by=user_actor(None))
    page = as_organizer.get(reverse("draw", args=[tournament.slug])).content.decode()
    assert "抽签随机码：7" in page and "种子" not in page
