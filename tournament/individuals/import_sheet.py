"""Importing an individual event's registration sheet: all rows, or nothing when any row is bad.

:func:`individuals_check` reads and checks a sheet (the preview); :func:`individuals_import`
checks it again inside its transaction (a player registered between the preview and the
confirmation is still caught) and saves every player with their own entry, as
:func:`tournament.individuals.registration.individual_register` makes one, in three inserts
(:func:`tournament.core.bulk.insert_all`): the own entries, the individuals naming them, the
entries' players naming the individuals; the new keys read back by the unique names.
"""

from __future__ import annotations

from django.db import transaction

from rules.messages import Message
from tournament.core.actors import Actor
from tournament.core.audit import log_action
from tournament.core.bulk import insert_all
from tournament.core.errors import Invalid
from tournament.core.identity import link_event
from tournament.core.stamps import public_changed
from tournament.individuals.registration import MSG_NOT_INDIVIDUAL_EVENT
from tournament.individuals.sheet_rows import (
    HEADERS,
    IndividualRow,
    IndividualSheetCheck,
    check_individual_sheet,
)
from tournament.models import Individual, Pair, Player, Tournament, Unit
from tournament.spreadsheets.table_file import read_table
from tournament.spreadsheets.uploads import upload_limits
from tournament.standings.selectors import next_round_number

MSG_AUDIT_IMPORT = "audit_individual_import"


def individuals_check(tournament: Tournament, data: bytes, filename: str) -> IndividualSheetCheck:
    """Read and check an individual sheet against the event's names (nothing saved)."""
    if not tournament.is_individual_event:
        raise Invalid(MSG_NOT_INDIVIDUAL_EVENT)
    table = read_table(data, filename, HEADERS["name"], upload_limits())
    names = list(Individual.objects.filter(tournament=tournament).values_list("name", flat=True))
    names += Pair.objects.filter(tournament=tournament).values_list("name", flat=True)
    numbers = Individual.objects.filter(tournament=tournament).exclude(member_no="")
    return check_individual_sheet(table, names, numbers.values_list("member_no", flat=True))


@transaction.atomic
def individuals_import(
    *, tournament: Tournament, data: bytes, filename: str, by: Actor, actor: str = ""
) -> IndividualSheetCheck:
    """Import an individual sheet: every player, or none when the check finds any problem
    (the check is returned either way)."""
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    check = individuals_check(tournament, data, filename)
    if not check.ok:
        return check
    units = {u.name: u.pk for u in Unit.objects.filter(tournament=tournament)}
    for name in check.units():
        if name not in units:
            units[name] = Unit.objects.create(tournament=tournament, name=name).pk
    joined = next_round_number(tournament)
    owns = _insert_owns(tournament, check.rows, units, joined)
    people = _insert_individuals(tournament, check.rows, units, joined, owns)
    insert_all(
        [
            Player(
                pair_id=owns[r.name],
                position=1,
                name=r.name,
                phone=r.phone,
                individual_id=people[r.name],
            ).with_pinyin()
            for r in check.rows
        ]
    )
    link_event(tournament)
    count = len(check.rows)
    log_action(
        tournament=tournament,
        by=by,
        action="individual.import",
        label=actor,
        summary=Message(MSG_AUDIT_IMPORT, {"file": filename, "count": count}),
        after={"count": count, "file": filename},
    )
    public_changed(tournament)
    return check


def _insert_owns(tournament, rows: list[IndividualRow], units, joined: int) -> dict[str, int]:
    """The new players' own entries (a pair of one player each); their keys by name."""
    insert_all(
        [
            Pair(
                tournament=tournament,
                name=r.name,
                unit_id=units.get(r.unit),
                seed=r.seed,
                joined_round=joined,
            ).with_pinyin()
            for r in rows
        ]
    )
    names = {r.name for r in rows}
    found = Pair.objects.filter(tournament=tournament).values_list("name", "pk")
    return {name: pk for name, pk in found if name in names}


def _insert_individuals(tournament, rows, units, joined: int, owns) -> dict[str, int]:
    """The new individuals, each naming their own entry; their keys by name."""
    insert_all(
        [
            Individual(
                tournament=tournament,
                name=r.name,
                unit_id=units.get(r.unit),
                phone=r.phone,
                member_no=r.member_no,
                seed=r.seed,
                joined_round=joined,
                own_id=owns[r.name],
            ).with_pinyin()
            for r in rows
        ]
    )
    names = {r.name for r in rows}
    found = Individual.objects.filter(tournament=tournament).values_list("name", "pk")
    return {name: pk for name, pk in found if name in names}
