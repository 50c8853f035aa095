"""Absent pairs (迟到/缺席, docs/rules.md §8): forfeit after the lateness limit, disqualification
after lateness in more than two consecutive rounds (docs/rules.md §8).
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from rules.fouls import LATE_ROUNDS_TO_DISQUALIFY, late_disqualifies
from rules.messages import Message
from rules.sides import opponent
from tournament.core.actors import Actor
from tournament.core.audit import log_action
from tournament.core.errors import Refused
from tournament.core.stamps import public_changed
from tournament.models import Pair, Table
from tournament.results import write_rule
from tournament.results.checks import ResultValues
from tournament.results.services import submit_result
from tournament.results.table_write import check_referee
from tournament.standings.selectors import ruleset
from tournament.text.messages.audit import MSG_AUDIT_LATE_OUT

# Message codes (texts in tournament/text/messages/services.py).
MSG_TOO_EARLY = "late_too_early"
MSG_LATE_SIDE = "late_side"


@transaction.atomic
def record_absence(table: Table, side: str, *, by: Actor, now=None) -> Table:
    """The pair on ``side`` did not come in time: it forfeits the round.

    Refused until *more* than the event's lateness limit has passed since the round clock
    started: the documents say 迟到超过规定时间 (docs/rules.md §8), so a pair arriving at
    exactly the limit is still in time.
    Where the event has the option (``late_disqualify``, docs/rules.md §8), a pair late in
    three consecutive rounds is disqualified (audited, shown to the staff).
    """
    if side not in ("EW", "NS"):
        raise Refused(MSG_LATE_SIDE)
    check_referee(table, by.via("referee"))  # rights first: no hint about the clock to outsiders
    tournament = table.round.tournament
    started = table.round.started_at
    now = now or timezone.now()
    if started and now <= started + timedelta(minutes=tournament.late_minutes):
        raise Refused(MSG_TOO_EARLY, n=tournament.late_minutes)
    values = ResultValues(forfeit=side, defeat_reason="late", winner=opponent(side))
    table = submit_result(table, values, version=None, by=by, path=write_rule.ABSENCE)
    pair = table.ew if side == "EW" else table.ns
    out = late_disqualifies(ruleset(tournament), late_streak(pair))
    if out and pair.status == Pair.ACTIVE:
        Pair.objects.filter(pk=pair.pk).update(status=Pair.DISQUALIFIED)
        log_action(
            tournament=tournament,
            by=by,
            action="team.status",
            obj=pair,
            summary=Message(
                MSG_AUDIT_LATE_OUT, {"team": pair.name, "rounds": LATE_ROUNDS_TO_DISQUALIFY}
            ),
            before={"status": Pair.ACTIVE},
            after={"status": Pair.DISQUALIFIED},
        )
        public_changed(tournament)
    return table


def late_streak(pair: Pair) -> int:
    """How many of the pair's latest rounds in a row it lost by lateness."""
    rows = (
        Table.objects.filter(Q(ew=pair) | Q(ns=pair), round__tournament_id=pair.tournament_id)
        .select_related("round")
        .order_by("-round__number")
    )
    streak = 0
    for m in rows:
        side = "EW" if m.ew_id == pair.pk else "NS"
        if m.forfeit == side and m.defeat_reason == "late":
            streak += 1
        else:
            break
    return streak
