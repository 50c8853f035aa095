"""Exports that do not apply to the event are not offered, and a refused export says why on
the app's own page: player slips without player entry, the movement
table without a stage that has one, the knockout bracket without a knockout stage."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import login
from tournament.models import Stage, Tournament

pytestmark = pytest.mark.django_db


def offered(client, slug) -> str:
    response = client.get(reverse("export_index", args=[slug]))
    assert response.status_code == 200
    return response.content.decode()


def link(slug, kind, fmt):
    return reverse("export_download", args=[slug, kind, fmt])


def test_a_swiss_event_without_player_entry_offers_none_of_the_three(
    tournament, chief, pairs8, make_round
):
    make_round(tournament, pairs8)
    page = offered(login(chief), tournament.slug)
    for kind, fmt in (("side_slips", "pdf"), ("movement", "pdf"), ("bracket", "pdf")):
        assert link(tournament.slug, kind, fmt) not in page, kind
    assert link(tournament.slug, "results", "pdf") in page


def test_player_slips_and_bracket_are_offered_where_they_apply(
    tournament, chief, pairs8, make_round
):
    make_round(tournament, pairs8)
    Tournament.objects.filter(pk=tournament.pk).update(table_entry=True)
    Stage.objects.create(tournament=tournament, order=9, name="决赛", kind="knockout")
    page = offered(login(chief), tournament.slug)
    assert link(tournament.slug, "side_slips", "pdf") in page
    assert link(tournament.slug, "bracket", "pdf") in page


@pytest.mark.parametrize(
    ("kind", "fmt", "why"),
    [
        ("side_slips", "pdf", "本赛事未开启选手扫码录入，不需要选手录入纸条"),
        ("movement", "xlsx", "暂无移位表"),
        ("bracket", "pdf", "本赛事没有淘汰赛阶段，没有淘汰赛对阵图"),
    ],
)
def test_a_refused_export_says_why_on_the_apps_page(
    kind, fmt, why, tournament, chief, pairs8, make_round
):
    make_round(tournament, pairs8)
    response = login(chief).get(link(tournament.slug, kind, fmt), {"round": 1})
    page = response.content.decode()
    assert response.status_code == 404
    assert why in page and "返回打印/导出" in page
    assert "选手录入请扫描" not in page
