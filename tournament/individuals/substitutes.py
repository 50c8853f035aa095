"""A substitute seated for an absent player before the round starts (个人赛, docs/rules.md
§17.4: "or the organizer seats a substitute before the round starts").

The substitute takes the absent player's seat: the table's partnership becomes the
partner's with the substitute (made when new), so the table is played as usual. The
substitute is an active player of the event who is not seated this round (one sitting out
gives up the sit-out, or a player registered late); the absent player then neither plays
nor sits out this round.
"""

from __future__ import annotations

from django.db import transaction

from rules.messages import Message
from tournament.core.actors import Actor
from tournament.core.audit import log_action
from tournament.core.errors import Refused
from tournament.core.stamps import public_changed
from tournament.individuals.partnerships import individuals_of_pairs, partnerships
from tournament.models import Individual, Pair, Round, Table

MSG_STARTED = "substitute_round_started"
MSG_NOT_SEATED = "substitute_absent_not_seated"
MSG_PLAYED = "substitute_table_entered"
MSG_SEATED = "substitute_already_seated"
MSG_INACTIVE = "substitute_inactive"
MSG_SAME = "substitute_same_player"
MSG_AUDIT = "audit_substitute"


@transaction.atomic
def seat_substitute(
    *, round_: Round, absent: Individual, substitute: Individual, by: Actor
) -> Table:
    """Seat ``substitute`` at ``absent``'s place in ``round_`` (refused once it started)."""
    round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)
    tournament = round_.tournament
    if round_.status == Round.LOCKED or round_.started_at is not None:
        raise Refused(MSG_STARTED, n=round_.number)
    if absent.pk == substitute.pk:
        raise Refused(MSG_SAME)
    if substitute.status != Pair.ACTIVE:
        raise Refused(MSG_INACTIVE, name=substitute.name)
    people = individuals_of_pairs(tournament)
    tables = list(Table.objects.filter(round=round_))
    seat = _seat_of(tables, people, absent.pk)
    if seat is None:
        raise Refused(MSG_NOT_SEATED, name=absent.name, n=round_.number)
    table, side = seat
    if table.state != Table.EMPTY:
        raise Refused(MSG_PLAYED, table=table.number)
    taken = _seat_of(tables, people, substitute.pk)
    if taken is not None and taken[0].ns_id is not None:
        raise Refused(MSG_SEATED, name=substitute.name, table=taken[0].number)
    partner = next(p for p in people[getattr(table, f"{side}_id")] if p != absent.pk)
    pair = partnerships(tournament, [(partner, substitute.pk)])[frozenset((partner, substitute.pk))]
    # The draft and published round's pairing, before any result (as adjust.swap_pairs).
    Table.objects.filter(pk=table.pk).update(**{f"{side}_id": pair})
    if taken is not None:  # a player sitting out gives up the sit-out
        Table.objects.filter(pk=taken[0].pk).delete()
    Round.objects.filter(pk=round_.pk).update(version=round_.version + 1)
    log_action(
        tournament=tournament,
        by=by,
        action="individual.substitute",
        obj=round_,
        summary=Message(
            MSG_AUDIT,
            {
                "n": round_.number,
                "table": table.number,
                "absent": absent.name,
                "substitute": substitute.name,
            },
        ),
        before={"table": table.number, "absent": absent.pk},
        after={"substitute": substitute.pk, "pair": pair},
    )
    public_changed(tournament)
    return Table.objects.get(pk=table.pk)


def _seat_of(tables, people, individual: int) -> tuple[Table, str] | None:
    """The table and side (``"ew"``/``"ns"``) of ``individual`` (a sit-out: its bye row)."""
    for table in tables:
        for side in ("ew", "ns"):
            pair = getattr(table, f"{side}_id")
            if pair is not None and individual in people.get(pair, ()):
                return table, side
    return None
