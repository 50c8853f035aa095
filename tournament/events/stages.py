"""Stages (阶段) after the first: who qualifies, and the knockout bracket as results move it.
Which generator pairs a stage's round: :mod:`tournament.rounds.formats`.

Vocabulary
----------
qualification (晋级)
    ``Stage.qualify`` says who enters a stage: ``{"top": N}`` — the first N of the previous
    stage's standings; ``{"group_top": K}`` — the first K of every rotation group; ``{}`` — every
    active pair (a first stage, or a stage that keeps the whole field).
seeding
    Qualifiers are ordered by the previous stage's result (group winners by group rank, then
    by total); the first stage is ordered by draw number.
stage state
    ``Stage.state`` keeps what a stage decided once and must not change afterwards: the
    rotation groups (pair ids per group), the order of a round robin (单循环: one group, its
    Berger tables follow from it; the stage's rounds are set from its size) and the
    knockout bracket.
"""

from __future__ import annotations

import dataclasses

from django.db import transaction
from django.db.models import F

from pairing.bracket import Bracket
from pairing.knockout import is_finished, settle
from pairing.roundrobin import (
    round_robin_movement,
)
from rules import knockout_winner
from rules.messages import Message
from scoring import rotation_totals, standings
from tournament.core.actors import Actor
from tournament.core.audit import log_action
from tournament.core.errors import Refused
from tournament.core.stamps import public_changed
from tournament.events.playoff import playoff_qualifiers, stage_cut
from tournament.models import Pair, Round, Stage, Table, Tournament
from tournament.standings.selectors import ruleset, score_options, standings_rules, table_records
from tournament.text.messages.audit import MSG_AUDIT_ADD_STAGE
from tournament.text.options import GAMES, STAGE_KINDS

# Message codes (texts in tournament/text/messages/services.py).
MSG_STAGE_PLAYED = "stage_played"
MSG_QUALIFY = "stage_qualify"
MSG_ROUNDS = "stage_rounds"
MSG_NAME = "stage_name"
MSG_KNOCKOUT_OVER = "knockout_over"
MSG_KNOCKOUT_WAITING = "knockout_waiting"
MSG_STAGE_KIND = "stage_kind"
MSG_STAGE_GAMES = "stage_games"
MAX_QUALIFY = 10_000
MAX_STAGE_ROUNDS = 30


def stage_rounds(stage: Stage) -> list[int]:
    return list(stage.round_set.order_by("number").values_list("number", flat=True))


def previous_stage(stage: Stage) -> Stage | None:
    return stage.tournament.stages.filter(order__lt=stage.order).order_by("-order").first()


def qualifiers(tournament: Tournament, stage: Stage) -> list[int]:
    """The pair ids that enter ``stage``, best seed first."""
    active = set(
        Pair.objects.filter(tournament=tournament, status=Pair.ACTIVE).values_list("pk", flat=True)
    )
    before = previous_stage(stage)
    if before is None or not stage.qualify:
        pairs = Pair.objects.filter(pk__in=active).order_by(
            F("draw_number").asc(nulls_last=True), "pk"
        )
        return [t.pk for t in pairs]
    rounds = stage_rounds(before)
    records = table_records(tournament, rounds)
    if "group_top" in stage.qualify:
        groups = {
            pair: gi for gi, group in enumerate(before.state.get("groups", [])) for pair in group
        }
        rows = rotation_totals(
            records,
            groups,
            system=tournament.scoring,
            bye_policy=tournament.bye_policy,
            options=score_options(tournament),
        )
        k = int(stage.qualify["group_top"])
        chosen = [r for r in rows if r.group_rank <= k and r.pair in active]
        chosen.sort(key=lambda r: (r.group_rank, r.overall_rank))
        return [r.pair for r in chosen]
    if stage.qualify.get("playoff") and "top" in stage.qualify:
        # A tie at the cut is played off (docs/rules.md §5.6), not drawn by lot.
        return playoff_qualifiers(stage, stage_cut(tournament, stage, before, rounds))
    rows = standings(records, standings_rules(tournament), pairs=list(active))
    return [row.pair for row in rows[: int(stage.qualify.get("top", len(rows)))]]


@transaction.atomic
def stage_add(
    tournament: Tournament,
    *,
    kind: str,
    name: str,
    rounds: int,
    qualify: dict,
    places_by_time: bool = False,
    games: int | None = None,
    by: Actor,
) -> Stage:
    """Add a stage at the end of the event (``places_by_time``: docs/rules.md §5.5).

    ``games``: a knockout stage's games per match (1 or 3; None: the event's). It may be
    chosen after the Swiss stage has started: it changes no round already played.
    """
    if kind not in STAGE_KINDS:
        raise Refused(MSG_STAGE_KIND)
    if games is not None and (kind != "knockout" or games not in GAMES):
        raise Refused(MSG_STAGE_GAMES)
    # Checked here, not by the database: a huge number must be a message, never a 500.
    for key, value in qualify.items():
        if key == "playoff":
            if not isinstance(value, bool):
                raise Refused(MSG_QUALIFY, n=MAX_QUALIFY)
        elif not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_QUALIFY:
            raise Refused(MSG_QUALIFY, n=MAX_QUALIFY)
    if not isinstance(rounds, int) or not 1 <= rounds <= MAX_STAGE_ROUNDS:
        raise Refused(MSG_ROUNDS, n=MAX_STAGE_ROUNDS)
    if len(name) > Stage._meta.get_field("name").max_length:
        raise Refused(MSG_NAME, n=Stage._meta.get_field("name").max_length)
    if kind == "rotation":
        rounds = 3
    last = tournament.stages.order_by("-order").first()
    stage = Stage.objects.create(
        tournament=tournament,
        order=(last.order + 1 if last else 1),
        name=name or STAGE_KINDS[kind],
        kind=kind,
        rounds=rounds,
        qualify=qualify,
        places_by_time=bool(places_by_time),
        games=games,
    )
    log_action(
        tournament=tournament,
        by=by,
        action="stage.add",
        obj=stage,
        summary=Message(MSG_AUDIT_ADD_STAGE, {"stage": stage.name}),
        after={"kind": kind, "rounds": stage.rounds, "qualify": qualify, "games": games},
    )
    public_changed(tournament)
    return stage


