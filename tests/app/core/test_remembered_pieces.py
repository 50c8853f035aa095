"""``{% remembered %}``: a piece of a page rendered once per process for its values (the
event's menu, the language switch), and never shown for other values than its own."""

from __future__ import annotations

import itertools

import pytest
from django.template import engines
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.conftest import login

PIECE = "{% load remembered i18n %}{% remembered a b %}{{ count.next }} {% translate '轮次' context '页面' %}{% endremembered %}"


class Count:
    """Each read a new number: shows whether the piece was rendered again."""

    def __init__(self) -> None:
        self._numbers = itertools.count(1)

    @property
    def next(self) -> int:
        return next(self._numbers)


def test_a_piece_is_rendered_once_for_its_values_and_its_language():
    piece, count = engines["django"].from_string(PIECE), Count()
    with translation.override("zh-hans"):
        assert piece.render({"a": "x", "b": 1, "count": count}) == "1 轮次"
        assert piece.render({"a": "x", "b": 1, "count": count}) == "1 轮次"  # copied
        assert piece.render({"a": "x", "b": 2, "count": count}) == "2 轮次"
    with translation.override("en"):
        assert piece.render({"a": "x", "b": 1, "count": count}) == "3 Rounds"
    other = engines["django"].from_string(PIECE)  # another place: a piece of its own
    assert other.render({"a": "x", "b": 1, "count": count}).startswith("4 ")


def test_a_value_that_is_not_plain_is_never_remembered():
    piece, count = engines["django"].from_string(PIECE), Count()
    a_model_like = object()
    assert piece.render({"a": a_model_like, "b": 1, "count": count}).startswith("1 ")
    assert piece.render({"a": a_model_like, "b": 1, "count": count}).startswith("2 ")
    assert piece.template.nodelist[-1].pieces == {}


@pytest.mark.django_db
def test_the_event_menu_follows_the_role_and_the_published_standings(tournament, referee):
    """The menu is remembered per event, role, kind and published standings: the public's
    standings link comes with publishing them; a referee's menu is not an organizer's."""
    home = reverse("tournament_detail", args=[tournament.slug])
    standings = reverse("standings", args=[tournament.slug])
    draw = reverse("draw", args=[tournament.slug])
    tournament.publish_standings = False
    tournament.save()
    assert f'href="{standings}"' not in Client().get(home).content.decode()
    tournament.publish_standings = True
    tournament.save()
    assert f'href="{standings}"' in Client().get(home).content.decode()
    assert f'href="{draw}"' in login(tournament.organizer).get(home).content.decode()
    page = login(referee).get(home).content.decode()
    assert f'href="{standings}"' in page and f'href="{draw}"' not in page


@pytest.mark.django_db
def test_the_offline_block_names_each_readers_own_partition(
    tournament, pairs8, make_round, referee, chief
):
    """The outbox's block (templates/_offline.html) is remembered per partition: each
    referee's table page names their own, as the answer's header does (the service worker
    keeps a page only for the partition it names)."""
    from tournament.core.middleware import PARTITION_HEADER
    from tournament.models import Round

    round_ = make_round(tournament, pairs8, status=Round.IN_PLAY)
    url = reverse("table_entry", args=[tournament.slug, round_.number, 1])
    seen = set()
    for user in (referee, chief, referee):
        response = login(user).get(url)
        page = response.content.decode()
        assert f'data-partition="{response[PARTITION_HEADER]}"' in page
        seen.add(response[PARTITION_HEADER])
    assert len(seen) == 2


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("entry", "listed"),
    [("pairs", "pair_list"), ("teams", "team_list"), ("individuals", "individual_list")],
)
def test_the_event_menu_is_remembered_per_kind_of_entry(tournament, entry, listed):
    """Pairs, teams and individual events of one organizer: each menu's registration link
    is its own kind's, though the slug and role are the same (the kind is in the key)."""
    lists = {
        name: reverse(name, args=[tournament.slug])
        for name in ("pair_list", "team_list", "individual_list")
    }
    client = login(tournament.organizer)
    client.get(reverse("round_list", args=[tournament.slug]))  # the pairs' menu, remembered
    tournament.entry = entry
    tournament.save()
    page = client.get(reverse("round_list", args=[tournament.slug])).content.decode()
    menu = page.split('<div class="subnav">', 1)[1].split("</div>", 1)[0]
    assert [name for name, url in lists.items() if f'href="{url}"' in menu] == [listed]
