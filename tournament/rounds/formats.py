"""Which generator pairs a round: the one place that knows the formats (Swiss, rotation
groups, round robin, knockout) and asks the :mod:`pairing` package for the round.

Computing never writes. A generator returns the pairing and what the stage fixes once
(``Stage.state``: the rotation groups, a round robin's order, the knockout bracket; a round
robin's number of rounds): :func:`tournament.rounds.pairing.pair_next_round` and
``repair_round`` save it with the round, under the tournament's lock.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pairing import Entrant, Pairing, pair_round_one, pair_swiss
from pairing.bracket import Bracket, knockout_bracket
from pairing.groups import pair_rotation_round, rotation_groups
from pairing.knockout import is_finished, next_games
from pairing.result import Bye
from pairing.roundrobin import pair_round_robin_round, round_robin_rounds
from tournament.core.errors import Refused
from tournament.events.stages import (
    MSG_KNOCKOUT_OVER,
    MSG_KNOCKOUT_WAITING,
    MSG_STAGE_KIND,
    games_played,
    previous_stage,
    qualifiers,
    settled_bracket,
)
from tournament.models import Pair, Stage, Tournament
from tournament.registration.forbidden_pairings import forbidden_pairs


@dataclass(frozen=True)
class StagePairing:
    """A round's pairing and what its stage fixes with it (None: nothing new)."""

    pairing: Pairing
    state: dict | None = None  # the stage's new ``Stage.state``
    rounds: int | None = None  # a round robin's rounds, fixed by its size
    # A team event's tables: table number → its team match's number in the round.
    team_matches: dict[int, int] | None = None


def compute_pairing(
    tournament: Tournament, stage: Stage, index: int, field: list[Entrant], seed: int
) -> StagePairing:
    """Round ``index`` of ``stage`` for the pairs of ``field`` (the active pairs, ranked)."""
    generator = GENERATORS.get(stage.kind)
    if generator is None:
        raise Refused(MSG_STAGE_KIND)
    return generator(tournament, stage, index, field, seed)


def swiss_round(tournament: Tournament, stage: Stage, index: int, field: list, seed: int):
    """A Swiss round: by draw number first, by the standings after (a stage with a
    qualification pairs its qualifiers only)."""
    if stage.qualify:
        chosen = set(qualifiers(tournament, stage))
        field = [e for e in field if e.id in chosen]
    options = {
        "avoid_same_unit": tournament.avoid_same_unit,
        "seating": tournament.seating,
        "forbidden": forbidden_pairs(tournament),
    }
    if index == 1 and stage.order == 1:
        return StagePairing(pair_round_one(field, **options))
    return StagePairing(pair_swiss(field, seed=seed, **options))


def rotation_round(tournament: Tournament, stage: Stage, index: int, field: list, _seed: int):
    """Groups are formed once, at the stage's first round, and kept in ``Stage.state``."""
    state = stage.state
    if index == 1 or "groups" not in state:
        order = qualifiers(tournament, stage)
        method = "serpentine" if previous_stage(stage) is not None else "draw"
        state = {**state, "groups": rotation_groups(order, method=method), "method": method}
    pairing = pair_rotation_round(state["groups"], index, seating=tournament.seating)
    return StagePairing(without_withdrawn(pairing, field), state)


def round_robin_round(tournament: Tournament, stage: Stage, index: int, field: list, _seed: int):
    """Berger tables over the stage's pairs, fixed at its first round (``Stage.state``:
    one group in seed order); the stage then has as many rounds as the size needs."""
    state, rounds = stage.state, None
    if index == 1 or "groups" not in state:
        order = qualifiers(tournament, stage)
        state, rounds = {**state, "groups": [order]}, round_robin_rounds(len(order))
    pairing = pair_round_robin_round(state["groups"][0], index, tournament.seating)
    return StagePairing(without_withdrawn(pairing, field), state, rounds)


def knockout_round(tournament: Tournament, stage: Stage, _index: int, _field: list, _seed: int):
    """The next games of the bracket: every ready match, one more game for undecided ones.
    The bracket is made at the stage's first round, then moved on by the results."""
    if "bracket" in stage.state:
        stored = Bracket.from_dict(stage.state["bracket"])
    else:
        order = qualifiers(tournament, stage)
        units = dict(Pair.objects.filter(pk__in=order).values_list("pk", "unit__name"))
        avoid = tournament.avoid_same_unit != "off"
        stored = knockout_bracket(order, units=units if avoid else None, third_place=True)
    bracket = settled_bracket(tournament, stage, stored)
    pairing = next_games(bracket, games_played(stage))
    if pairing is None:
        raise Refused(MSG_KNOCKOUT_OVER if is_finished(bracket) else MSG_KNOCKOUT_WAITING)
    return StagePairing(pairing, {**stage.state, "bracket": bracket.to_dict()})


def without_withdrawn(pairing, field: list):
    """A pair that withdrew since the groups were made leaves its opponent a bye."""
    active = {e.id for e in field}
    tables, byes = [], [b for b in pairing.byes if b.entrant in active]
    for t in pairing.tables:
        if t.ew in active and t.ns in active:
            tables.append(t)
        else:
            byes += [Bye(x) for x in (t.ew, t.ns) if x in active]
    return Pairing(tables=tuple(tables), byes=tuple(byes))


GENERATORS: dict[str, Callable[..., StagePairing]] = {
    "swiss": swiss_round,
    "rotation": rotation_round,
    "round_robin": round_robin_round,
    "knockout": knockout_round,
}
