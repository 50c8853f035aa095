"""A team event's registration, import and line-up pages on a 390 px phone: none scrolls
sideways; a line-up changed in the browser is saved."""

from __future__ import annotations

import os

import pytest
from django.urls import reverse

from tests.app.teams.team_sheets import team_event, team_rows, team_xlsx
from tests.browser.conftest import signed_in, wider_than_screen
from tests.browser.taps import tap
from tournament.core.actors import user_actor
from tournament.models import Team
from tournament.rounds.lifecycle import publish_round
from tournament.rounds.pairing import draw, pair_next_round
from tournament.teams.line_ups import line_up_of, members_of_pairs

pytestmark = pytest.mark.django_db(transaction=True)

# Set SHOTS=/some/dir to keep a screenshot of every page (390 px, and 1280 px beside it).
SHOTS = os.environ.get("SHOTS")


def shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}-390.png", full_page=True)
        page.set_viewport_size({"width": 1280, "height": 900})
        page.screenshot(path=f"{SHOTS}/{name}-1280.png", full_page=True)
        page.set_viewport_size({"width": 390, "height": 844})


def test_team_pages_fit_a_phone_and_a_line_up_is_changed(live_server, phone, organizer, tmp_path):
    t = team_event(organizer, teams=6)
    team = Team.objects.get(tournament=t, name="苏州一队")
    Team.objects.filter(pk=team.pk).update(name="南京市玄武区老年大学掼蛋协会一队")
    draw(t, seed=7, by=user_actor(organizer))
    pair_next_round(t, by=user_actor(organizer))
    page = phone()
    base = live_server.url
    signed_in(page, base, organizer.username)
    for name, args in (
        ("team_list", [t.slug]),
        ("team_add", [t.slug]),
        ("team_edit", [t.slug, team.pk]),
        ("team_import", [t.slug]),
        ("line_ups", [t.slug]),
        ("team_line_up", [t.slug, team.pk]),
    ):
        page.goto(base + reverse(name, args=args))
        assert wider_than_screen(page) <= 0, name
        shot(page, name)
    sheet = tmp_path / "teams.xlsx"
    sheet.write_bytes(team_xlsx(team_rows(3)))
    page.goto(base + reverse("team_import", args=[t.slug]))
    page.set_input_files("input[type=file]", str(sheet))
    tap(page, "form[enctype] button.primary")
    page.wait_for_selector("text=确认导入")
    assert wider_than_screen(page) <= 0
    shot(page, "team_import_preview")
    page.goto(base + reverse("team_line_up", args=[t.slug, team.pk]))
    page.select_option("#id_pair1_2", "3")
    page.select_option("#id_pair2_1", "2")
    tap(page, "form.form button.primary")
    page.wait_for_url(lambda url: url.endswith(reverse("line_ups", args=[t.slug])))
    shot(page, "line_ups_after")
    assert members_of_pairs(line_up_of(team, 1)) == [(1, 3), (2, 4)]
    # The form opened before the round is published, sent after: refused, and said so.
    page.goto(base + reverse("team_line_up", args=[t.slug, team.pk]))
    publish_round(t.round_set.get(number=1), by=user_actor(organizer))
    page.select_option("#id_pair1_2", "2")
    tap(page, "form.form button.primary")
    page.wait_for_selector("text=第1轮已经公布，出场名单不能再改")
    assert wider_than_screen(page) <= 0
    shot(page, "team_line_up_refused")
    assert members_of_pairs(line_up_of(team, 1)) == [(1, 3), (2, 4)]


def test_the_team_sign_up_page_fits_a_phone(live_server, phone, organizer):
    from tournament.models import SignUpConfig

    t = team_event(organizer, team_pairs=3, substitutes=2)
    SignUpConfig.objects.create(tournament=t, is_open=True, fee=100)
    page = phone()
    page.goto(live_server.url + reverse("signup_page", args=[t.slug]))
    assert page.locator("#id_player6").count() == 1 and page.locator("#id_sub2").count() == 1
    assert wider_than_screen(page) <= 0
    shot(page, "team_signup")
