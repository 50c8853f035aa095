"""Pairing a round of an individual event (docs/rules.md §17.2, §17.3): the individual
Swiss or a fixed movement, stored as tables between partnerships and a bye row of each
player sitting out (their own entry). Read only but for the partnerships it makes (new
pairs, in the round's transaction); :func:`tournament.rounds.pairing.pair_next_round`
stores the answer.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from pairing import Bye, Pairing, pair_individuals
from pairing.individual_movement import individual_movement
from pairing.result import Table as PairedTable
from tournament.core.errors import Refused
from tournament.individuals.partnerships import individuals_of_pairs, partnerships
from tournament.individuals.standings import individual_standings_for
from tournament.models import Individual, Pair, Stage, Table, Tournament

MSG_FORMAT = "opt_individual_format"
MSG_MOVEMENT_SIZE = "individual_movement_size"


@dataclass(frozen=True)
class IndividualPairing:
    """A round as its tables and byes (pair ids) and what its stage fixes (``state``)."""

    pairing: Pairing
    state: dict | None = None


def active_individuals(tournament: Tournament, round_number: int) -> list[Individual]:
    """The players of ``round_number`` in draw order (then seed, then name)."""
    people = (
        Individual.objects.filter(
            tournament=tournament, status=Pair.ACTIVE, joined_round__lte=round_number
        )
        .select_related("unit")
        .only("pk", "draw_number", "seed", "name_pinyin", "own_id", "unit__name")
    )
    return sorted(people, key=Individual.draw_key)


def history(tournament: Tournament, before_round: int, people: dict | None = None):
    """Partners, opponents (pairs of individual ids) and sit-out counts so far; ``people``:
    :func:`individuals_of_pairs`, when read already."""
    people = individuals_of_pairs(tournament) if people is None else people
    rows = Table.objects.filter(round__tournament=tournament, round__number__lt=before_round)
    partners, opponents, sit_outs = [], [], Counter()
    for ew, ns in rows.values_list("ew_id", "ns_id"):
        if ns is None:
            sit_outs[people[ew][0]] += 1
            continue
        a, b = people[ew], people[ns]
        partners += [a, b]
        opponents += [(x, y) for x in a for y in b]
    return partners, opponents, sit_outs


def individual_round(
    tournament: Tournament, stage: Stage, index: int, number: int, seed: int
) -> IndividualPairing:
    """Round ``number`` (the ``index``-th of ``stage``) of an individual event."""
    players = active_individuals(tournament, number)
    if stage.kind == "swiss":
        return _swiss(tournament, players, number, seed)
    if stage.kind == "movement":
        return _movement(tournament, stage, index, players)
    raise Refused(MSG_FORMAT)


def _swiss(tournament, players, number, seed) -> IndividualPairing:
    if number > 1:
        order = {row.player: i for i, row in enumerate(individual_standings_for(tournament))}
        players = sorted(players, key=lambda p: (order.get(p.pk, len(order)), p.draw_number or 0))
    people = individuals_of_pairs(tournament)  # read once: the history and the partnerships
    partners, opponents, sit_outs = history(tournament, number, people)
    result = pair_individuals(
        [p.pk for p in players],
        partners=partners,
        opponents=opponents,
        units={p.pk: p.unit.name if p.unit_id else None for p in players},
        sit_outs=sit_outs,
        avoid_same_unit=tournament.avoid_same_unit,
        seating=tournament.seating,
        seed=seed,
    )
    tables = _as_pairing(tournament, result.tables, result.sitting_out, players, people)
    return IndividualPairing(tables)


def _movement(tournament, stage, index, players) -> IndividualPairing:
    """The movement's round ``index`` with the players in the draw order fixed at the
    stage's first round (``Stage.state["order"]``)."""
    state = stage.state
    if index == 1 or "order" not in state:
        state = {**state, "order": [p.pk for p in players]}
    order = state["order"]
    if len(order) not in (8, 12, 16):
        raise Refused(MSG_MOVEMENT_SIZE, n=len(order))
    schedule = individual_movement(len(order), stage.rounds)
    seat = {n: pk for n, pk in enumerate(order, start=1)}
    tables = [_seated(t, seat) for t in schedule[index - 1]]  # the movement numbers its players 1…n
    return IndividualPairing(_as_pairing(tournament, tables, (), players), state)


def _seated(table, seat):
    return type(table)(
        table.number,
        (seat[table.ew[0]], seat[table.ew[1]]),
        (seat[table.ns[0]], seat[table.ns[1]]),
        table.flags,
    )


def _as_pairing(tournament, tables, sitting_out, players, people=None) -> Pairing:
    """Tables between partnerships (made when new) and a bye row per player sitting out."""
    pairs = partnerships(tournament, [side for t in tables for side in (t.ew, t.ns)], people)
    own = {p.pk: p.own_id for p in players}
    paired = tuple(
        PairedTable(t.number, pairs[frozenset(t.ew)], pairs[frozenset(t.ns)], t.flags)
        for t in tables
    )
    return Pairing(tables=paired, byes=tuple(Bye(own[p]) for p in sitting_out))
