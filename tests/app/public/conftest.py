"""Fixtures of the public search tests."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from tournament.core import page_cache
from tournament.public import find_page


@pytest.fixture
def public_event(tournament, pairs8, make_round, register):
    """40 pairs, round 1 published: more entries than any one search shows."""
    for i in range(9, 41):
        register(tournament, f"队{i}", "苏州", f"甲{i}", f"乙{i}")
    tournament.publish_pairings = tournament.publish_standings = True
    tournament.save()
    make_round(tournament, list(tournament.pairs.order_by("pk")))
    cache.clear()
    page_cache._page_copies.clear()
    find_page._frames.clear()
    return tournament
