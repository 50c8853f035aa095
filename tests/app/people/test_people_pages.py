"""The people pages (选手档案) and the public player page: who may open them, what they
show, merge and unmerge through the pages, a hidden player named on none of them."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.app.people.people_world import solo_events, team_events, twins
from tests.app.test_page_titles import title_of
from tests.conftest import login
from tournament.models import AuditEntry, Individual, Person, PersonMerge, TeamMember

pytestmark = pytest.mark.django_db


@pytest.fixture
def events(organizer):
    return team_events(organizer)


def organizer_pages(person, merge=None) -> dict[str, str]:
    pages = {
        "people_list": reverse("people_list"),
        "people_suggestions": reverse("people_suggestions"),
        "people_merges": reverse("people_merges"),
        "people_audit": reverse("people_audit"),
        "person_detail": reverse("person_detail", args=[person.pk]),
    }
    return pages


def test_organizer_pages_open_to_organizers_only(events, organizer, referee):
    a, _b = twins()
    staff, ref, anonymous = login(organizer), login(referee), Client()
    titles = {}
    for name, url in organizer_pages(a).items():
        response = staff.get(url)
        assert response.status_code == 200, name
        titles[name] = title_of(response.content.decode())
        assert ref.get(url).status_code == 404, name  # an event's referee: not an organizer
        assert "login" in anonymous.get(url)["Location"], name
    assert len(set(titles.values())) == len(titles), titles
    page = staff.get(reverse("people_list") + "?q=suzhou0hao1").content.decode()
    assert page.count(f'href="/people/{a.pk}/"') == 1
    assert "苏州0号2" not in page


def test_merge_and_unmerge_through_the_pages(events, organizer):
    a, b = twins()
    client = login(organizer)
    suggested = client.get(reverse("people_suggestions")).content.decode()
    assert f'name="absorbed" value="{b.pk}"' in suggested
    response = client.post(reverse("person_merge"), {"kept": a.pk, "absorbed": b.pk})
    assert response.status_code == 302
    assert Person.objects.get(pk=b.pk).merged_into_id == a.pk
    again = client.post(reverse("person_merge"), {"kept": a.pk, "absorbed": b.pk}, follow=True)
    assert "已并入另一位选手" in again.content.decode()
    assert PersonMerge.objects.count() == 1
    record = PersonMerge.objects.get()
    client.post(reverse("person_unmerge", args=[record.pk]))
    assert Person.objects.get(pk=b.pk).merged_into_id is None
    twice = client.post(reverse("person_unmerge", args=[record.pk]), follow=True)
    assert "这次合并已经撤销过了" in twice.content.decode()
    audit = client.get(reverse("people_audit")).content.decode()
    assert "合并选手" in audit and "撤销合并" in audit
    # The event's own audit shows none of it.
    detail = client.get(reverse("tournament_detail", args=["ta"])).content.decode()
    assert "合并选手" not in detail


def test_player_page_every_event_place_and_chart(organizer):
    sa, sb = solo_events(organizer)
    person = Individual.objects.filter(tournament=sa).order_by("pk").first().person
    assert Individual.objects.filter(person=person).count() == 2
    page = Client().get(reverse("player_page", args=[person.pk]))
    html = page.content.decode()
    assert page.status_code == 200
    assert html.count('<section class="card">') == 2
    assert re.search(r"第 <b>\d+</b> 名", html)
    assert "<svg" in html and 'property="og:title"' in html


def test_hidden_player_is_on_no_public_page(events, organizer):
    a, b = twins("苏州0号1")
    mate = TeamMember.objects.filter(team__tournament__slug="ta", name="苏州0号2").get().person
    Person.objects.filter(pk__in=[a.pk, b.pk]).update(hidden=True)  # one player, two events
    public = Client()
    assert public.get(reverse("player_page", args=[a.pk])).status_code == 404
    assert login(organizer).get(reverse("player_page", args=[a.pk])).status_code == 200
    for person in Person.objects.filter(hidden=False, merged_into=None):
        html = public.get(reverse("player_page", args=[person.pk])).content.decode()
        assert "苏州0号1" not in html, person.name
    assert "不公开" in public.get(reverse("player_page", args=[mate.pk])).content.decode()


def test_an_absorbed_persons_page_leads_to_the_kept_one(events, organizer):
    a, b = twins()
    client = login(organizer)
    client.post(reverse("person_merge"), {"kept": a.pk, "absorbed": b.pk})
    response = Client().get(reverse("player_page", args=[b.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("player_page", args=[a.pk])


def test_people_acts_are_no_events_audit(events, organizer):
    a, _b = twins()
    login(organizer).post(reverse("person_hidden", args=[a.pk]), {"hidden": "1"})
    entry = AuditEntry.objects.get(action="person.hidden")
    assert entry.tournament_id is None and entry.user_id == organizer.pk


def test_event_history_pages_link_to_player_pages_but_not_a_hidden_players(events, organizer):
    a, _b = twins()
    member = TeamMember.objects.select_related("team").get(person=a)
    url = reverse("team_history", args=[member.team.tournament.slug, member.team.pk])
    html = Client().get(url).content.decode()
    assert f'href="{reverse("player_page", args=[a.pk])}"' in html
    Person.objects.filter(pk=a.pk).update(hidden=True)
    from django.core.cache import cache

    cache.clear()
    html = Client().get(url).content.decode()
    assert f'href="{reverse("player_page", args=[a.pk])}"' not in html


def test_a_pairs_events_standings_and_history_name_a_hidden_player_hidden(
    organizer, django_capture_on_commit_callbacks
):
    from tests.app.finished_event import build_event
    from tournament.core.identity import link_event
    from tournament.models import Player, Tournament

    t = build_event(organizer)
    Tournament.objects.filter(pk=t.pk).update(publish_standings=True)
    link_event(t)
    players = list(Player.objects.filter(pair__tournament=t).order_by("pk"))
    names = [p.name for p in players]
    player = next(p for p in players if names.count(p.name) == 1)  # one of that name
    urls = [
        reverse("standings", args=[t.slug]),
        reverse("pair_history", args=[t.slug, player.pair_id]),
    ]
    assert all(player.name in Client().get(url).content.decode() for url in urls)
    with django_capture_on_commit_callbacks(execute=True):
        login(organizer).post(reverse("person_hidden", args=[player.person_id]), {"hidden": "1"})
    for url in urls:  # the hidden flag moved the event's stamp: no cached page
        html = Client().get(url).content.decode()
        assert player.name not in html and "不公开" in html, url


def test_the_read_apis_pair_names_a_hidden_player_hidden(organizer):
    from tests.app.finished_event import build_event
    from tournament.core.identity import link_event
    from tournament.models import Player, Tournament

    t = build_event(organizer)
    Tournament.objects.filter(pk=t.pk).update(publish_standings=True)
    link_event(t)
    player = Player.objects.filter(pair__tournament=t).order_by("pk").first()
    Person.objects.filter(pk=player.person_id).update(hidden=True)
    url = reverse("api-v1:pair", args=[t.slug, player.pair_id])
    players = Client().get(url).json()["players"]
    assert player.name not in players and "不公开" in players
