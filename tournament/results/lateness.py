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
from tournament.models import Match, Team
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
def record_absence(match: Match, side: str, *, by: Actor, now=None) -> Match:
    """The pair on ``side`` did not come in time: it forfeits the round.

    Refused until *more* than the event's lateness limit has passed since the round clock
    started: the documents say 迟到超过规定时间 (docs/rules.md §8), so a pair arriving at
    exactly the limit is still in time.
    Where the event has the option (``late_disqualify``, docs/rules.md §8), a pair late in
    three consecutive rounds is disqualified (audited, shown to the staff).
    """
    if side not in ("EW", "NS"):
        raise Refused(MSG_LATE_SIDE)
    check_referee(match, by.via("referee"))  # rights first: no hint about the clock to outsiders
    tournament = match.round.tournament
    started = match.round.started_at
    now = now or timezone.now()
    if started and now <= started + timedelta(minutes=tournament.late_minutes):
        raise Refused(MSG_TOO_EARLY, n=tournament.late_minutes)
    values = ResultValues(forfeit=side, defeat_reason="late", winner=opponent(side))
    match = submit_result(match, values, version=None, by=by, path=write_rule.ABSENCE)
    team = match.ew if side == "EW" else match.ns
    out = late_disqualifies(ruleset(tournament), late_streak(team))
    if out and team.status == Team.ACTIVE:
        Team.objects.filter(pk=team.pk).update(status=Team.DISQUALIFIED)
        log_action(
            tournament=tournament,
            by=by,
            action="team.status",
            obj=team,
            summary=Message(
                MSG_AUDIT_LATE_OUT, {"team": team.name, "rounds": LATE_ROUNDS_TO_DISQUALIFY}
            ),
            before={"status": Team.ACTIVE},
            after={"status": Team.DISQUALIFIED},
        )
        public_changed(tournament)
    return match


def late_streak(team: Team) -> int:
    """How many of the team's latest rounds in a row it lost by lateness."""
    rows = (
        Match.objects.filter(Q(ew=team) | Q(ns=team), round__tournament_id=team.tournament_id)
        .select_related("round")
        .order_by("-round__number")
    )
    streak = 0
    for m in rows:
        side = "EW" if m.ew_id == team.pk else "NS"
        if m.forfeit == side and m.defeat_reason == "late":
            streak += 1
        else:
            break
    return streak
