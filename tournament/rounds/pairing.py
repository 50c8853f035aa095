"""The adapter between the database and the pure :mod:`pairing` package.

It turns the locked results into :class:`pairing.Entrant` objects (standings rank and
points, opponents met, seat balance, byes), asks the generator of the current stage's format
(:mod:`tournament.rounds.formats`) for the next round, and stores the answer as a *draft* round that the organizer can adjust
(:mod:`tournament.rounds.adjust`) and then publish.

Decisions
---------
- A round can be paired only when every earlier round is locked.
- Late entries (``Pair.joined_round``) join the round they registered for with the points
  they have, i.e. 0, and are paired from the bottom of the standings like any pair on 0.
- Withdrawn and disqualified pairs are left out; their past results stay in the standings.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from dataclasses import dataclass

from django.db import transaction

from pairing import Entrant, Pairing, PairingError, draw_numbers
from rules.messages import Message
from tournament.core.actors import Actor
from tournament.core.audit import log_action
from tournament.core.bulk import insert_values
from tournament.core.errors import Refused
from tournament.core.stamps import public_changed
from tournament.events.stages import knockout_finished
from tournament.individuals.pairing import individual_round
from tournament.models import Individual, Pair, Round, Stage, Table, Team, Tournament
from tournament.ratings.services import rated_draw_numbers
from tournament.rounds import formats
from tournament.rounds.formats import StagePairing
from tournament.standings.selectors import next_round_number, standings_for
from tournament.teams.pairing import team_round
from tournament.text.messages.audit import (
    MSG_AUDIT_DRAW,
    MSG_AUDIT_DRAW_NUMBER,
    MSG_AUDIT_DRAW_NUMBER_SWAP,
    MSG_AUDIT_DRAW_RATED,
    MSG_AUDIT_PAIR,
    MSG_AUDIT_REPAIR,
    round_ref,
)

# Message codes (texts in tournament/text/messages/services.py).
MSG_PREVIOUS_OPEN = "previous_open"
MSG_DRAFT_EXISTS = "draft_exists"
MSG_ALL_DONE = "all_done"
MSG_NO_DRAW = "no_draw"
MSG_TOO_FEW = "too_few"
MSG_DRAFT_ONLY = "draft_only"
MSG_DRAW_NUMBER_RANGE = "draw_number_range"
MSG_DRAW_NUMBER_STARTED = "draw_number_started"
MSG_DRAW_STARTED = "draw_started"


def current_stage(tournament: Tournament) -> tuple[Stage | None, int]:
    """The stage the next round belongs to, and that round's index within the stage (1…)."""
    played = defaultdict(int)
    for stage_id in Round.objects.filter(tournament=tournament).values_list("stage_id", flat=True):
        played[stage_id] += 1
    for stage in tournament.stages.order_by("order"):
        if stage.kind == "knockout":
            if not knockout_finished(stage):
                return stage, played[stage.pk] + 1
        elif played[stage.pk] < stage.rounds:
            return stage, played[stage.pk] + 1
    return None, 0


def next_round_problem(tournament: Tournament) -> Message | None:
    """Why the next round cannot be paired now (a message), or None when it can."""
    last = tournament.round_set.order_by("-number").first()
    if last is not None and last.status == Round.DRAFT:
        return Message(MSG_DRAFT_EXISTS, {"n": last.number})
    unlocked = tournament.round_set.exclude(status=Round.LOCKED).order_by("number").first()
    if unlocked is not None:
        return Message(MSG_PREVIOUS_OPEN, {"n": unlocked.number})
    stage, index = current_stage(tournament)
    if stage is None:
        return Message(MSG_ALL_DONE)
    active = entry_model(tournament).objects.filter(tournament=tournament, status=Pair.ACTIVE)
    if active.count() < (4 if tournament.is_individual_event else 2):
        return Message(MSG_TOO_FEW)
    if index == 1 and stage.order == 1 and active.filter(draw_number=None).exists():
        return Message(MSG_NO_DRAW)
    return None


