"""Merging, unmerging and hiding players across events (docs/rules.md §18): the only writes
of the people pages, each audited as an act of no one event (``AuditEntry.tournament`` None).

Vocabulary
----------
kept, absorbed
    A merge joins two active persons (``merged_into`` None): the absorbed person's rows
    (a pair's players, a team's members, individuals, and the seats made from them) move to
    the kept one; the absorbed row stays, pointing at the kept one, so its old address
    leads there. :class:`~tournament.models.PersonMerge` records the rows moved and the
    会员号 handed over, and an unmerge moves exactly those back.

Two organizers confirming the same merge at once: the persons are locked
(``select_for_update``) and the absorbed one is taken over only while still active (a
conditional update), so the second is refused, never done twice.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from rules.messages import Message
from tournament.core.actors import Actor
from tournament.core.audit import log_action
from tournament.core.errors import Invalid, Refused, Stale
from tournament.core.stamps import public_changed
from tournament.models import Individual, Person, PersonMerge, Player, TeamMember, Tournament
from tournament.people.directory import tournament_ids
from tournament.text.messages.audit import (
    MSG_AUDIT_PERSON_HIDE,
    MSG_AUDIT_PERSON_MERGE,
    MSG_AUDIT_PERSON_SHOW,
    MSG_AUDIT_PERSON_UNMERGE,
)

MSG_MERGE_SELF = "person_merge_self"
MSG_MERGE_NUMBERS = "person_merge_numbers"
MSG_MERGED_ALREADY = "person_merged_already"
MSG_UNMERGE_DONE = "person_unmerge_done"
MSG_UNMERGE_KEPT_MERGED = "person_unmerge_kept_merged"
MSG_HIDDEN_SAME = "person_hidden_same"

# The rows a person owns, by the key PersonMerge.moved keeps their ids under.
ROWS = {"players": Player, "members": TeamMember, "individuals": Individual}


def _locked(*ids: int) -> dict[int, Person]:
    """The persons, locked for this transaction, in one order (no two merges deadlock)."""
    rows = Person.objects.select_for_update().filter(pk__in=ids).order_by("pk")
    return {p.pk: p for p in rows}


def _merge_params(kept: Person, absorbed: Person) -> dict:
    return {
        "kept": kept.name,
        "kept_id": kept.pk,
        "absorbed": absorbed.name,
        "absorbed_id": absorbed.pk,
    }


@transaction.atomic
def merge(kept: Person, absorbed: Person, by: Actor) -> PersonMerge:
    """Join ``absorbed`` into ``kept``; refused for one person, two different 会员号, or a
    person no longer active (merged meanwhile)."""
    if kept.pk == absorbed.pk:
        raise Invalid(MSG_MERGE_SELF)
    persons = _locked(kept.pk, absorbed.pk)
    kept, absorbed = persons[kept.pk], persons[absorbed.pk]
    for person in (kept, absorbed):
        if person.merged_into_id is not None:
            raise Stale(MSG_MERGED_ALREADY, name=person.name)
    if kept.number and absorbed.number and kept.number != absorbed.number:
        raise Refused(
            MSG_MERGE_NUMBERS, a=kept.name, na=kept.number, b=absorbed.name, nb=absorbed.number
        )
    moved: dict = {
        key: list(model.objects.filter(person=absorbed).order_by("pk").values_list("pk", flat=True))
        for key, model in ROWS.items()
    }
    for key, model in ROWS.items():
        model.objects.filter(pk__in=moved[key]).update(person=kept)
    filled = {}
    if not kept.number and absorbed.number:
        filled["number"] = absorbed.number
    if not kept.phone and absorbed.phone:
        filled["phone"] = absorbed.phone
    if not kept.unit and absorbed.unit:
        filled["unit"] = absorbed.unit
    moved["filled"] = filled
    taken = Person.objects.filter(pk=absorbed.pk, merged_into=None).update(
        merged_into=kept, number=None
    )
    if taken != 1:  # another merge won the race (a database without row locks)
        raise Stale(MSG_MERGED_ALREADY, name=absorbed.name)
    if filled:
        Person.objects.filter(pk=kept.pk).update(**filled)
    record = PersonMerge.objects.create(kept=kept, absorbed=absorbed, moved=moved, by=by.person)
    log_action(
        tournament=None,
        by=by,
        action="person.merge",
        obj=kept,
        summary=Message(MSG_AUDIT_PERSON_MERGE, _merge_params(kept, absorbed)),
        after={"merge": record.pk, **{k: len(v) for k, v in moved.items() if k in ROWS}},
    )
    return record


@transaction.atomic
def unmerge(record: PersonMerge, by: Actor) -> PersonMerge:
    """Undo a merge: the rows it moved that are still the kept person's go back to the
    absorbed one (rows linked to the kept person since stay), the 会员号 and phone it handed
    over go back, and the absorbed person is active again. Refused the second time."""
    record = PersonMerge.objects.select_for_update().get(pk=record.pk)
    if record.undone_at is not None:
        raise Stale(MSG_UNMERGE_DONE)
    persons = _locked(record.kept_id, record.absorbed_id)
    kept, absorbed = persons[record.kept_id], persons[record.absorbed_id]
    if kept.merged_into_id is not None:
        raise Refused(MSG_UNMERGE_KEPT_MERGED, name=kept.name)
    moved = record.moved or {}
    for key, model in ROWS.items():
        model.objects.filter(pk__in=moved.get(key, []), person=kept).update(person=absorbed)
    filled = moved.get("filled", {})
    given_back = {
        field: ("" if field != "number" else None)
        for field, value in filled.items()
        if getattr(kept, field) == value
    }
    if given_back:
        Person.objects.filter(pk=kept.pk).update(**given_back)
    Person.objects.filter(pk=absorbed.pk).update(
        merged_into=None, number=filled.get("number") if "number" in given_back else None
    )
    done = PersonMerge.objects.filter(pk=record.pk, undone_at=None).update(undone_at=timezone.now())
    if done != 1:
        raise Stale(MSG_UNMERGE_DONE)
    record.refresh_from_db()
    log_action(
        tournament=None,
        by=by,
        action="person.unmerge",
        obj=kept,
        summary=Message(MSG_AUDIT_PERSON_UNMERGE, _merge_params(kept, absorbed)),
        after={"merge": record.pk},
    )
    return record


@transaction.atomic
def set_hidden(person: Person, hidden: bool, by: Actor) -> Person:
    """Hide a person from the public pages (不在公开页面显示), or show them again."""
    person = _locked(person.pk)[person.pk]
    if person.hidden == hidden:
        raise Stale(MSG_HIDDEN_SAME)
    Person.objects.filter(pk=person.pk).update(hidden=hidden)
    # The events' public pages name a hidden player 不公开 (tournament.core.hidden_people).
    for tournament in Tournament.objects.filter(pk__in=tournament_ids([person.pk])[person.pk]):
        public_changed(tournament)
    log_action(
        tournament=None,
        by=by,
        action="person.hidden",
        obj=person,
        summary=Message(
            MSG_AUDIT_PERSON_HIDE if hidden else MSG_AUDIT_PERSON_SHOW,
            {"name": person.name, "id": person.pk},
        ),
        before={"hidden": person.hidden},
        after={"hidden": hidden},
    )
    person.hidden = hidden
    return person
