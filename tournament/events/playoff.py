"""The play-off for a tie at the cut of a qualification (加赛, docs/rules.md §5.6).

A stage whose ``qualify`` is ``{"top": N, "playoff": true}`` takes the first N of the
previous stage; pairs tied across the cut (``scoring.cut``) play one more game instead of
drawing lots. The tables and their winners are kept in the entering stage's ``state``
under ``"playoff"``: ``{"tables": [[a, b], …], "winners": {"0": a, …}}`` (pair ids).
"""

from __future__ import annotations

from django.db import transaction

from rules.messages import Message
from scoring import standings
from scoring.cut import Cut, cut_at
from tournament.core.actors import Actor
from tournament.core.audit import log_action
from tournament.core.errors import Refused
from tournament.core.stamps import public_changed
from tournament.models import Pair, Stage, Tournament
from tournament.standings.selectors import standings_rules, table_records
from tournament.text.messages.audit import MSG_AUDIT_PLAYOFF, MSG_AUDIT_PLAYOFF_WON

# Message codes (texts in tournament/text/messages/services.py).
MSG_PLAYOFF_NEEDED = "playoff_needed"
MSG_PLAYOFF_BY_HAND = "playoff_by_hand"
MSG_NOT_A_TABLE = "playoff_pick"


def stage_cut(tournament: Tournament, stage: Stage, before: Stage, rounds: list[int]) -> Cut:
    """The cut of ``stage``'s top-N qualification over ``before``'s rounds."""
    active = list(
        Pair.objects.filter(tournament=tournament, status=Pair.ACTIVE).values_list("pk", flat=True)
    )
    rows = standings(table_records(tournament, rounds), standings_rules(tournament), pairs=active)
    return cut_at(rows, int(stage.qualify["top"]))


def playoff_qualifiers(stage: Stage, cut: Cut) -> list[int]:
    """The qualifiers once every play-off table has a winner; else a clear refusal."""
    if not cut.needs_playoff:
        return list(cut.qualified)
    if not cut.tables:
        raise Refused(MSG_PLAYOFF_BY_HAND, k=len(cut.tied), m=cut.places)
    winners = stage.state.get("playoff", {}).get("winners", {})
    chosen = [winners.get(str(i)) for i in range(len(cut.tables))]
    if None in chosen or [list(t) for t in cut.tables] != stage.state["playoff"]["tables"]:
        names = list(Pair.objects.filter(pk__in=cut.tied).values_list("name", flat=True))
        raise Refused(MSG_PLAYOFF_NEEDED, n=len(cut.qualified) + cut.places, names=names)
    # Winners keep the order of the tied group (their rank before the play-off).
    return [*cut.qualified, *[pair for pair in cut.tied if pair in chosen]]


@transaction.atomic
def playoff_arrange(stage: Stage, cut: Cut, *, by: Actor) -> list[list[int]]:
    """Store the play-off tables of ``cut`` on ``stage`` (winners start empty)."""
    if not cut.tables:
        raise Refused(MSG_PLAYOFF_BY_HAND, k=len(cut.tied), m=cut.places)
    tables = [list(t) for t in cut.tables]
    stage.state = {**stage.state, "playoff": {"tables": tables, "winners": {}}}
    stage.save(update_fields=["state"])
    log_action(
        tournament=stage.tournament,
        by=by,
        action="stage.playoff",
        obj=stage,
        summary=Message(MSG_AUDIT_PLAYOFF, {"stage": stage.name, "count": len(tables)}),
        after={"tables": tables},
    )
    public_changed(stage.tournament)
    return tables


@transaction.atomic
def playoff_winner(stage: Stage, index: int, pair_id: int, *, by: Actor) -> None:
    """Record the winner of play-off table ``index`` (0-based)."""
    stage = Stage.objects.select_for_update().get(pk=stage.pk)
    tables = stage.state.get("playoff", {}).get("tables", [])
    if not 0 <= index < len(tables) or pair_id not in tables[index]:
        raise Refused(MSG_NOT_A_TABLE)
    playoff = stage.state["playoff"]
    playoff["winners"] = {**playoff.get("winners", {}), str(index): pair_id}
    stage.state = {**stage.state, "playoff": playoff}
    stage.save(update_fields=["state"])
    name = Pair.objects.get(pk=pair_id).name
    log_action(
        tournament=stage.tournament,
        by=by,
        action="stage.playoff",
        obj=stage,
        summary=Message(
            MSG_AUDIT_PLAYOFF_WON, {"stage": stage.name, "table": index + 1, "team": name}
        ),
        after={"table": index + 1, "winner": pair_id},
    )
    public_changed(stage.tournament)