def entry_model(tournament: Tournament) -> type[Pair | Team | Individual]:
    """What an event draws and pairs: its teams (docs/rules.md §16.5), its individuals
    (§17.1) or its pairs."""
    return tournament.entries.model


@transaction.atomic
def draw(tournament: Tournament, *, seed: int | None = None, overrides=None, by: Actor) -> dict:
    """Give every pair a draw number (抽签号) from a recorded seed; same seed, same draw."""
    if tournament.round_set.exists():
        raise Refused(MSG_DRAW_STARTED)
    seed = seed if seed is not None else random.SystemRandom().randrange(1, 10**9)
    model = entry_model(tournament)
    pairs = list(model.objects.filter(tournament=tournament).order_by("pk"))
    try:
        numbers = draw_numbers([t.pk for t in pairs], seed, overrides=overrides)
    except PairingError as exc:
        raise Refused.of(exc) from None
    if tournament.seed_by_rating:  # the same numbers' path, ranked instead of by lot (§19)
        numbers = rated_draw_numbers(tournament, [t.pk for t in pairs], seed, overrides)
    # Two passes: the unique constraint on (tournament, draw_number) must never see a clash.
    model.objects.filter(tournament=tournament).update(draw_number=None)
    for pair in pairs:
        pair.draw_number = numbers[pair.pk]
    model.objects.bulk_update(pairs, ["draw_number"])
    Tournament.objects.filter(pk=tournament.pk).update(draw_seed=seed)
    tournament.draw_seed = seed
    log_action(
        tournament=tournament,
        by=by,
        action="draw",
        summary=Message(
            MSG_AUDIT_DRAW_RATED if tournament.seed_by_rating else MSG_AUDIT_DRAW, {"seed": seed}
        ),
        # By rating (docs/rules.md §19): said in the entry; a draw by lot as it always was.
        after={"seed": seed, "overrides": overrides or {}}
        | ({"by_rating": True} if tournament.seed_by_rating else {}),
    )
    public_changed(tournament)
    return numbers


@dataclass(frozen=True)
class History:
    """Per pair, from the rounds before one: opponents met, seat balance (EW − NS), byes."""

    opponents: dict[int, set[int]]
    balance: Counter
    byes: Counter


def history(tournament: Tournament, before_round: int) -> History:
    """Who met whom, in which seats, and the byes, in rounds before ``before_round``."""
    rows = Table.objects.filter(
        round__tournament=tournament, round__number__lt=before_round
    ).values_list("ew_id", "ns_id")
    tables = [row for row in rows if row[1] is not None]
    opponents: dict[int, set[int]] = defaultdict(set)
    for ew, ns in tables:
        opponents[ew].add(ns)
        opponents[ns].add(ew)
    # Counters count in C: one per-row dict lookup and add each instead of four.
    balance = Counter(ew for ew, _ in tables)
    balance.subtract(ns for _, ns in tables)
    return History(opponents, balance, Counter(ew for ew, ns in rows if ns is None))


def seat_for_pairing(balance: int) -> int:
    """The seat balance the pairing sees, at most ±2.

    A pair beyond ±2 (after a seat swap accepted by hand) can only be moved back towards 0,
    which ±2 already demands; passing the true value would make the pairing search for an
    impossible seating and take minutes on a large field.
    """
    return max(-2, min(2, balance))