@transaction.atomic
def stage_delete(stage: Stage, *, by: Actor) -> None:
    if Round.objects.filter(stage=stage).exists():
        raise Refused(MSG_STAGE_PLAYED)
    log_action(
        tournament=stage.tournament,
        by=by,
        action="stage.delete",
        summary=stage.name,
    )
    public_changed(stage.tournament)
    stage.delete()


def round_robin_movement_rows(stage: Stage) -> list[tuple[int, list[tuple], str]]:
    """The movement table (移位表) of a round-robin stage once its order is fixed:
    ``[(round, [(table, EW name, NS name), …], bye name or ""), …]``; empty before."""
    if stage.kind != "round_robin" or "groups" not in stage.state:
        return []
    order = stage.state["groups"][0]
    names = dict(Pair.objects.filter(pk__in=order).values_list("pk", "name"))
    rows = []
    for number, tables in round_robin_movement(order, stage.tournament.seating).items():
        seated = [(table, names[ew], names[ns]) for table, ew, ns in tables if table is not None]
        bye = next((names[ew] for table, ew, _ns in tables if table is None), "")
        rows.append((number, seated, bye))
    return rows


def stored_bracket(stage: Stage) -> Bracket:
    """The bracket as last saved on the stage (its first round is what matters)."""
    return Bracket.from_dict(stage.state["bracket"])


def knockout_winners(tournament: Tournament, stage: Stage) -> dict[str, tuple[dict, int | None]]:
    """Per bracket match: games won per pair and the match winner (None while undecided).

    The rule is ``rules.knockout_winner`` (best of ``games``; a forfeit or lateness in any
    game loses the whole match); this only reads the confirmed games in round order.
    """
    games: dict[str, list[tuple[int | None, str | None]]] = {}
    rows = (
        Table.objects.filter(round__stage=stage)
        .exclude(bracket_id="")
        .filter(state=Table.CONFIRMED)
        .order_by("round__number", "pk")
    )
    for m in rows.values("bracket_id", "ew_id", "ns_id", "winner", "forfeit", "defeat_reason"):
        pair = {"EW": m["ew_id"], "NS": m["ns_id"]}.get(m["winner"])
        late = m["defeat_reason"] == "late"
        reason = "forfeit" if m["forfeit"] in ("EW", "NS") or late else None
        games.setdefault(m["bracket_id"], []).append((pair, reason))
    rules = dataclasses.replace(ruleset(tournament), games=stage.games_per_match)
    out = {}
    for bracket_id, played in games.items():
        wins, winner, _ = knockout_winner(rules, played)
        out[bracket_id] = (wins, winner)
    return out


def current_bracket(tournament: Tournament, stage: Stage) -> Bracket:
    """The bracket after every confirmed result, computed and never saved (safe in a read).

    Rebuilt from the first round rather than advanced step by step (:func:`pairing.knockout.settle`),
    so that a result corrected after an unlock moves the right pair on.
    """
    return settled_bracket(tournament, stage, stored_bracket(stage))


def settled_bracket(tournament: Tournament, stage: Stage, stored: Bracket) -> Bracket:
    """``stored`` (the bracket as made, or as last saved) moved on by every confirmed result
    of the stage; reads only."""
    active = set(
        Pair.objects.filter(tournament=tournament, status=Pair.ACTIVE).values_list("pk", flat=True)
    )
    return settle(stored, knockout_winners(tournament, stage), active)


def update_bracket(tournament: Tournament, stage: Stage) -> Bracket:
    """Save :func:`current_bracket` on the stage (the bracket page and printouts read it).

    Call it only under the round lock (``lock_round``, ``pair_next_round``): it writes.
    """
    bracket = current_bracket(tournament, stage)
    data = bracket.to_dict()
    if stage.state.get("bracket") != data:
        stage.state = {**stage.state, "bracket": data}
        stage.save(update_fields=["state"])
    return bracket


def knockout_finished(stage: Stage) -> bool:
    """True once the final (and the third-place match) have winners; reads only."""
    if "bracket" not in stage.state:
        return False
    return is_finished(current_bracket(stage.tournament, stage))


def games_played(stage: Stage) -> dict[str, int]:
    """Games paired so far per bracket match id."""
    played: dict[str, int] = {}
    for bracket_id in (
        Table.objects.filter(round__stage=stage)
        .exclude(bracket_id="")
        .values_list("bracket_id", flat=True)
    ):
        played[bracket_id] = played.get(bracket_id, 0) + 1
    return played


def stage_members(tournament: Tournament, stage: Stage, placed: set | None = None) -> set | None:
    """The pair ids expected in a round of ``stage`` (None: every active pair).

    A knockout round expects exactly the pairs its bracket put in it (``placed``); rotation
    groups expect their members; a stage with a qualification expects its qualifiers.
    """
    if stage.kind == "knockout":
        return set(placed or ())
    if stage.kind in ("rotation", "round_robin") and "groups" in stage.state:
        return {pair for group in stage.state["groups"] for pair in group}
    if stage.qualify:
        return set(qualifiers(tournament, stage))
    return None
