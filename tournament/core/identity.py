"""Who a registered player is across events: the one rule linking an event's rows to persons.

docs/rules.md §18. A row (a pair's player, a team's member, an individual) is linked to a
:class:`~tournament.models.Person` by:

1. its 会员号 (``member_no``): the person with that number; else the person of the same
   name and phone who has no number yet (who takes it); else a new person with it;
2. without a 会员号, its name and phone (digits only, both present): the person of that
   name and phone; else a new person;
3. with neither a 会员号 nor a phone: a new person. Same-name players are then only
   *suggested* to an organizer (tournament.people.suggestions), never joined silently:
   two 王伟 of one club may well be two people.

Rows made from others take their source's person: a team pair's player its roster
member's, an individual's partnership seat the individual's. :func:`link_event` is the
one place that links; every registration path calls it after its write, and the
exchange import calls it for an imported event.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from tournament.core.bulk import insert_values, update_column
from tournament.core.prepared import Prepared
from tournament.models import Individual, Person, Player, TeamMember, Tournament

_NOT_DIGIT = re.compile(r"\D")


def phone_key(phone: str | None) -> str:
    """The phone as the identity compares it: digits only, without China's +86."""
    digits = _NOT_DIGIT.sub("", phone or "")
    if len(digits) == 13 and digits.startswith("86"):
        digits = digits[2:]
    return digits


def member_key(number: str | None) -> str:
    """A 会员号 as stored: trimmed, full-width digits and letters made half-width, upper case."""
    text = (number or "").strip()
    text = "".join(chr(ord(c) - 0xFEE0) if "！" <= c <= "～" else c for c in text)
    return text.upper()


@dataclass(frozen=True)
class Identity:
    """What a registration row says about its player."""

    name: str
    phone: str = ""
    number: str = ""
    unit: str = ""


class _Resolver:
    """Resolves identities in bulk: candidates read once, new persons inserted at once."""

    def __init__(self, identities: list[Identity]) -> None:
        numbers = {i.number for i in identities if i.number}
        names = {i.name for i in identities}
        self.by_number: dict[str, Person] = {}
        self.by_name_phone: dict[tuple[str, str], Person] = {}
        # Read in chunks: SQLite takes at most 32,766 parameters in one statement.
        for chunk in _chunks(sorted(numbers)):
            for person in Person.objects.filter(number__in=chunk).select_related("merged_into"):
                self._know(_current(person))
        for chunk in _chunks(sorted(names)):
            found = Person.objects.filter(name__in=chunk).select_related("merged_into")
            for person in found.order_by("pk"):
                self._know(_current(person))
        self.new: list[Person] = []

    def _know(self, person: Person) -> None:
        if person.number:
            self.by_number.setdefault(person.number, person)
        if person.phone:
            self.by_name_phone.setdefault((person.name, person.phone), person)

    def person(self, identity: Identity) -> Person:
        key = (identity.name, identity.phone)
        if identity.number:
            found = self.by_number.get(identity.number)
            if found is None and identity.phone:
                found = self.by_name_phone.get(key)
                if found is not None and found.number:
                    found = None  # the same name and phone under another 会员号: two people
                if found is not None:
                    found.number = identity.number
                    if found.pk:
                        Person.objects.filter(pk=found.pk).update(number=identity.number)
                    self._know(found)
            if found is not None:
                return found
        elif identity.phone:
            found = self.by_name_phone.get(key)
            if found is not None:
                return found
        person = Person(
            number=identity.number or None,
            name=identity.name,
            phone=identity.phone,
            unit=identity.unit,
        ).with_pinyin()
        self.new.append(person)
        if identity.number or identity.phone:
            self._know(person)
        return person

    def save_new(self) -> None:
        """Insert the new persons in one statement and read their keys back: the rows of
        this insert carry one creation stamp, in insertion (key) order."""
        if not self.new:
            return
        stamp = timezone.now()
        fields = ("number", "name", "name_pinyin", "phone", "unit", "hidden", "merged_into_id")
        insert_values(
            Person,
            [{f: getattr(p, f) for f in fields} | {"created_at": stamp} for p in self.new],
        )
        keys = Person.objects.filter(created_at=stamp).order_by("pk").values_list("pk", flat=True)
        for person, pk in zip(self.new, keys, strict=True):
            person.pk = person.id = pk


