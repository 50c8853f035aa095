"""The public rank history computes only the newly locked round's standings; an unlock
makes the rounds from it count again (tournament.public.rank_history.locked_ranks)."""

from __future__ import annotations

import pytest

from tests.app.teams.team_event import build_team_event, play_round
from tournament.core.actors import user_actor
from tournament.models import Round
from tournament.public import rank_history as history
from tournament.rounds.lifecycle import lock_round, unlock_round

pytestmark = pytest.mark.django_db


def test_each_locked_round_is_ranked_once(organizer, monkeypatch):
    t = build_team_event(organizer, teams=6, rounds=4)
    for _ in range(3):
        play_round(t, organizer, lambda table: ("A+", "J") if table.number % 3 else ("Q", "A+"))
    calls = []
    compute, key, model = history._kind(t)

    def counted(tournament, *, after_round=None, public=False):
        calls.append(after_round)
        return compute(tournament, after_round=after_round, public=public)

    monkeypatch.setattr(history, "_kind", lambda _t: (counted, key, model))
    t.refresh_from_db()
    first = history.rank_history(t, public=True)
    assert first["rounds"] == [1, 2, 3] and sorted(calls) == [1, 2, 3]
    calls.clear()
    play_round(t, organizer, lambda table: ("K", "10"))  # round 4 locked: a new stamp
    t.refresh_from_db()
    assert history.rank_history(t, public=True)["rounds"] == [1, 2, 3, 4]
    assert calls == [4]  # rounds 1–3 came from their kept ranks
    calls.clear()
    rnd = Round.objects.get(tournament=t, number=4)  # the last round: unlocked, locked again
    unlock_round(rnd, by=user_actor(organizer))
    rnd.refresh_from_db()
    t.refresh_from_db()
    assert history.rank_history(t, public=True)["rounds"] == [1, 2, 3]
    assert calls == []  # rounds 1–3 unchanged
    lock_round(rnd, by=user_actor(organizer))
    t.refresh_from_db()
    history.rank_history(t, public=True)
    assert calls == [4]  # round 4 changed (unlocked and locked): ranked again
