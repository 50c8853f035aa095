"""Online sign-up in an individual event (个人赛): a player applies alone (name, unit,
mobile), takes a place (a player), waits, is approved, edits and withdraws as a pair does;
an accepted application's pair is the player's own entry."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.app.individuals.individual_sheets import solo_event
from tests.app.signup.test_signup import latest, open_signup
from tests.conftest import login
from tests.forms import solved_challenge
from tournament.models import Individual, SignUp

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_flood_rules(settings):
    settings.SIGNUP_HOLD_PER_ADDRESS = 0
    settings.SIGNUP_FLOOD_ADDRESSES = 0


def player_form(name: str, phone="13800000001", **extra) -> dict:
    return {"name": name, "unit": "南京市", "phone": phone, "email1": ""} | extra


def apply(tournament, data: dict):
    return Client().post(reverse("signup_page", args=[tournament.slug]), data | solved_challenge())


def test_a_player_signs_up_alone(organizer):
    t = solo_event(organizer)
    open_signup(t, fee=20)
    page = Client().get(reverse("signup_page", args=[t.slug])).content.decode()
    assert "姓名" in page and "手机" in page and "选手2" not in page and "元/人" in page
    response = apply(t, player_form("张伟"))
    signup = latest(t)
    assert response.status_code == 302 and signup.state == SignUp.APPROVED
    person = Individual.objects.get(tournament=t)
    assert (person.name, person.unit.name, person.phone) == ("张伟", "南京市", "13800000001")
    assert signup.pair_id == person.own_id
    status = Client().get(response["Location"]).content.decode()
    assert "张伟" in status and "13800000001" in status and "检录二维码" in status


def test_a_name_taken_is_refused(organizer):
    t = solo_event(organizer, players=1)
    open_signup(t)
    taken = apply(t, player_form("选手0")).content.decode()
    assert "“选手0”已经报名" in taken and not SignUp.objects.exists()
    assert apply(t, player_form("新人")).status_code == 302
    assert "“新人”已经报名" in apply(t, player_form("新人")).content.decode()
    assert SignUp.objects.count() == 1


def test_the_cap_counts_players_and_a_withdrawal_moves_the_next_up(organizer):
    t = solo_event(organizer, players=1)
    open_signup(t, cap=2)
    apply(t, player_form("一号"))
    apply(t, player_form("二号"))
    assert latest(t).state == SignUp.WAITING
    one = Individual.objects.get(name="一号")
    data = {"status": "withdrawn", "confirmed": "1"}
    login(organizer).post(reverse("individual_status", args=[t.slug, one.pk]), data)
    assert Individual.objects.get(pk=one.pk).status == "withdrawn"
    assert latest(t).state == SignUp.APPROVED and Individual.objects.get(name="二号").is_active


def test_approval_edit_and_withdrawal_through_the_links(organizer):
    t = solo_event(organizer)
    open_signup(t, needs_approval=True)
    apply(t, player_form("张伟"))
    signup = latest(t)
    assert signup.state == SignUp.PENDING and not Individual.objects.exists()
    client = login(organizer)
    listing = client.get(reverse("signup_admin", args=[t.slug])).content.decode()
    assert "张伟" in listing and "13800000001" in listing
    client.post(reverse("signup_action", args=[t.slug, signup.pk, "approve"]))
    person = Individual.objects.get(tournament=t)
    url = reverse("signup_status", args=[t.slug, signup.token])
    assert 'value="13800000001"' in Client().get(url).content.decode()
    assert Client().post(url, player_form("张伟", phone="13900000009")).status_code == 302
    person.refresh_from_db()
    assert person.phone == "13900000009" and person.own.players.get().phone == "13900000009"
    Client().post(reverse("signup_withdraw", args=[t.slug, signup.token]))
    person.refresh_from_db()
    assert person.status == "withdrawn" and person.own.status == "withdrawn"
