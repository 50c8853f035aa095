"""Forbidden pairings (回避) through the organizer page and the pairing adapter."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tests.conftest import login
from tournament.archive.importer import import_archive
from tournament.archive.write import export_archive
from tournament.core.actors import user_actor
from tournament.models import AuditEntry, ForbiddenPairing, Pair
from tournament.rounds.adjust import conflict_texts, conflicts, swap_pairs
from tournament.rounds.pairing import draw, pair_next_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def six(tournament, register):
    return [register(tournament, f"队{i}") for i in range(1, 7)]


def test_the_organizer_sets_and_removes_a_forbidden_pairing(tournament, six, as_organizer):
    url = reverse("forbidden_pairings", args=[tournament.slug])
    a, b = six[0], six[1]
    response = as_organizer.post(url, {"a": b.name, "b": a.name, "note": "夫妻"}, follow=True)
    assert "已设置回避：队2 – 队1" in response.content.decode()
    row = ForbiddenPairing.objects.get()
    assert (row.pair_a_id, row.pair_b_id, row.note) == (a.pk, b.pk, "夫妻")
    page = as_organizer.get(url).content.decode()
    assert "队1" in page and "夫妻" in page
    assert AuditEntry.objects.filter(action="forbidden.add").count() == 1
    as_organizer.post(url, {"op": "remove", "pk": row.pk})
    assert not ForbiddenPairing.objects.exists()
    assert AuditEntry.objects.filter(action="forbidden.remove").count() == 1


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"a": "self", "b": "self"}, "两对不同的组合"),
        ({"a": "first", "b": "x"}, "没有找到“x”"),
        ({"a": "first", "b": ""}, "请输入组合的抽签号、队名或选手姓名"),
        ({"a": "first", "b": "other"}, "没有找到“外队”"),
        ({"a": "first", "b": "99"}, "没有找到“99”"),
        ({"a": "first", "b": "9" * 60}, "没有找到“" + "9" * 50 + "”"),
        ({"a": "first", "b": "second", "note": "长" * 51}, "原因太长"),
        ({"op": "remove", "pk": "999"}, "没有这条回避设置"),
        ({"op": "remove", "pk": "1" * 40}, "没有这条回避设置"),
    ],
)
def test_bad_input_gets_a_chinese_message_and_changes_nothing(
    tournament, other_tournament, register, six, as_organizer, data, message
):
    stranger = register(other_tournament, "外队")
    names = {"self": six[0].name, "first": six[0].name, "second": six[1].name}
    post = {k: names.get(v, stranger.name if v == "other" else v) for k, v in data.items()}
    url = reverse("forbidden_pairings", args=[tournament.slug])
    response = as_organizer.post(url, post, follow=True)
    assert message in response.content.decode()
    assert not ForbiddenPairing.objects.exists()


def test_a_pair_is_named_by_draw_number_or_by_a_player(tournament, six, as_organizer):
    """The draw number once drawn, or any part of a player's name when only one pair has it."""
    draw(tournament, seed=1, overrides={six[2].pk: 5}, by=user_actor(None))
    url = reverse("forbidden_pairings", args=[tournament.slug])
    response = as_organizer.post(url, {"a": "5", "b": "队4甲"}, follow=True)
    assert "已设置回避：队3 – 队4" in response.content.decode()
    row = ForbiddenPairing.objects.get()
    assert {row.pair_a_id, row.pair_b_id} == {six[2].pk, six[3].pk}


def test_a_name_that_fits_several_pairs_names_none_and_the_typing_is_kept(
    tournament, register, six, as_organizer
):
    """ "队" is in every pair's name: the page says how many and shows some, keeps what was
    typed in the fields to correct it, and saves nothing."""
    url = reverse("forbidden_pairings", args=[tournament.slug])
    response = as_organizer.post(url, {"a": "队", "b": "队2", "note": "同事"})
    page = response.content.decode()
    assert "“队”对应6对组合，如队1、队2、队3、队4、队5：请输入完整队名或抽签号" in page
    assert 'name="a" value="队"' in page and 'value="同事"' in page
    assert not ForbiddenPairing.objects.exists()


