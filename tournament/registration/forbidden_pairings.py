"""Forbidden pairings (回避): pairs the organizer keeps apart in every computer pairing.

The pure :mod:`pairing` package owns the rule (a hard constraint like hard same-unit
avoidance, flagged when unavoidable); this module stores the organizer's list and hands it
to the pairing as ``(id, id)`` tuples. Adding or removing one is audited.
"""

from __future__ import annotations

from django.db import transaction

from rules.messages import Message
from tournament.core.actors import Actor
from tournament.core.audit import log_action
from tournament.core.errors import Refused
from tournament.core.stamps import public_changed
from tournament.models import ForbiddenPairing, Pair, Tournament
from tournament.text.messages.audit import MSG_AUDIT_KEEP_APART, MSG_AUDIT_KEEP_APART_OFF

MSG_APART_EXISTS = "apart_exists"
MSG_APART_MISSING = "apart_missing"
MSG_APART_NOTE_LONG = "apart_note_long"
MSG_APART_PICK = "apart_pick"
MSG_APART_SAME = "apart_same"


def forbidden_pairs(tournament: Tournament) -> list[tuple[int, int]]:
    """The pairs of pair ids that must not meet, for :func:`pairing.pair_swiss` and the draw."""
    return list(
        ForbiddenPairing.objects.filter(tournament=tournament).values_list("pair_a_id", "pair_b_id")
    )


@transaction.atomic
def add_forbidden(
    tournament: Tournament, a: int | None, b: int | None, note: str = "", *, by: Actor
) -> ForbiddenPairing:
    """Keep pairs ``a`` and ``b`` apart from the next pairing on; refuse a bad request."""
    pairs = {t.pk: t for t in Pair.objects.filter(tournament=tournament, pk__in=[a, b])}
    if a is None or b is None or a not in pairs or b not in pairs:
        raise Refused(MSG_APART_PICK)
    if a == b:
        raise Refused(MSG_APART_SAME)
    low, high = sorted((a, b))
    if ForbiddenPairing.objects.filter(pair_a_id=low, pair_b_id=high).exists():
        raise Refused(MSG_APART_EXISTS)
    note = (note or "").strip()
    if len(note) > ForbiddenPairing._meta.get_field("note").max_length:
        raise Refused(MSG_APART_NOTE_LONG)
    row = ForbiddenPairing.objects.create(
        tournament=tournament, pair_a=pairs[low], pair_b=pairs[high], note=note
    )
    log_action(
        tournament=tournament,
        by=by,
        action="forbidden.add",
        obj=row,
        summary=Message(MSG_AUDIT_KEEP_APART, {"a": pairs[low].name, "b": pairs[high].name}),
        after={"team_a": low, "team_b": high, "note": note},
    )
    public_changed(tournament)
    return row


@transaction.atomic
def remove_forbidden(tournament: Tournament, pk: int | None, *, by: Actor) -> None:
    """Let the two pairs meet again from the next pairing on."""
    row = (
        ForbiddenPairing.objects.select_related("pair_a", "pair_b")
        .filter(tournament=tournament, pk=pk)
        .first()
    )
    if row is None:
        raise Refused(MSG_APART_MISSING)
    log_action(
        tournament=tournament,
        by=by,
        action="forbidden.remove",
        obj=row,
        summary=Message(MSG_AUDIT_KEEP_APART_OFF, {"a": row.pair_a.name, "b": row.pair_b.name}),
        before={"team_a": row.pair_a_id, "team_b": row.pair_b_id, "note": row.note},
    )
    public_changed(tournament)
    row.delete()
