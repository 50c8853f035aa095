"""The players' standings of an individual event, read from the tables.

Each table is between two partnerships; a bye row of an individual's own entry is a
sit-out. A player marked absent from a round (检录: an absence of their own entry) whose
side's forfeit the referee entered is the absent player of docs/rules.md §17.4: they lose
by forfeit and the three present win; without an absence the side's forfeit is the side's
(both lose).
"""

from __future__ import annotations

from dataclasses import replace

from scoring import IndividualRecord, IndividualRules, individual_standings
from scoring.individual_ranking import IndividualStandingRow
from tournament.individuals.partnerships import individuals_of_pairs
from tournament.models import Absence, Individual, Table, Tournament
from tournament.standings.selectors import (
    COUNTED_STATES,
    RECORD_FIELDS,
    counted_rounds,
    score_options,
    table_record,
)


def individual_rules(tournament: Tournament) -> IndividualRules:
    return IndividualRules(
        system=tournament.scoring,
        tiebreaks=tuple(tournament.individual_tiebreaks),
        bye_policy=tournament.bye_policy,
        lot_seed=tournament.lot_seed,
        options=score_options(tournament),
    )


def absent_players(tournament: Tournament) -> set[tuple[int, int]]:
    """(round number, individual id) of every absence marked."""
    rows = Absence.objects.filter(pair__tournament=tournament, pair__individual__isnull=False)
    return set(rows.values_list("round_number", "pair__individual__pk"))


def individual_records(tournament: Tournament, *, public: bool = False) -> list[IndividualRecord]:
    """A record per counted table and per sit-out."""
    numbers = set(counted_rounds(tournament, public=public))
    people = individuals_of_pairs(tournament)
    absent = absent_players(tournament)
    rows = Table.objects.filter(round__tournament=tournament, round__number__in=numbers)
    records = []
    for row in rows.order_by("round__number", "number", "pk").values(*RECORD_FIELDS):
        number = row["round__number"]
        if row["ns_id"] is None:
            records.append(IndividualRecord.sit_out(number, people[row["ew_id"]][0]))
            continue
        if row["state"] not in COUNTED_STATES:
            continue
        base = table_record(number, row)
        ew, ns = people[row["ew_id"]], people[row["ns_id"]]
        gone = tuple(p for p in (*ew, *ns) if (number, p) in absent)
        if gone and base.forfeit:
            records.append(IndividualRecord(number, ew=ew, ns=ns, absent=gone))
            continue
        records.append(
            IndividualRecord(
                number,
                ew=ew,
                ns=ns,
                ew_level=base.ew_level,
                ns_level=base.ns_level,
                forfeit=base.forfeit,
                defeat=base.defeat,
                ew_fouls=base.ew_fouls,
                ns_fouls=base.ns_fouls,
                pass_upgrade=base.pass_upgrade,
            )
        )
    return records


def lot_keys(tournament: Tournament) -> dict[int, tuple[str, int]]:
    """Individual id → the key the standings know the player by, and so draw their lot with
    (:func:`scoring.metrics.lot_number`): the draw number (抽签号) once drawn, so a lot
    stays the same in a copy of the event read from its archive (new ids there); the id
    before a draw."""
    rows = Individual.objects.filter(tournament=tournament).values_list("pk", "draw_number")
    return {pk: ("id", pk) if number is None else ("draw", number) for pk, number in rows}


def _keyed(record: IndividualRecord, keys: dict) -> IndividualRecord:
    return replace(
        record,
        ew=tuple(keys[p] for p in record.ew),
        ns=None if record.ns is None else tuple(keys[p] for p in record.ns),
        absent=tuple(keys[p] for p in record.absent),
    )


def individual_standings_for(
    tournament: Tournament, *, after_round: int | None = None, public: bool = False
) -> list[IndividualStandingRow]:
    """The players' standings after ``after_round`` (default: every counted round); each
    row's ``player`` is the individual's id."""
    keys = lot_keys(tournament)
    ids = {key: pk for pk, key in keys.items()}
    rows = individual_standings(
        [_keyed(r, keys) for r in individual_records(tournament, public=public)],
        individual_rules(tournament),
        players=list(keys.values()),
        after_round=after_round,
    )
    return [replace(row, player=ids[row.player]) for row in rows]