def test_both_fields_wrong_are_both_named(tournament, six, as_organizer):
    url = reverse("forbidden_pairings", args=[tournament.slug])
    page = as_organizer.post(url, {"a": "无名", "b": "队"}).content.decode()
    assert "没有找到“无名”" in page and "“队”对应6对组合" in page


def test_a_big_event_page_lists_no_pairs(tournament, organizer, as_organizer):
    """1,000 pairs (the bench has 5,000): the page is the form and the pairs kept apart,
    not a list of every pair."""
    Pair.objects.bulk_create(
        Pair(tournament=tournament, name=f"组合{i}", name_pinyin=f"zuhe{i:05}") for i in range(1000)
    )
    url = reverse("forbidden_pairings", args=[tournament.slug])
    response = as_organizer.get(url)
    assert response.status_code == 200
    assert "组合999" not in response.content.decode()
    assert len(response.content) < 20_000
    response = as_organizer.post(url, {"a": "组合999", "b": "组合17"}, follow=True)
    assert "已设置回避：组合999 – 组合17" in response.content.decode()


def test_a_duplicate_is_refused(tournament, six, as_organizer):
    url = reverse("forbidden_pairings", args=[tournament.slug])
    as_organizer.post(url, {"a": six[0].name, "b": six[1].name})
    response = as_organizer.post(url, {"a": six[1].name, "b": six[0].name}, follow=True)
    assert "已经设置了回避" in response.content.decode()
    assert ForbiddenPairing.objects.count() == 1


def test_only_the_organizer_sees_the_page(tournament, chief, outsider):
    url = reverse("forbidden_pairings", args=[tournament.slug])
    assert login(chief).get(url).status_code == 404
    assert login(outsider).get(url).status_code == 404


def test_round_one_keeps_them_apart_and_the_adjustment_warns(tournament, six, organizer):
    a, b = six[0], six[1]
    ForbiddenPairing.objects.create(tournament=tournament, pair_a=a, pair_b=b)
    draw(tournament, seed=1, overrides={a.pk: 1, b.pk: 2}, by=user_actor(None))
    round_ = pair_next_round(tournament, by=user_actor(None))
    tables = {frozenset((m.ew_id, m.ns_id)) for m in round_.tables.exclude(ns=None)}
    assert frozenset((a.pk, b.pk)) not in tables and len(tables) == 3
    # The organizer puts them together by hand: a warning, not a block.
    partner = next(m for m in round_.tables.all() if a.pk in (m.ew_id, m.ns_id))
    other = partner.ns_id if partner.ew_id == a.pk else partner.ew_id
    swap_pairs(round_, other, b.pk, by=user_actor(organizer))
    texts = conflict_texts(round_, conflicts(round_))
    assert (False, f"第{partner.number}台：{a.name} 与 {b.name} 设置了回避，不应对阵") in [
        (blocking, text.replace(f"{b.name} 与 {a.name}", f"{a.name} 与 {b.name}"))
        for blocking, text in texts
    ]


def test_forbidden_pairings_travel_in_the_archive(tournament, six):
    ForbiddenPairing.objects.create(
        tournament=tournament, pair_a=six[2], pair_b=six[4], note="亲属"
    )
    archive = json.loads(json.dumps(export_archive(tournament)))
    assert len(archive["forbidden_pairings"]) == 1
    copy = import_archive(archive, slug="spring-copy", map_users=True).tournament
    row = ForbiddenPairing.objects.get(tournament=copy)
    assert (row.pair_a.name, row.pair_b.name, row.note) == ("队3", "队5", "亲属")
    assert row.pair_a.tournament_id == copy.pk
