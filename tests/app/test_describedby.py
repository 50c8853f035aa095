"""Help texts are linked by real ids: every ``aria-describedby`` of the result form, the
settings and the new-event form names an element of the page (a missing id links nothing:
screen readers read no help)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.conftest import login

pytestmark = pytest.mark.django_db

REFS = re.compile(r'aria-describedby="([^"]*)"')
IDS = re.compile(r'\sid="([^"]+)"')


def broken(html: str) -> set[str]:
    ids = set(IDS.findall(html))
    return {ref for refs in REFS.findall(html) for ref in refs.split() if ref not in ids}


def test_every_described_by_names_an_element(tournament, pairs8, make_round, organizer, chief):
    make_round(tournament, pairs8)
    pages = {
        "new_event": (organizer, reverse("tournament_create")),
        "settings": (organizer, reverse("tournament_edit", args=[tournament.slug])),
        "result_form": (chief, reverse("table_entry", args=[tournament.slug, 1, 1])),
        "pair_edit": (organizer, reverse("pair_edit", args=[tournament.slug, pairs8[0].pk])),
    }
    found = {}
    for name, (user, url) in pages.items():
        response = login(user).get(url)
        assert response.status_code == 200, name
        html = response.content.decode()
        assert "aria-describedby" in html or name == "pair_edit", name
        found[name] = broken(html)
    assert {name: refs for name, refs in found.items() if refs} == {}


def test_the_checkin_board_polls_instead_of_reloading(tournament, pairs8, organizer):
    """A <meta http-equiv=refresh> reloads the whole board (axe: critical, the page changes
    under a screen reader); the board now fetches its own part every 15 s (GD.refresh, started
    by static/js/pages.js from the data-gd-refresh mark: no inline script under the CSP)."""
    html = login(organizer).get(reverse("checkin_board", args=[tournament.slug])).content.decode()
    assert "http-equiv" not in html
    assert 'data-gd-refresh="#checkin-board"' in html and 'id="checkin-board"' in html
