"""The status of a round as its tables fill in (in_play / entered / confirmed)."""

from __future__ import annotations

from django.db.models import F

from tournament.models import Match, Round


def refresh_round_status(round_: Round) -> None:
    """Move a round between in_play / entered / confirmed as its tables fill in.

    Called under the round's row lock (see :func:`lock_match`), so two tables saved at once
    cannot both read the old status. A published round that was never started moves on
    with its first result, like a started one.
    """
    if round_.status in (Round.DRAFT, Round.LOCKED):
        return
    # DISTINCT in the database: at 2,500 tables a save must not fetch every table's state.
    tables = round_.matches.exclude(ns=None).order_by()
    states = set(tables.values_list("state", flat=True).distinct())
    if not states or states <= {Match.CONFIRMED}:
        new = Round.CONFIRMED
    elif states <= {Match.CONFIRMED, Match.ENTERED}:
        new = Round.ENTERED
    elif round_.status == Round.PUBLISHED and states == {Match.EMPTY}:
        new = Round.PUBLISHED
    else:
        new = Round.IN_PLAY
    if new != round_.status:
        Round.objects.filter(pk=round_.pk).update(status=new, version=F("version") + 1)
        round_.status = new
        round_.version += 1
