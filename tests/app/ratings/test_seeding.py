"""Round 1 seeded by rating (seed_by_rating, docs/rules.md §19): the draw numbers come from
the entries' ratings, through the draw every round 1 reads."""

from __future__ import annotations

import pytest

from tests.app.ratings.rated_events import build_pairs_event
from tests.app.teams.team_event import play_round
from tournament.core.actors import user_actor
from tournament.events.services import tournament_update
from tournament.models import AuditEntry, Pair, Table
from tournament.ratings.services import entry_strengths
from tournament.rounds.pairing import draw

# Event a rates players 0…7 (6+7 strongest, 0+1 weakest); event b seeds new pairs of them.
COUPLES_A = [(0, 1), (2, 3), (4, 5), (6, 7)]
COUPLES_B = [(0, 2), (1, 3), (4, 6), (5, 7), (8, 9), (10, 11)]


@pytest.mark.django_db
def test_seeded_draw_puts_the_top_half_against_the_bottom_half(organizer):
    build_pairs_event(organizer, "a", COUPLES_A, day=1, rounds=3)
    b = build_pairs_event(organizer, "b", COUPLES_B, day=9, seed_by_rating=True)
    strengths = entry_strengths(b)
    pairs = {p.pk: p for p in Pair.objects.filter(tournament=b)}
    ranked = sorted(pairs, key=lambda pk: -strengths[pk])
    # 4, 5 (won 2 of 3) and 6, 7 (won all): P4-6 and P5-7 are equal and strongest, and
    # do not meet in round 1.
    assert {pairs[pk].name for pk in ranked[:2]} == {"P4-6", "P5-7"}
    at = {pairs[pk].draw_number: pk for pk in pairs}
    value = sorted(strengths.values(), reverse=True)
    # Table k holds draw numbers 2k-1, 2k: ranks k and k+3 (ties may come either way).
    for k in range(3):
        assert strengths[at[2 * k + 1]] == pytest.approx(value[k])
        assert strengths[at[2 * k + 2]] == pytest.approx(value[k + 3])
    assert {pairs[at[1]].name, pairs[at[3]].name} == {"P4-6", "P5-7"}
    # Unknown players (8…11) count as newcomers (mu 25): above the pairs of players who lost
    # their tables (0…3, mu below 25), which take ranks 5 and 6 (ranks 3, 4: numbers 5, 2).
    assert {pairs[at[n]].name for n in (2, 5)} == {"P8-9", "P10-11"}
    assert {pairs[at[n]].name for n in (4, 6)} == {"P0-2", "P1-3"}
    entry = AuditEntry.objects.filter(tournament=b, action="draw").latest("pk")
    assert entry.after["by_rating"] is True
    rnd = play_round(b, organizer, lambda t: ("A+", "5"))
    first = Table.objects.get(round=rnd, number=1)
    assert {first.ew_id, first.ns_id} == {at[1], at[2]}


@pytest.mark.django_db
def test_without_the_option_the_draw_is_by_lot(organizer):
    build_pairs_event(organizer, "a", COUPLES_A, day=1, rounds=3)
    b = build_pairs_event(organizer, "b", COUPLES_B, day=9)
    seeded = build_pairs_event(organizer, "c", COUPLES_B, day=9, seed_by_rating=True)
    by_lot = {p.name: p.draw_number for p in Pair.objects.filter(tournament=b)}
    by_rating = {p.name: p.draw_number for p in Pair.objects.filter(tournament=seeded)}
    assert by_lot != by_rating  # same seed (11), same field: only the option differs
    lot = AuditEntry.objects.filter(tournament=b, action="draw").latest("pk")
    assert "by_rating" not in lot.after and lot.summary.startswith("抽签（随机码")


@pytest.mark.django_db
def test_the_option_is_a_setting_changed_with_the_audit(organizer):
    b = build_pairs_event(organizer, "b", COUPLES_B, day=9)
    b.seed_by_rating = True
    tournament_update(tournament=b, version=b.version, by=user_actor(organizer))
    entry = AuditEntry.objects.filter(tournament=b).latest("pk")
    assert entry.after["seed_by_rating"] is True and entry.before["seed_by_rating"] is False
    draw(b, seed=3, by=user_actor(organizer))
    assert AuditEntry.objects.filter(tournament=b, action="draw").latest("pk").after["by_rating"]
