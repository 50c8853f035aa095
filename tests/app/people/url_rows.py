"""The people pages' rows of the role × URL table (tests/app/test_url_table.py): their
organizers' pages (any account that may create events) and the public player page. The
posts are refused (a merge without its persons, an unmerge already undone, a hidden flag
without its value): the role check let them through."""

from __future__ import annotations

from django.utils import timezone

from tournament.models import Person, PersonMerge


def people_rows(Row) -> dict:  # noqa: N803 - the table's own Row class, passed in
    none = lambda w: []  # noqa: E731
    post = {"method": "post", "allowed": 302}
    return {
        **{f"people_{n}": Row("organizer", args=none) for n in ("list", "suggestions")},
        **{f"people_{n}": Row("organizer", args=none) for n in ("merges", "audit")},
        "person_detail": Row("organizer", args=lambda w: [w.person]),
        "person_merge": Row("organizer", args=none, **post),
        "person_unmerge": Row("organizer", args=lambda w: [w.merge], **post),
        "person_hidden": Row("organizer", args=lambda w: [w.person], **post),
        "player_page": Row("anonymous", args=lambda w: [w.person]),
    }


def people_world() -> dict:
    """A person and an undone merge of a namesake into them: ``person`` and ``merge`` ids."""
    person = Person.objects.create(name="张三", unit="扬州")
    namesake = Person.objects.create(name="张三", unit="扬州")
    merge = PersonMerge.objects.create(kept=person, absorbed=namesake, undone_at=timezone.now())
    return {"person": person.pk, "merge": merge.pk}
