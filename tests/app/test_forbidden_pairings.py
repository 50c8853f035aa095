"""Forbidden pairings (回避) through the organizer page and the pairing adapter."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tests.conftest import login
from tournament.exports.archive import export_archive
from tournament.models import AuditEntry, ForbiddenPairing
from tournament.services.adjust import conflict_texts, conflicts, swap_teams
from tournament.services.archive_import import import_archive
from tournament.services.pairing import draw, pair_next_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def six(tournament, register):
    return [register(tournament, f"队{i}") for i in range(1, 7)]


def test_the_organizer_sets_and_removes_a_forbidden_pairing(tournament, six, as_organizer):
    url = reverse("forbidden_pairings", args=[tournament.slug])
    a, b = six[0], six[1]
    response = as_organizer.post(url, {"a": b.pk, "b": a.pk, "note": "夫妻"}, follow=True)
    assert "已设置回避" in response.content.decode()
    row = ForbiddenPairing.objects.get()
    assert (row.team_a_id, row.team_b_id, row.note) == (a.pk, b.pk, "夫妻")
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
        ({"a": "first", "b": "x"}, "请选择本赛事的两对组合"),
        ({"a": "first", "b": "other"}, "请选择本赛事的两对组合"),
        ({"a": "first", "b": "second", "note": "长" * 51}, "原因太长"),
        ({"op": "remove", "pk": "999"}, "没有这条回避设置"),
    ],
)
def test_bad_input_gets_a_chinese_message_and_changes_nothing(
    tournament, other_tournament, register, six, as_organizer, data, message
):
    stranger = register(other_tournament, "外队")
    ids = {"self": six[0].pk, "first": six[0].pk, "second": six[1].pk, "other": stranger.pk}
    post = {k: ids.get(v, v) for k, v in data.items()}
    url = reverse("forbidden_pairings", args=[tournament.slug])
    response = as_organizer.post(url, post, follow=True)
    assert message in response.content.decode()
    assert not ForbiddenPairing.objects.exists()


def test_a_duplicate_is_refused(tournament, six, as_organizer):
    url = reverse("forbidden_pairings", args=[tournament.slug])
    as_organizer.post(url, {"a": six[0].pk, "b": six[1].pk})
    response = as_organizer.post(url, {"a": six[1].pk, "b": six[0].pk}, follow=True)
    assert "已经设置了回避" in response.content.decode()
    assert ForbiddenPairing.objects.count() == 1


def test_only_the_organizer_sees_the_page(tournament, chief, outsider):
    url = reverse("forbidden_pairings", args=[tournament.slug])
    assert login(chief).get(url).status_code == 404
    assert login(outsider).get(url).status_code == 404


def test_round_one_keeps_them_apart_and_the_adjustment_warns(tournament, six, organizer):
    a, b = six[0], six[1]
    ForbiddenPairing.objects.create(tournament=tournament, team_a=a, team_b=b)
    draw(tournament, seed=1, overrides={a.pk: 1, b.pk: 2})
    round_ = pair_next_round(tournament)
    tables = {frozenset((m.ew_id, m.ns_id)) for m in round_.matches.exclude(ns=None)}
    assert frozenset((a.pk, b.pk)) not in tables and len(tables) == 3
    # The organizer puts them together by hand: a warning, not a block.
    partner = next(m for m in round_.matches.all() if a.pk in (m.ew_id, m.ns_id))
    other = partner.ns_id if partner.ew_id == a.pk else partner.ew_id
    swap_teams(round_, other, b.pk, user=organizer)
    texts = conflict_texts(round_, conflicts(round_))
    assert (False, f"第{partner.table}台：{a.name} 与 {b.name} 设置了回避，不应对阵") in [
        (blocking, text.replace(f"{b.name} 与 {a.name}", f"{a.name} 与 {b.name}"))
        for blocking, text in texts
    ]


def test_forbidden_pairings_travel_in_the_archive(tournament, six):
    ForbiddenPairing.objects.create(
        tournament=tournament, team_a=six[2], team_b=six[4], note="亲属"
    )
    archive = json.loads(json.dumps(export_archive(tournament)))
    assert len(archive["forbidden_pairings"]) == 1
    copy = import_archive(archive, slug="spring-copy", map_users=True).tournament
    row = ForbiddenPairing.objects.get(tournament=copy)
    assert (row.team_a.name, row.team_b.name, row.note) == ("队3", "队5", "亲属")
    assert row.team_a.tournament_id == copy.pk
