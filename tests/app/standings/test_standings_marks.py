"""What the standings page says beside the numbers: a pair that left, and what the lot is."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache

from tests.conftest import login
from tournament.core.actors import user_actor
from tournament.models import Pair
from tournament.registration.services import pair_set_status

pytestmark = pytest.mark.django_db


def pair_cell(html: str, name: str) -> str:
    """The cell of the standings table that holds the pair's name."""
    table = html.split('class="table standings"')[1]
    return next(c for c in re.findall(r"<td[^>]*>(.*?)</td>", table, re.S) if name in c)


def test_a_withdrawn_pair_is_marked_in_the_standings(event):
    cache.clear()
    pair = event.pairs.order_by("pk").first()
    chief = User.objects.get(username="chief")
    before = login(chief).get(f"/t/{event.slug}/standings/").content.decode()
    assert "退赛" not in pair_cell(before, pair.name)
    pair_set_status(pair=pair, status=Pair.WITHDRAWN, by=user_actor(None))
    after = login(chief).get(f"/t/{event.slug}/standings/").content.decode()
    assert re.search(r'<span class="badge[^"]*">退赛</span>', pair_cell(after, pair.name))
    others = event.pairs.exclude(pk=pair.pk).first()
    assert "退赛" not in pair_cell(after, others.name)


def test_the_lot_legend_does_not_call_the_random_lot_the_draw_number(event):
    """The 抽签 column shows a ten-digit number drawn from the event's random code; the
    legend sent readers to the pair's 抽签号 (1 to 15 here) instead."""
    cache.clear()
    assert "lot" in event.tiebreaks
    html = login(User.objects.get(username="chief")).get(f"/t/{event.slug}/standings/")
    legend = html.content.decode().split('class="muted small legend"')[1].split("</ul>")[0]
    line = next(li for li in re.findall(r"<li>(.*?)</li>", legend, re.S) if li.startswith("抽签"))
    assert "赛事抽签号" not in line and "随机" in line
