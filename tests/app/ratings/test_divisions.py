"""Divisions by rating (按等级分分组, tournament.registration.divisions): the proposal, the
division events made all or nothing, the audit, the page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.app.individuals.individual_event import build_individual_event
from tests.app.ratings.rated_events import build_pairs_event
from tests.app.teams.team_event import build_team_event
from tests.conftest import login
from tournament.core.actors import user_actor
from tournament.core.errors import Refused
from tournament.core.identity import link_event
from tournament.events.services import tournament_create
from tournament.models import AuditEntry, Individual, Pair, Player, TeamMember, Tournament
from tournament.registration.divisions import make_divisions, proposal, proposal_key

COUPLES_A = [(0, 1), (2, 3), (4, 5), (6, 7)]
COUPLES_B = [(0, 2), (1, 3), (4, 6), (5, 7), (8, 9)]


@pytest.fixture
def registered(organizer):
    """Event a played (ratings), event b registered with the same players, not drawn."""
    build_pairs_event(organizer, "a", COUPLES_A, day=1, rounds=3)
    return build_pairs_event(organizer, "b", COUPLES_B, day=9, rounds=0)


@pytest.mark.django_db
def test_proposal_strongest_first_balanced(registered):
    a, b = proposal(registered, 2)
    assert (a.letter, a.slug, a.name) == ("A", "b-a", "掼蛋赛b A组")
    assert [len(a.entries), len(b.entries)] == [3, 2]
    assert {e.name for e in a.entries} >= {"P4-6", "P5-7"}
    assert min(a.strengths) >= max(b.strengths)
    with pytest.raises(Refused):
        proposal(registered, 3)  # 5 pairs: not 2 a division


@pytest.mark.django_db
def test_make_divisions_copies_entries_persons_and_options(registered, organizer):
    registered.time_limit = 45
    registered.save()
    divisions = proposal(registered, 2)
    made = make_divisions(registered, 2, proposal_key(divisions), by=user_actor(organizer))
    assert [t.slug for t in made] == ["b-a", "b-b"]
    assert made[0].time_limit == 45 and made[0].start_date == registered.start_date
    for event, d in zip(made, divisions, strict=True):
        assert sorted(event.pairs.values_list("name", flat=True)) == sorted(
            e.name for e in d.entries
        )
    for p in Player.objects.filter(pair__tournament=made[0]):
        original = Player.objects.get(pair__tournament=registered, name=p.name)
        assert p.person_id == original.person_id is not None
    assert Pair.objects.filter(tournament=registered).count() == 5  # left as it was
    line = AuditEntry.objects.filter(tournament=registered, action="ratings.divisions").get()
    assert "2" in line.summary and "b-a" in line.after
    assert AuditEntry.objects.filter(tournament=made[1], action="ratings.division").exists()


@pytest.mark.django_db
def test_all_or_nothing(registered, organizer):
    key = proposal_key(proposal(registered, 2))
    tournament_create(organizer=organizer, name="占用", slug="b-b")
    before = Tournament.objects.count()
    with pytest.raises(Refused):
        make_divisions(registered, 2, key, by=user_actor(organizer))
    assert Tournament.objects.count() == before
    assert not Tournament.objects.filter(slug="b-a").exists()
    with pytest.raises(Refused):
        make_divisions(registered, 2, "stale-key", by=user_actor(organizer))


@pytest.mark.django_db
def test_team_and_individual_events_divide_too(organizer):
    teams = build_team_event(organizer, slug="tm", teams=8, rounds=2)
    link_event(teams)
    teams.round_set.all().delete()
    made = make_divisions(teams, 2, proposal_key(proposal(teams, 2)), by=user_actor(organizer))
    assert [t.teams.count() for t in made] == [4, 4]
    member = TeamMember.objects.filter(team__tournament=made[0]).first()
    assert (
        member.person_id
        == TeamMember.objects.get(team__tournament=teams, name=member.name).person_id
    )
    solo = build_individual_event(organizer, slug="solo", players=16)
    link_event(solo)
    made = make_divisions(solo, 2, proposal_key(proposal(solo, 2)), by=user_actor(organizer))
    assert [t.individuals.count() for t in made] == [8, 8]
    assert Individual.objects.filter(tournament=made[1], person__isnull=True).count() == 0


@pytest.mark.django_db
def test_the_page_proposes_and_confirms(registered, organizer):
    client = login(organizer)
    url = reverse("divisions", args=["b"])
    page = client.get(url, {"n": 2})
    assert page.status_code == 200 and "A组" in page.content.decode()
    key = page.context["key"]
    answer = client.post(url, {"n": 2, "key": key})
    assert answer.status_code == 302 and Tournament.objects.filter(slug="b-b").exists()
    again = client.post(url, {"n": 2, "key": key}, follow=True)
    assert "b-a" in again.content.decode()  # refused: the slugs are taken
    assert client.get(url, {"n": 5}).context["refused"]
