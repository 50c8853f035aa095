"""Merging and unmerging persons (tournament.people.services): rows moved and moved back
exactly, refusals, a second merge or unmerge refused, every act audited with no event."""

from __future__ import annotations

import pytest

from tests.app.people.people_world import team_events, twins
from tournament.core.actors import user_actor
from tournament.core.errors import Invalid, Refused, Stale
from tournament.models import AuditEntry, Person, PersonMerge, Player, TeamMember
from tournament.people.directory import tournament_ids
from tournament.people.services import merge, set_hidden, unmerge
from tournament.people.suggestions import suggestions

pytestmark = pytest.mark.django_db


@pytest.fixture
def events(organizer):
    return team_events(organizer)


def rows_of(person):
    return (
        set(Player.objects.filter(person=person).values_list("pk", flat=True)),
        set(TeamMember.objects.filter(person=person).values_list("pk", flat=True)),
    )


def test_merge_moves_rows_and_unmerge_moves_exactly_them_back(events, organizer):
    by = user_actor(organizer)
    kept, absorbed = twins()
    Person.objects.filter(pk=absorbed.pk).update(number="JS9", phone="13900000001")
    absorbed.refresh_from_db()
    before_kept, before_absorbed = rows_of(kept), rows_of(absorbed)
    assert before_absorbed[0] and before_absorbed[1]
    record = merge(kept, absorbed, by)
    kept.refresh_from_db()
    absorbed.refresh_from_db()
    assert absorbed.merged_into_id == kept.pk and absorbed.number is None
    assert (kept.number, kept.phone) == ("JS9", "13900000001")
    assert rows_of(absorbed) == (set(), set())
    assert rows_of(kept)[1] == before_kept[1] | before_absorbed[1]
    assert len(tournament_ids([kept.pk])[kept.pk]) == 2
    assert sorted(record.moved["members"]) == sorted(before_absorbed[1])
    # A row linked to the kept person after the merge stays with them.
    later = TeamMember.objects.filter(name="苏州0号2").first()
    TeamMember.objects.filter(pk=later.pk).update(person=kept)
    unmerge(record, by)
    kept.refresh_from_db()
    absorbed.refresh_from_db()
    assert absorbed.merged_into_id is None and absorbed.number == "JS9"
    assert kept.number is None and kept.phone == ""
    assert rows_of(absorbed) == before_absorbed
    assert rows_of(kept) == (before_kept[0], before_kept[1] | {later.pk})
    record.refresh_from_db()
    assert record.undone_at is not None
    with pytest.raises(Stale):
        unmerge(record, by)
    actions = list(
        AuditEntry.objects.filter(tournament=None).order_by("pk").values_list("action", flat=True)
    )
    assert actions == ["person.merge", "person.unmerge"]


def test_a_second_merge_of_the_same_persons_is_refused_not_doubled(events, organizer):
    by = user_actor(organizer)
    kept, absorbed = twins()
    merge(kept, absorbed, by)
    with pytest.raises(Stale):
        merge(kept, absorbed, by)  # the page of the other organizer, loaded before
    with pytest.raises(Stale):
        merge(absorbed, kept, by)
    assert PersonMerge.objects.count() == 1
    assert AuditEntry.objects.filter(action="person.merge").count() == 1


def test_refusals(events, organizer):
    by = user_actor(organizer)
    a, b = twins()
    with pytest.raises(Invalid):
        merge(a, a, by)
    Person.objects.filter(pk=a.pk).update(number="JS1")
    Person.objects.filter(pk=b.pk).update(number="JS2")
    a.refresh_from_db()
    with pytest.raises(Refused) as refused:
        merge(a, b, by)
    assert "会员号" in str(refused.value) and "JS1" in str(refused.value)
    assert PersonMerge.objects.count() == 0
    # Different numbers: no suggestion either (it could not be merged).
    assert (a.pk, b.pk) not in {(s.a.pk, s.b.pk) for s in suggestions()}


def test_an_unmerge_waits_for_a_later_merge_of_the_kept_person(events, organizer):
    by = user_actor(organizer)
    a, b = twins()
    first = merge(a, b, by)
    other = Person.objects.create(name="苏州0号1", unit=a.unit)
    merge(other, a, by)
    with pytest.raises(Refused):
        unmerge(first, by)


def test_suggestions_pair_same_name_and_unit(events, organizer):
    a, b = twins()
    pairs = {(s.a.pk, s.b.pk) for s in suggestions()}
    assert (a.pk, b.pk) in pairs
    assert len(pairs) == TeamMember.objects.filter(team__tournament__slug="ta").count()
    merge(a, b, user_actor(organizer))
    assert (a.pk, b.pk) not in {(s.a.pk, s.b.pk) for s in suggestions()}


def test_hide_and_show_are_audited(events, organizer):
    by = user_actor(organizer)
    a, _b = twins()
    set_hidden(a, True, by)
    with pytest.raises(Stale):
        set_hidden(a, True, by)
    set_hidden(a, False, by)
    entries = AuditEntry.objects.filter(tournament=None, action="person.hidden").order_by("pk")
    assert [e.after for e in entries] == [{"hidden": True}, {"hidden": False}]
    assert "不在公开页面显示" in entries[0].summary