def entrants(tournament: Tournament, round_number: int, *, ranked: bool = True) -> list[Entrant]:
    """The active pairs for ``round_number``, in standings order after the previous round.

    ``ranked=False``: without the standings (every pair on 0 points, in draw order), for a
    check that reads neither rank nor points (:func:`tournament.rounds.adjust.conflicts`).
    """
    ranked = ranked and round_number > 1
    rows = standings_for(tournament, after_round=round_number - 1) if ranked else []
    order = {row.pair: (i, row.points) for i, row in enumerate(rows)}
    past = history(tournament, round_number)
    # Plain values, not Pair objects: 5,000 pairs and their units built as models cost as
    # much as the standings.
    pairs = Pair.objects.filter(
        tournament=tournament, status=Pair.ACTIVE, joined_round__lte=round_number
    ).values_list("pk", "draw_number", "unit__name")
    ranked = sorted(pairs, key=lambda t: (order.get(t[0], (len(order), 0))[0], t[1] or 0, t[0]))
    none: set[int] = set()
    return [
        Entrant(
            id=pk,
            rank=rank,
            points=float(order.get(pk, (0, 0))[1]),
            unit=unit,
            opponents=frozenset(past.opponents.get(pk, none)),
            seat_balance=seat_for_pairing(past.balance[pk]),
            byes=past.byes[pk],
            draw_number=draw_number,
        )
        for rank, (pk, draw_number, unit) in enumerate(ranked, start=1)
    ]


def compute_pairing(
    tournament: Tournament, stage: Stage, index: int, number: int, seed: int
) -> StagePairing:
    """The round's pairing from the generator of its stage's format (reads only); a team
    event's from :mod:`tournament.teams.pairing`."""
    if tournament.is_team_event:
        teams = team_round(tournament, stage, index, number, seed)
        return StagePairing(teams.pairing, teams.state, teams.rounds, teams.team_matches)
    if tournament.is_individual_event:
        players = individual_round(tournament, stage, index, number, seed)
        return StagePairing(players.pairing, players.state)
    return formats.compute_pairing(tournament, stage, index, entrants(tournament, number), seed)


def keep_stage_state(stage: Stage, stage_pairing: StagePairing) -> None:
    """Save what the round fixed for its stage (groups, bracket, a round robin's rounds)."""
    changed = []
    if stage_pairing.state is not None and stage_pairing.state != stage.state:
        stage.state = stage_pairing.state
        changed.append("state")
    if stage_pairing.rounds is not None and stage_pairing.rounds != stage.rounds:
        stage.rounds = stage_pairing.rounds
        changed.append("rounds")
    if changed:
        stage.save(update_fields=changed)


@transaction.atomic
def pair_next_round(tournament: Tournament, *, seed: int | None = None, by: Actor) -> Round:
    """Pair the next round of the current stage as a draft."""
    Tournament.objects.select_for_update().get(pk=tournament.pk)
    problem = next_round_problem(tournament)
    if problem:
        raise Refused(problem)
    stage, index = current_stage(tournament)
    number = next_round_number(tournament)
    seed = seed if seed is not None else number
    try:
        stage_pairing = compute_pairing(tournament, stage, index, number, seed)
    except PairingError as exc:
        raise Refused.of(exc) from None
    keep_stage_state(stage, stage_pairing)
    result = stage_pairing.pairing
    round_ = Round.objects.create(tournament=tournament, stage=stage, number=number, seed=seed)
    store_pairing(round_, result, stage_pairing.team_matches)
    _absences(round_, by)  # pairs marked absent forfeit (检录)
    log_action(
        tournament=tournament,
        by=by,
        action="round.pair",
        obj=round_,
        summary=Message(
            MSG_AUDIT_PAIR, {"round": round_ref(round_), "stage": stage.name, "seed": seed}
        ),
        after={
            "tables": len(result.tables),
            "byes": len(result.byes),
            "rematches": result.rematches,
        },
    )
    public_changed(tournament)
    return round_


_BRACKET = ("bracket_id", "bracket_game")


