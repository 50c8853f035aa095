"""A 500-team event's printouts timed (1,000 pairs, 500 tables a round): slow, in CI's full
run; the figures are printed for the notes (pytest -s)."""

from __future__ import annotations

import time

import pytest

from tests.app.teams.test_team_prints import render
from tournament.core.actors import user_actor
from tournament.events.services import tournament_create
from tournament.models import Table
from tournament.models.result_values import ResultValues
from tournament.printing.registry import KINDS
from tournament.results.services import confirm_result, submit_result
from tournament.rounds.lifecycle import lock_round, publish_round
from tournament.rounds.pairing import draw, pair_next_round
from tournament.teams.registration import TeamData, team_register

pytestmark = pytest.mark.django_db


@pytest.mark.slow
def test_a_500_team_event_prints_in_reasonable_time(organizer):
    """500 teams (1,000 pairs, 500 tables a round): each team printout of a played round."""
    by = user_actor(organizer)
    t = tournament_create(
        organizer=organizer, by=by, name="大赛", slug="big", entry="teams", team_pairs=2, rounds=3
    )
    for i in range(500):
        players = tuple(f"选手{i}-{n}" for n in range(1, 5))
        team_register(tournament=t, data=TeamData(name=f"队{i:03d}", players=players), by=by)
    draw(t, seed=7, by=by)
    rnd = pair_next_round(t, by=by)
    publish_round(rnd, by=by)
    for table in Table.objects.filter(round=rnd).exclude(ns=None):
        table = submit_result(
            table, ResultValues(ew_level="A+", ns_level="10"), version=None, by=by
        )
        confirm_result(table, version=None, by=by)
    rnd.refresh_from_db()
    lock_round(rnd, by=by)
    timings = {}
    for kind, fmt in [
        ("pairings", "pdf"),
        ("team_sheets", "pdf"),
        ("standings", "pdf"),
        ("standings", "xlsx"),
        ("results", "pdf"),
        ("certificates", "pdf"),
        ("workbook", "xlsx"),
    ]:
        start = time.perf_counter()
        data = render(t, kind, fmt, round=1 if KINDS[kind].per_round else None)
        timings[f"{kind}.{fmt}"] = (round(time.perf_counter() - start, 2), len(data))
    print(timings)  # noqa: T201 - the figures for the report (pytest -s)
    assert all(seconds < 20 for seconds, _size in timings.values()), timings
