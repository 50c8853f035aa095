"""An individual event's registration, import and check-in pages on a 390 px phone: none
scrolls sideways; a player added and a sheet imported in the browser are saved."""

from __future__ import annotations

import os

import pytest
from django.urls import reverse

from tests.app.individuals.individual_sheets import player_rows, solo_event, solo_xlsx
from tests.browser.conftest import signed_in, wider_than_screen
from tests.browser.taps import tap
from tournament.models import CheckIn, Individual

pytestmark = pytest.mark.django_db(transaction=True)

# Set SHOTS=/some/dir to keep a screenshot of every page (390 px, and 1280 px beside it).
SHOTS = os.environ.get("SHOTS")


def shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}-390.png", full_page=True)
        page.set_viewport_size({"width": 1280, "height": 900})
        page.screenshot(path=f"{SHOTS}/{name}-1280.png", full_page=True)
        page.set_viewport_size({"width": 390, "height": 844})


def test_individual_pages_fit_a_phone(live_server, phone, organizer, tmp_path):
    t = solo_event(organizer, players=6)
    person = Individual.objects.get(tournament=t, name="选手1")
    CheckIn.objects.create(pair_id=person.own_id, method=CheckIn.TYPED)
    page = phone()
    base = live_server.url
    signed_in(page, base, organizer.username)
    page.goto(base + reverse("individual_add", args=[t.slug]))
    page.fill("#id_name", "南京市玄武区老年大学掼蛋协会会员欧阳")
    page.fill("#id_unit", "南京市玄武区老年大学掼蛋协会")
    page.fill("#id_phone", "13800000000")
    tap(page, "form.form button.primary")
    page.wait_for_url(lambda url: url.endswith(reverse("individual_list", args=[t.slug])))
    assert Individual.objects.filter(tournament=t).count() == 7
    for name, args in (
        ("individual_list", [t.slug]),
        ("individual_add", [t.slug]),
        ("individual_edit", [t.slug, person.pk]),
        ("individual_import", [t.slug]),
        ("checkin_desk", [t.slug]),
        ("checkin_missing", [t.slug]),
    ):
        page.goto(base + reverse(name, args=args))
        assert wider_than_screen(page) <= 0, name
        shot(page, name)
    sheet = tmp_path / "indreg-players.xlsx"
    sheet.write_bytes(solo_xlsx(player_rows(3)))
    page.goto(base + reverse("individual_import", args=[t.slug]))
    page.set_input_files("input[type=file]", str(sheet))
    tap(page, "form[enctype] button.primary")
    page.wait_for_selector("text=确认导入")
    assert wider_than_screen(page) <= 0
    shot(page, "individual_import_preview")
    tap(page, "form[action$='confirm/'] button.primary")
    page.wait_for_url(lambda url: url.endswith(reverse("individual_list", args=[t.slug])))
    assert Individual.objects.filter(tournament=t).count() == 10
    shot(page, "individual_list_after")
    page.goto(base + reverse("individual_list", args=[t.slug]))
    tap(page, "tbody tr:first-child button.link")
    page.wait_for_selector("text=退赛后不再参加编排")
    assert wider_than_screen(page) <= 0
    shot(page, "individual_withdraw_ask")


def test_the_individual_sign_up_page_fits_a_phone(live_server, phone, organizer, settings):
    from tests.app.signup.test_signup import open_signup

    settings.SIGNUP_HOLD_PER_ADDRESS = 0
    settings.SIGNUP_FLOOD_ADDRESSES = 0
    t = solo_event(organizer, players=2)
    open_signup(t, fee=30, cap=40)
    page = phone()
    page.goto(live_server.url + reverse("signup_page", args=[t.slug]))
    assert wider_than_screen(page) <= 0
    assert page.locator("#id_phone").count() == 1 and page.locator("#id_player2").count() == 0
    shot(page, "individual_signup")