def same_identity(row, identity: tuple[str, str, str]) -> bool:
    """Whether a row's name, phone and 会员号 still say what they said when it was linked:
    an edit that changes one unlinks the row, and :func:`link_event` links it again."""
    name, phone, number = identity
    return (
        row.name == name
        and phone_key(row.phone) == phone_key(phone)
        and member_key(row.member_no) == member_key(number)
    )


def _chunks(values: list[str], size: int = 10_000):
    for start in range(0, len(values), size):
        yield values[start : start + size]


def _current(person: Person) -> Person:
    """The person a merged one now lives in (merges may chain)."""
    while person.merged_into_id is not None:
        person = person.merged_into or Person.objects.get(pk=person.merged_into_id)
    return person


def _identity(row, unit: str) -> Identity:
    return Identity(
        name=row.name, phone=phone_key(row.phone), number=member_key(row.member_no), unit=unit
    )


def _unit_name(entry) -> str:
    return entry.unit.name if entry and entry.unit_id else ""


# The event's rows not linked yet, compiled once (every registration of every path reads
# them: their joins' compiling was most of a registration's work). Unordered: which row is
# linked first changes nothing, as rows of one identity get one person.
_UNLINKED_INDIVIDUALS = Prepared(
    lambda t: Individual.objects.filter(tournament=t, person=None).select_related("unit"), int
)
_UNLINKED_MEMBERS = Prepared(
    lambda t: TeamMember.objects.filter(team__tournament=t, person=None).select_related(
        "team__unit"
    ),
    int,
)
_UNLINKED_PLAYERS = Prepared(
    lambda t: Player.objects.filter(pair__tournament=t, person=None).select_related(
        "pair__unit", "member", "individual"
    ),
    int,
)


@transaction.atomic
def link_event(tournament: Tournament) -> int:
    """Link every row of the event not yet linked to its person; return how many were linked.

    Statements do not grow with the field: the candidates are read in one query, new
    persons inserted in one, and each kind of row updated in one bulk update.
    """
    individuals = _UNLINKED_INDIVIDUALS.all(tournament.pk)
    members = _UNLINKED_MEMBERS.all(tournament.pk)
    players = _UNLINKED_PLAYERS.all(tournament.pk)
    own = [p for p in players if p.member_id is None and p.individual_id is None]
    pending = (
        [(i, _identity(i, _unit_name(i))) for i in individuals]
        + [(m, _identity(m, _unit_name(m.team))) for m in members]
        + [(p, _identity(p, _unit_name(p.pair))) for p in own]
    )
    if not pending and len(own) == len(players):
        return 0
    resolver = _Resolver([identity for _, identity in pending])
    chosen = [(row, resolver.person(identity)) for row, identity in pending]
    resolver.save_new()
    for row, person in chosen:
        row.person = person
    for model, rows in ((Individual, individuals), (TeamMember, members)):
        update_column(model, "person_id", {row.pk: row.person_id for row in rows})
    _derive(players, individuals, members)
    update_column(Player, "person_id", {p.pk: p.person_id for p in players})
    return len(individuals) + len(members) + len(players)


def _derive(players: list[Player], individuals, members) -> None:
    """Seats made from a member or an individual take that row's person."""
    source = {("i", i.pk): i.person_id for i in individuals}
    source.update({("m", m.pk): m.person_id for m in members})
    for player in players:
        if player.member_id is not None:
            player.person_id = source.get(("m", player.member_id)) or player.member.person_id
        elif player.individual_id is not None:
            player.person_id = (
                source.get(("i", player.individual_id)) or player.individual.person_id
            )
