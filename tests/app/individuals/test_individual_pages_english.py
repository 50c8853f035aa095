"""An individual event's public pages in English: no Chinese word of ours, but the event's
data (players' names, units, partnerships "甲/乙")."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.app.conftest import organizers_words
from tests.app.individuals.individual_event import build_individual_event, play_round
from tests.app.teams.test_team_pages_english import chinese_left
from tests.app.test_english_pages import LANGUAGE_NAMES
from tournament.core.actors import user_actor
from tournament.models import Table
from tournament.rounds.lifecycle import publish_round
from tournament.rounds.pairing import pair_next_round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def test_the_individual_pages_have_no_chinese_word_of_ours_in_english(organizer):
    t = build_individual_event(organizer, players=18, rounds=3)
    play_round(t, organizer, lambda table: ("A+", "10"))
    publish_round(pair_next_round(t, by=user_actor(organizer)), by=user_actor(organizer))
    client = Client()
    client.cookies["django_language"] = "en"
    client.force_login(organizer)
    words = sorted({*organizers_words(t), *LANGUAGE_NAMES}, key=len, reverse=True)
    seated = Table.objects.filter(round__number=2).exclude(ns=None).first().ns.players.first()
    out = Table.objects.filter(round__number=2, ns=None).first().ew.name
    pages = {
        "standings": reverse("standings", args=[t.slug]),
        "pairings": reverse("pairings", args=[t.slug, 2]),
        "find": reverse("pairings", args=[t.slug, 2]) + "?q=" + seated.name,
        "find-out": reverse("pairings", args=[t.slug, 2]) + "?q=" + out,
        "control": reverse("round_control", args=[t.slug, 2]) + "?state=",
        "projector": reverse("projector", args=[t.slug, 2]),
    }
    for name, url in pages.items():
        page = client.get(url).content.decode()
        assert chinese_left(page, words) == [], name
    assert "Partner" in client.get(pages["find"]).content.decode()
    assert "Sitting out: 2 players" in client.get(pages["projector"]).content.decode()
