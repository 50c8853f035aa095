"""The team event's registration and line-up pages in English: no Chinese word of ours, but
the event's data and the sheet's column names (never translated: the sheet must have them)."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests.app.conftest import organizers_words
from tests.app.teams.team_sheets import team_event, team_rows, team_xlsx
from tests.app.test_english_pages import CHINESE, LANGUAGE_NAMES, visible_text
from tournament.core.actors import user_actor
from tournament.models import Team, TeamMember
from tournament.rounds.pairing import draw, pair_next_round
from tournament.teams.sheet_rows import sheet_headers

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def chinese_left(page: str, words) -> list[str]:
    text = visible_text(page)
    for word in words:
        text = text.replace(word, "")
    return sorted(set(CHINESE.findall(text)))


def test_the_team_pages_have_no_chinese_word_of_ours_in_english(organizer):
    t = team_event(organizer, teams=4)
    draw(t, seed=7, by=user_actor(organizer))
    pair_next_round(t, by=user_actor(organizer))
    client = Client()
    client.cookies["django_language"] = "en"
    client.force_login(organizer)
    team = Team.objects.get(tournament=t, name="苏州一队")
    sheet = [name for names in sheet_headers(3).values() for name in names]
    words = [
        *organizers_words(t),
        *Team.objects.filter(tournament=t).values_list("name", flat=True),
        *TeamMember.objects.filter(team__tournament=t).values_list("name", flat=True),
        *LANGUAGE_NAMES,
        *sorted(sheet, key=len, reverse=True),
        "金陵一队",  # the template's sample team, named as the sheet has it
    ]
    words = sorted(set(words), key=len, reverse=True)
    pages = {
        name: client.get(reverse(name, args=args)).content.decode()
        for name, args in (
            ("team_list", [t.slug]),
            ("team_add", [t.slug]),
            ("team_edit", [t.slug, team.pk]),
            ("team_import", [t.slug]),
            ("line_ups", [t.slug]),
            ("team_line_up", [t.slug, team.pk]),
        )
    }
    upload = SimpleUploadedFile("teams.xlsx", team_xlsx(team_rows(2)))
    preview = client.post(reverse("team_import", args=[t.slug]), {"file": upload})
    imported = [*words, *(n for row in team_rows(2) for n in row if n)]
    found = {name: chinese_left(page, words) for name, page in pages.items()}
    found["preview"] = chinese_left(
        preview.content.decode(), sorted(imported, key=len, reverse=True)
    )
    assert {name: left for name, left in found.items() if left} == {}
    assert "Team registration" in pages["team_list"] and "Pair 1 player 2" in pages["team_add"]


def test_the_team_sign_up_pages_in_english(organizer, settings):
    from tests.app.signup.test_signup import open_signup
    from tests.forms import solved_challenge
    from tournament.models import SignUp

    settings.SIGNUP_HOLD_PER_ADDRESS = 0
    settings.SIGNUP_FLOOD_ADDRESSES = 0
    t = team_event(organizer)
    open_signup(t, fee=50, needs_approval=True)
    client = Client()
    client.cookies["django_language"] = "en"
    page = client.get(reverse("signup_page", args=[t.slug])).content.decode()
    assert "Pair 2 player 2" in page and "yuan per team" in page
    roster = ["张伟", "王芳", "李娜", "刘洋"]
    data = {"name": "金陵队", "unit": "南京市", "email1": "", "sub1": "陈静", "sub2": ""}
    data |= {f"player{n}": name for n, name in enumerate(roster, start=1)}
    client.post(reverse("signup_page", args=[t.slug]), data | solved_challenge())
    signup = SignUp.objects.get(tournament=t)
    status = client.get(reverse("signup_status", args=[t.slug, signup.token])).content.decode()
    client.force_login(organizer)
    admin = client.get(reverse("signup_admin", args=[t.slug])).content.decode()
    words = sorted(
        {*organizers_words(t), *roster, "陈静", "金陵队", "南京市", *LANGUAGE_NAMES},
        key=len,
        reverse=True,
    )
    found = {name: chinese_left(p, words) for name, p in (("status", status), ("admin", admin))}
    assert {name: left for name, left in found.items() if left} == {}
    assert "Substitutes" in status
