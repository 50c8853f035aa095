"""Replacing an imported event by a newer file of it: the old copy deleted, and the
persons its players were linked to kept for the same players of the new copy (an
organizer's merge on this server survives a newer file; docs/exchange.md, "Import")."""

from __future__ import annotations

from django.db import models
from django.db.models import Max

from tournament.models import (
    Individual,
    Pair,
    Person,
    Player,
    Round,
    Table,
    Team,
    TeamMember,
    Tournament,
    Unit,
)

# The registration rows that carry a person: their path to the event and the fields that
# find the same row in the new copy (its entry's name and place, the player's own fields).
PERSON_ROWS: tuple[tuple[type[models.Model], str, tuple[str, ...]], ...] = (
    (Player, "pair__tournament", ("pair__name", "position")),
    (TeamMember, "team__tournament", ("team__name", "number")),
    (Individual, "tournament", ()),
)
KEY_FIELDS = ("name", "phone", "member_no")


def persons_of(t: Tournament) -> dict:
    """Row key → person, for every row of ``t`` linked to a person and alone with its key
    (a key two rows share with different persons is left out)."""
    found: dict = {}
    for model, path, place in PERSON_ROWS:
        rows = model.objects.filter(**{path: t}).exclude(person=None)
        for *key, person in rows.values_list(*place, *KEY_FIELDS, "person_id"):
            k = (model, *key)
            found[k] = person if found.get(k, person) == person else None
    return {k: v for k, v in found.items() if v is not None}


def relink(t: Tournament, persons: dict, *, newer_than: int) -> None:
    """Give the rows of ``t`` the persons the old copy's same rows had (over the identity
    rule's choice: an organizer may have merged them here), and delete the persons made
    for the new copy (key above ``newer_than``) that no row has any more."""
    if not persons:
        return
    for model, path, place in PERSON_ROWS:
        rows = model.objects.filter(**{path: t})
        for pk, person_id, *key in rows.values_list("pk", "person_id", *place, *KEY_FIELDS):
            person = persons.get((model, *key))
            if person is not None and person != person_id:
                model.objects.filter(pk=pk).update(person=person)
    unused = Person.objects.filter(
        pk__gt=newer_than, seats=None, team_members=None, individuals=None
    )
    unused.delete()


def last_person() -> int:
    return Person.objects.aggregate(last=Max("pk"))["last"] or 0


def delete_event(pk: int) -> None:
    """Delete an event and its rows, in the order its protected references allow."""
    Table.objects.filter(round__tournament_id=pk).delete()
    Round.objects.filter(tournament_id=pk).delete()
    Individual.objects.filter(tournament_id=pk).delete()
    Pair.objects.filter(tournament_id=pk).delete()
    Team.objects.filter(tournament_id=pk).delete()
    Unit.objects.filter(tournament_id=pk).delete()
    Tournament.objects.filter(pk=pk).delete()
