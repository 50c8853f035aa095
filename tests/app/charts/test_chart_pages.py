"""The pages show their charts, with the numbers of the standings, and the public charts
never show a round the public cannot see (only locked rounds count for them)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tests.app.charts.svg_read import SVG, assert_text_alternative, charts, hidden_rows, svg
from tests.conftest import login
from tournament.models import Round, Tournament
from tournament.public.rank_history import TOP
from tournament.standings.selectors import round_summary, standings_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def public_event(event):
    Tournament.objects.filter(pk=event.pk).update(publish_standings=True, publish_pairings=True)
    event.refresh_from_db()
    return event


def _lock_round_2(event):
    Round.objects.filter(tournament=event, number=2).update(status=Round.LOCKED)
    cache.clear()  # a queryset update leaves the page stamps as they were


def _standings(client, event, **query) -> str:
    return client.get(reverse("standings", args=[event.slug]), query).content.decode()


def test_the_public_bump_chart_waits_for_two_locked_rounds(public_event):
    assert charts(_standings(Client(), public_event), "bump") == []  # round 2 not locked
    assert charts(_standings(Client(), public_event, round=2), "bump") == []
    staff = login(public_event.organizer)  # staff may look at the open round, 暂定
    (figure,) = charts(_standings(staff, public_event, round=2), "bump")
    assert [th.text for th in figure.find("div/table/tr")][1:] == ["第1轮", "第2轮"]
    # Staff: round 1 from the public (locked) ranks, round 2 computed, as the standings.
    ranks = {
        n: {row.pair: row.rank for row in standings_for(public_event, after_round=n)}
        for n in (1, 2)
    }
    names = dict(public_event.pairs.values_list("name", "pk"))
    for name, first, second in hidden_rows(figure):
        assert [first, second] == [str(ranks[1][names[name]]), str(ranks[2][names[name]])]


def test_the_bump_chart_is_the_top_places_of_each_round(public_event):
    _lock_round_2(public_event)
    (figure,) = charts(_standings(Client(), public_event), "bump")
    assert_text_alternative(figure)
    ranks = {
        n: {row.pair: row.rank for row in standings_for(public_event, after_round=n, public=True)}
        for n in (1, 2)
    }
    top = sorted(ranks[2], key=lambda pair: ranks[2][pair])[:TOP]
    names = dict(public_event.pairs.values_list("pk", "name"))
    expected = [[names[p], str(ranks[1][p]), str(ranks[2][p])] for p in top]
    assert hidden_rows(figure) == expected
    assert len(list(svg(figure).iter(f"{SVG}polyline"))) == len(top)


def test_the_history_page_draws_the_rank_and_the_levels(public_event):
    pair = public_event.pairs.order_by("pk").first()
    url = reverse("pair_history", args=[public_event.slug, pair.pk])
    page = Client().get(url).content.decode()
    assert charts(page, "rank") == []  # one locked round: nothing to follow yet
    (levels,) = charts(page, "levels")
    assert {row[0] for row in hidden_rows(levels)} <= {"1"}  # round 2 not public
    _lock_round_2(public_event)
    page = Client().get(url).content.decode()
    (rank,) = charts(page, "rank")
    assert_text_alternative(rank)
    expected = [
        next(
            str(r.rank)
            for r in standings_for(public_event, after_round=n, public=True)
            if r.pair == pair.pk
        )
        for n in (1, 2)
    ]
    assert [row[1] for row in hidden_rows(rank)] == expected
    dots = [c.get("data-rank") for c in svg(rank).iter(f"{SVG}circle")]
    assert dots == expected


def test_round_control_and_the_projector_draw_the_progress_bar(public_event):
    round_ = public_event.round_set.get(number=2)
    summary = round_summary(round_)
    expected = [
        str(summary.counts["confirmed"]),
        str(summary.counts["entered"]),
        str(summary.playing),
    ]
    staff = login(public_event.organizer)
    for client, name in ((staff, "round_control"), (Client(), "projector")):
        page = client.get(reverse(name, args=[public_event.slug, 2])).content.decode()
        (figure,) = charts(page, "progress")
        assert_text_alternative(figure)
        assert [row[1] for row in hidden_rows(figure)] == expected
