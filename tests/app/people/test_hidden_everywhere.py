"""A hidden player (不公开) is named on no anonymous public answer of any event they played:
pairs, team and individual events alike, HTML pages, the find-my-table search (the server's
and the phone's index), the history pages and the read API. One rule, in one place
(tournament.core.hidden_people, applied by tournament.public.conditional), so a page added
later is covered without its own check: these tests walk every public answer of an event.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.app.people.people_world import solo_events, team_events
from tournament.core.actors import user_actor
from tournament.core.stamps import shared_page_stamp
from tournament.models import Individual, Player, Round, TeamMember, Tournament
from tournament.people.services import set_hidden
from tournament.public.find_phone import index_url
from tournament.sharing.data import top_places

pytestmark = pytest.mark.django_db

HIDDEN = "不公开"


def public_answers(t: Tournament, name: str, entry_url: str) -> dict[str, str]:
    """Every anonymous public answer of ``t`` that could name a player: URL → body."""
    urls = [reverse("standings", args=[t.slug]), entry_url, f"/api/v1/events/{t.slug}/standings/"]
    locked = Round.objects.filter(tournament=t, status=Round.LOCKED).values_list(
        "number", flat=True
    )
    for number in Round.objects.filter(tournament=t).values_list("number", flat=True):
        urls += [
            reverse("pairings", args=[t.slug, number]),
            reverse("pairings", args=[t.slug, number]) + f"?q={name}",
            f"/api/v1/events/{t.slug}/rounds/{number}/pairings/",
        ]
        if number in locked:  # results are public once the round is locked
            urls.append(f"/api/v1/events/{t.slug}/rounds/{number}/results/")
        stamp = shared_page_stamp(t.slug)[0]
        urls += [index_url(t.slug, number, stamp, language) for language in ("zh-hans", "en")]
    client = Client()
    answers = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        answers[url] = response.content.decode()
    return answers


def hide(person, organizer, django_capture_on_commit_callbacks) -> None:
    with django_capture_on_commit_callbacks(execute=True):  # the event's stamp moves on commit
        set_hidden(person, True, user_actor(organizer))


def assert_hidden_everywhere(t, name, entry_url, organizer, person, capture) -> None:
    before = public_answers(t, name, entry_url)
    assert any(name in body for body in before.values()), "the name should be public first"
    hide(person, organizer, capture)
    after = public_answers(t, name, entry_url)
    named = [url for url, body in after.items() if name in body]
    assert named == [], named
    assert HIDDEN in after[reverse("standings", args=[t.slug])]


def test_a_pairs_event_names_a_hidden_player_on_no_public_answer(
    organizer, django_capture_on_commit_callbacks
):
    from tests.app.finished_event import build_event
    from tournament.core.identity import link_event

    t = build_event(organizer)
    Tournament.objects.filter(pk=t.pk).update(publish_standings=True, publish_pairings=True)
    link_event(t)
    players = list(Player.objects.filter(pair__tournament=t).order_by("pk"))
    names = [p.name for p in players]
    player = next(p for p in players if names.count(p.name) == 1)
    entry = reverse("pair_history", args=[t.slug, player.pair_id])
    assert_hidden_everywhere(
        t, player.name, entry, organizer, player.person, django_capture_on_commit_callbacks
    )


def test_a_team_event_names_a_hidden_member_on_no_public_answer(
    organizer, django_capture_on_commit_callbacks
):
    a, _b = team_events(organizer)
    member = TeamMember.objects.filter(team__tournament=a).order_by("pk").first()
    entry = reverse("team_history", args=[a.slug, member.team_id])
    # One person played in both events under that name: both events' pages hide them.
    assert_hidden_everywhere(
        a, member.name, entry, organizer, member.person, django_capture_on_commit_callbacks
    )


def test_an_individual_event_names_a_hidden_player_on_no_public_answer(
    organizer, django_capture_on_commit_callbacks
):
    a, b = solo_events(organizer)
    player = Individual.objects.filter(tournament=a).order_by("pk").first()
    entry = reverse("player_history", args=[a.slug, player.pk])
    # The share card's top places (a picture: its texts are checked before drawing).
    assert any(player.name in row[1] for row in top_places(a)["rows"])
    assert_hidden_everywhere(
        a, player.name, entry, organizer, player.person, django_capture_on_commit_callbacks
    )
    # The same person in the other event, with no step of its own.
    other = Individual.objects.get(tournament=b, person=player.person)
    entry_b = reverse("player_history", args=[b.slug, other.pk])
    named = [
        url for url, body in public_answers(b, player.name, entry_b).items() if player.name in body
    ]
    assert named == [], named
    assert all(player.name not in row[1] for row in top_places(a)["rows"])
