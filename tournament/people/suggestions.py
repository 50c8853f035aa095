"""Suggested matches (疑似同一人): two active persons of one name and the same phone or the
same unit, for an organizer to confirm (docs/rules.md §18: never joined silently).

Read in two queries whatever the number of persons: the names held by more than one active
person, then those persons; pairs of two different 会员号 are left out (they cannot be merged).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from django.db.models import Count

from tournament.models import Person

LIMIT = 200  # pairs shown at once: merging them makes room for the next


@dataclass(frozen=True)
class Suggestion:
    a: Person
    b: Person
    same_phone: bool
    same_unit: bool


def active_persons():
    return Person.objects.filter(merged_into=None)


def _matches(a: Person, b: Person) -> Suggestion | None:
    if a.number and b.number and a.number != b.number:
        return None
    same_phone = bool(a.phone) and a.phone == b.phone
    same_unit = bool(a.unit) and a.unit == b.unit
    if not (same_phone or same_unit):
        return None
    return Suggestion(a, b, same_phone, same_unit)


def suggestions(limit: int = LIMIT) -> list[Suggestion]:
    """The suggested pairs, by name (pinyin) then by person, at most ``limit``."""
    names = (
        active_persons()
        .order_by()
        .values("name")
        .annotate(n=Count("pk"))
        .filter(n__gt=1)
        .values_list("name", flat=True)
    )
    by_name: dict[str, list[Person]] = {}
    for person in active_persons().filter(name__in=names).order_by("name_pinyin", "pk"):
        by_name.setdefault(person.name, []).append(person)
    found: list[Suggestion] = []
    seen: set[tuple[int, int]] = set()
    for group in by_name.values():
        # Only persons sharing a phone or a unit are compared: a name held by 2,000
        # persons of 2,000 clubs makes no pairs, not two million comparisons.
        buckets: dict[tuple[str, str], list[Person]] = {}
        for person in group:
            if person.phone:
                buckets.setdefault(("phone", person.phone), []).append(person)
            if person.unit:
                buckets.setdefault(("unit", person.unit), []).append(person)
        for bucket in buckets.values():
            for a, b in combinations(bucket, 2):
                match = None if (a.pk, b.pk) in seen else _matches(a, b)
                if match is None:
                    continue
                seen.add((a.pk, b.pk))
                found.append(match)
                if len(found) >= limit:
                    return found
    return found
