"""Where the series' places come from (docs/rules.md §20.3): an individual event's own
standings, locked rounds only, recomputed when a round is locked (the cache follows the
event's public stamp)."""

from __future__ import annotations

import pytest

from tests.app.individuals.individual_event import build_individual_event, play_round
from tournament.core.actors import user_actor
from tournament.core.identity import link_event
from tournament.individuals.standings import individual_standings_for
from tournament.models import Individual, Table
from tournament.models.result_values import ResultValues
from tournament.results.services import confirm_result, submit_result
from tournament.rounds.lifecycle import lock_round, publish_round
from tournament.rounds.pairing import pair_next_round
from tournament.series.services import series_add, series_create
from tournament.series.standings import series_lines

pytestmark = pytest.mark.django_db


def ew_wins(table):
    return ("A+", "10")


def test_an_individual_event_gives_each_player_their_own_place(organizer):
    t = build_individual_event(organizer, players=8, rounds=3)
    link_event(t)
    play_round(t, organizer, ew_wins)
    series = series_create(slug="s", name="S", best_n=5)
    series_add(series=series, event_slug=t.slug)
    lines = series_lines(series)
    # Field 8: field factor 0.75, top 100 × 1 × 0.75 = 75; ceil(8 × 0.34) = 3 places score
    # 75, 50, 25; each player is one person, so the persons share exactly 150 (in
    # hundredths: 15000; shares of tied places are exact here, e.g. (75 + 50) / 2).
    assert len(lines) == 8
    assert sum(line.points for line in lines) == 15000
    person = dict(Individual.objects.filter(tournament=t).values_list("pk", "person_id"))
    places = {person[r.player]: r.rank for r in individual_standings_for(t, public=True)}
    for line in lines:
        assert line.results[0].place == places[line.person_id]
    assert lines[0].points <= 7500 and lines[-1].points == 0


def test_only_locked_rounds_count_and_a_lock_is_seen_at_once(organizer):
    t = build_individual_event(organizer, players=8, rounds=3)
    link_event(t)
    play_round(t, organizer, ew_wins)
    series = series_create(slug="s", name="S")
    series_add(series=series, event_slug=t.slug)
    before = [(line.person_id, line.points) for line in series_lines(series)]
    by = user_actor(organizer)
    rnd = pair_next_round(t, by=by)
    publish_round(rnd, by=by)
    for table in Table.objects.filter(round=rnd).exclude(ns=None):
        table = submit_result(
            table, ResultValues(ew_level="10", ns_level="A+"), version=None, by=by
        )
        confirm_result(table, version=None, by=by)
    # Round 2 entered and confirmed, not locked: the series sees round 1 only.
    assert [(line.person_id, line.points) for line in series_lines(series)] == before
    rnd.refresh_from_db()
    lock_round(rnd, by=by)
    t.refresh_from_db()
    after = {line.person_id: line.results[0].place for line in series_lines(series)}
    person = dict(Individual.objects.filter(tournament=t).values_list("pk", "person_id"))
    expected = {person[r.player]: r.rank for r in individual_standings_for(t, public=True)}
    assert after == expected
