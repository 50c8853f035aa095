"""Replacing an imported event by a newer file of it: the old copy deleted, and the
persons its players were linked to kept for the same players of the new copy (an
organizer's merge on this server survives a newer file; docs/exchange.md, "Import")."""

from __future__ import annotations

from django.db import models

from tournament.models import (
    Individual,
    Pair,
    Player,
    Round,
    Table,
    Team,
    TeamMember,
    Tournament,
    Unit,
)

# The registration rows that carry a person, and their path to the event.
PERSON_ROWS: tuple[tuple[type[models.Model], str], ...] = (
    (Player, "pair__tournament"),
    (TeamMember, "team__tournament"),
    (Individual, "tournament"),
)
KEY_FIELDS = ("name", "phone", "member_no")


def persons_of(t: Tournament) -> dict:
    """(model, name, phone, 会员号) → person, for every row of ``t`` linked to a person and
    alone with its key (a key two rows share with different persons is left out)."""
    found: dict = {}
    for model, path in PERSON_ROWS:
        rows = model.objects.filter(**{path: t}).exclude(person=None)
        for *key, person in rows.values_list(*KEY_FIELDS, "person_id"):
            k = (model, *key)
            found[k] = person if found.get(k, person) == person else None
    return {k: v for k, v in found.items() if v is not None}


def relink(t: Tournament, persons: dict) -> None:
    """Give the rows of ``t`` the persons the old copy's same rows had."""
    for model, path in PERSON_ROWS:
        rows = model.objects.filter(**{path: t}, person=None)
        for pk, *key in rows.values_list("pk", *KEY_FIELDS):
            person = persons.get((model, *key))
            if person is not None:
                model.objects.filter(pk=pk).update(person=person)


def delete_event(pk: int) -> None:
    """Delete an event and its rows, in the order its protected references allow."""
    Table.objects.filter(round__tournament_id=pk).delete()
    Round.objects.filter(tournament_id=pk).delete()
    Individual.objects.filter(tournament_id=pk).delete()
    Pair.objects.filter(tournament_id=pk).delete()
    Team.objects.filter(tournament_id=pk).delete()
    Unit.objects.filter(tournament_id=pk).delete()
    Tournament.objects.filter(pk=pk).delete()
