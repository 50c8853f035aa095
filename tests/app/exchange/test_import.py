"""Importing exchange files (tournament.exchange.importer): idempotent, a newer revision of
the same event replaces it (audited), an older one and a broken file change nothing."""

from __future__ import annotations

import copy

import pytest
from django.test import Client

from tournament.core.actors import user_actor
from tournament.core.stamps import bump_stamp
from tournament.exchange.checks import ExchangeError
from tournament.exchange.document import event_document
from tournament.exchange.importer import import_document
from tournament.models import AuditEntry, Person, Player, Round, Table, Tournament

pytestmark = pytest.mark.django_db


def _counts() -> dict:
    """What an import would change: the rows (by key, so a replacement shows) and counts."""
    return {
        "events": sorted(Tournament.objects.values_list("pk", "slug", "exchange_revision")),
        "audit": sorted(AuditEntry.objects.values_list("pk", flat=True)),
        "tables": sorted(Table.objects.values_list("pk", flat=True)),
        "persons": sorted(Person.objects.values_list("pk", flat=True)),
    }


def test_the_same_file_twice_changes_nothing(event, organizer):
    doc = event_document(event)
    first = import_document(doc, slug="copy", by=user_actor(organizer))
    assert first.status == "created"
    before = _counts()
    again = import_document(copy.deepcopy(doc), slug="copy", by=user_actor(organizer))
    assert again.status == "unchanged"
    assert again.tournament.pk == first.tournament.pk
    assert _counts() == before
    assert "没有变化" in again.message


def test_a_newer_file_replaces_the_event_and_says_so(event, organizer):
    old = event_document(event)
    made = import_document(old, slug="copy", by=user_actor(organizer)).tournament
    bump_stamp(event.pk)  # a change on the laptop: a newer revision
    new = event_document(event)
    assert new["revision"] == old["revision"] + 1
    outcome = import_document(new, slug="copy", by=user_actor(organizer))
    assert outcome.status == "replaced"
    assert outcome.previous_revision == old["revision"]
    t = outcome.tournament
    assert t.slug == "copy" and t.exchange_revision == new["revision"]
    assert not Tournament.objects.filter(pk=made.pk).exists()
    entry = AuditEntry.objects.get(tournament=t, action="exchange.replace")
    assert f"{old['revision']} → {new['revision']}" in entry.summary
    # ... and the older file is refused afterwards, with nothing written.
    before = _counts()
    with pytest.raises(ExchangeError, match="较旧"):
        import_document(old, slug="copy", by=user_actor(organizer))
    assert _counts() == before


def test_the_event_keeps_its_slug_and_a_slug_in_use_is_refused(event, organizer):
    doc = event_document(event)
    before = _counts()
    with pytest.raises(ExchangeError, match=event.slug):
        import_document(doc, by=user_actor(organizer))  # the laptop's own event is here
    assert _counts() == before
    other = copy.deepcopy(doc)
    other["event"]["uid"] = "00000000-0000-4000-8000-000000000001"
    import_document(other, slug="copy", by=user_actor(organizer))
    with pytest.raises(ExchangeError, match="copy"):
        import_document(doc, slug="copy", by=user_actor(organizer))  # another event's slug


@pytest.mark.parametrize(
    ("damage", "where"),
    [
        (lambda d: d["tables"][0].__setitem__("ew_level", 12), "/tables/0/ew_level"),
        (lambda d: d["players"][0].pop("name"), "/players/0"),
        (lambda d: d["tables"][0].__setitem__("ns", 999), "/tables/0/ns"),
        (lambda d: d["entries"]["pairs"][1].__setitem__("players", [1, 998]), "/players/1"),
        (lambda d: d["places"][0].__setitem__("points", 99), "/places/0"),
        (lambda d: d["rounds"][0].__setitem__("status", "published"), "/rounds/0/status"),
    ],
)
def test_a_broken_file_is_refused_saying_where_and_nothing_is_written(
    event, organizer, damage, where
):
    doc = event_document(event)
    damage(doc)
    before = _counts()
    with pytest.raises(ExchangeError) as err:
        import_document(doc, slug="copy", by=user_actor(organizer))
    assert where in str(err.value)
    assert _counts() == before
    assert not Tournament.objects.filter(slug="copy").exists()


def test_an_imported_event_is_public_with_locked_rounds(event, organizer):
    doc = event_document(event)
    t = import_document(doc, slug="copy", by=user_actor(organizer)).tournament
    assert set(Round.objects.filter(tournament=t).values_list("status", flat=True)) == {"locked"}
    assert t.exchange_uid == event.exchange_uid
    client = Client()
    page = client.get(f"/t/{t.slug}/standings/")
    assert page.status_code == 200
    first = Tournament.objects.get(pk=t.pk).pairs.order_by("pk").first()
    assert first.name in page.content.decode()
    assert client.get(f"/t/{t.slug}/").status_code == 200
    assert client.get(f"/t/{t.slug}/team/{first.pk}/").status_code == 200
    # Every player is a person (the identity rule ran).
    assert not t.pairs.filter(players__person=None).exists()


def test_a_replacement_keeps_the_persons_chosen_here(event, organizer):
    doc = event_document(event)
    t = import_document(doc, slug="copy", by=user_actor(organizer)).tournament
    seat = Player.objects.filter(pair__tournament=t).select_related("pair").order_by("pk")[0]
    chosen = Person.objects.create(name=seat.name)  # as an organizer's merge would leave it
    Player.objects.filter(pk=seat.pk).update(person=chosen)
    persons = Person.objects.count()
    bump_stamp(event.pk)
    t = import_document(event_document(event), slug="copy", by=user_actor(organizer)).tournament
    again = Player.objects.get(
        pair__tournament=t, pair__name=seat.pair.name, position=seat.position
    )
    assert again.person_id == chosen.pk
    assert Person.objects.count() == persons  # nothing made, nothing left over


def test_an_imported_event_exported_again_is_not_older(event, organizer):
    doc = event_document(event)
    for _ in range(3):
        bump_stamp(event.pk)
    doc = event_document(event)
    t = import_document(doc, slug="copy", by=user_actor(organizer)).tournament
    again = event_document(t)
    assert again["revision"] >= doc["revision"]
    assert again["event"]["uid"] == doc["event"]["uid"]
