"""同单位尽量回避 through the app: the draw's round 1, 重新编排, and the adjustment page's
badges and conflict list, which come from one check recomputed after every swap."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.core.actors import user_actor
from tournament.models import Pair, Table
from tournament.rounds.adjust import swap_pairs
from tournament.rounds.pairing import draw, pair_next_round, repair_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def blocks(tournament, register):
    """12 pairs of 4 units of 3, drawn 1–3 unit 甲, 4–6 unit 乙, …: adjacent pairing would
    seat 4 of 6 tables within one unit."""
    tournament.avoid_same_unit = "soft"
    tournament.save(update_fields=["avoid_same_unit"])
    pairs = [
        register(tournament, f"队{k}", f"单位{'甲乙丙丁'[(k - 1) // 3]}") for k in range(1, 13)
    ]
    draw(
        tournament,
        seed=1,
        overrides={t.pk: k for k, t in enumerate(pairs, start=1)},
        by=user_actor(None),
    )
    return pairs


def same_unit(round_) -> list[Table]:
    return [
        m
        for m in round_.tables.select_related("ew", "ns").exclude(ns=None)
        if m.ew.unit_id == m.ns.unit_id
    ]


def test_round_one_and_its_repairing_avoid_every_same_unit_table(tournament, blocks):
    round_ = pair_next_round(tournament, by=user_actor(None))
    assert same_unit(round_) == []
    assert not any("same_unit" in (m.flags or []) for m in round_.tables.all())
    # Table 1 keeps draw number 1 and meets the nearest number of another unit.
    first = round_.tables.get(number=1)
    assert {first.ew.draw_number, first.ns.draw_number} == {1, 4}
    repair_round(round_, by=user_actor(None))
    assert same_unit(round_) == []


def test_badges_and_the_conflict_list_agree_after_every_swap(tournament, blocks, as_organizer):
    round_ = pair_next_round(tournament, by=user_actor(None))
    url = reverse("round_adjust", args=[tournament.slug, round_.number])
    t1 = round_.tables.get(number=1)
    # Bring a pair of the same unit as table 1's East–West to table 1: one conflict.
    ew = t1.ew
    partner = Pair.objects.filter(unit=ew.unit).exclude(pk=ew.pk).first()
    other = t1.ns
    swap_pairs(round_, other.pk, partner.pk, by=user_actor(None))
    t1.refresh_from_db()
    assert "same_unit" in t1.flags
    page = as_organizer.get(url).content.decode()
    assert "同单位对阵" in page and "没有冲突" not in page and "同单位回避" not in page
    # Swapping back removes the conflict: no badge is left behind.
    swap_pairs(round_, other.pk, partner.pk, by=user_actor(None))
    assert not any("same_unit" in (m.flags or []) for m in round_.tables.all())
    page = as_organizer.get(url).content.decode()
    assert "没有冲突" in page and "同单位对阵" not in page