def store_pairing(round_: Round, result: Pairing, team_matches: dict | None = None) -> None:
    """Write a pairing as the round's tables (byes are tables without NS and number);
    ``team_matches``: a team event's team match number of each table number."""
    # Plain rows, not Table instances (tournament.core.bulk.insert_values): one statement.
    team_matches = team_matches or {}
    rows = [
        {
            "round_id": round_.pk,
            "number": t.number,
            "ew_id": t.ew,
            "ns_id": t.ns,
            "flags": sorted(t.flags),
            "bracket_id": t.bracket_id,
            "bracket_game": t.game,
            "team_match": team_matches.get(t.number),
            "state": Table.EMPTY,
        }
        for t in result.tables
    ]
    # Every row names the same columns; a bye has no bracket game: the model's defaults.
    no_bracket = {name: Table._meta.get_field(name).get_default() for name in _BRACKET}
    rows += [
        {
            "round_id": round_.pk,
            "number": None,
            "ew_id": b.entrant,
            "ns_id": None,
            "flags": sorted(b.flags),
            **no_bracket,
            "team_match": None,
            "state": Table.CONFIRMED,
        }
        for b in result.byes
    ]
    insert_values(Table, rows)


def _absences(round_: Round, by: Actor) -> None:
    # Imported here: check-in's module chain reaches the sheet readers (openpyxl, numpy),
    # a second of start-up that ``manage.py pair`` otherwise spends for nothing.
    from tournament.signup.checkin import apply_absences

    apply_absences(round_, by=by)


@transaction.atomic
def repair_round(round_: Round, *, seed: int | None = None, by: Actor) -> Round:
    """Throw away a draft pairing and pair the round again from scratch."""
    round_ = (
        Round.objects.select_for_update(of=("self",))
        .select_related("tournament", "stage")
        .get(pk=round_.pk)
    )
    if round_.status != Round.DRAFT:
        raise Refused(MSG_DRAFT_ONLY)
    tournament = round_.tournament
    index = tournament.round_set.filter(stage=round_.stage, number__lt=round_.number).count() + 1
    seed = seed if seed is not None else round_.seed + 1
    try:
        stage_pairing = compute_pairing(tournament, round_.stage, index, round_.number, seed)
    except PairingError as exc:
        raise Refused.of(exc) from None
    keep_stage_state(round_.stage, stage_pairing)
    result = stage_pairing.pairing
    round_.tables.all().delete()
    store_pairing(round_, result, stage_pairing.team_matches)
    _absences(round_, by)
    round_.seed = seed
    round_.version += 1
    round_.stale = False
    round_.save()
    log_action(
        tournament=tournament,
        by=by,
        action="round.repair",
        obj=round_,
        summary=Message(MSG_AUDIT_REPAIR, {"round": round_ref(round_), "seed": seed}),
    )
    public_changed(tournament)
    return round_


@transaction.atomic
def set_draw_number(pair: Pair | Team, number: int, *, by: Actor) -> None:
    """Give a pair (a team, in a team event) a chosen draw number (manual override); its
    holder gets the old one."""
    tournament = pair.tournament
    if tournament.round_set.exists():
        raise Refused(MSG_DRAW_NUMBER_STARTED)
    entries = type(pair).objects
    count = entries.filter(tournament=tournament).count()
    if not 1 <= number <= count:
        raise Refused(MSG_DRAW_NUMBER_RANGE, count=count)
    pair = entries.select_for_update().get(pk=pair.pk)
    holder = entries.select_for_update().filter(tournament=tournament, draw_number=number).first()
    old = pair.draw_number
    if holder is not None and holder.pk != pair.pk:
        # Through None first: the unique constraint must never see two pairs on one number.
        entries.filter(pk=holder.pk).update(draw_number=None)
        entries.filter(pk=pair.pk).update(draw_number=number)
        entries.filter(pk=holder.pk).update(draw_number=old)
    else:
        entries.filter(pk=pair.pk).update(draw_number=number)
    log_action(
        tournament=tournament,
        by=by,
        action="draw.override",
        obj=pair,
        summary=Message(MSG_AUDIT_DRAW_NUMBER, {"team": pair.name, "old": old, "new": number})
        if not holder or holder.pk == pair.pk
        else Message(
            MSG_AUDIT_DRAW_NUMBER_SWAP,
            {"team": pair.name, "old": old, "new": number, "holder": holder.name},
        ),
    )
    public_changed(tournament)
