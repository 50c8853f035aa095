"""Online sign-up in a team event (团体赛): a team applies with its roster, takes a place
(a team, not a pair), waits, is approved, edits and withdraws as a pair does."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.app.signup.test_signup import latest, open_signup
from tests.app.teams.team_sheets import team_event
from tests.conftest import login
from tests.forms import solved_challenge
from tournament.models import AuditEntry, Pair, SignUp, Team

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_flood_rules(settings):
    settings.SIGNUP_HOLD_PER_ADDRESS = 0
    settings.SIGNUP_FLOOD_ADDRESSES = 0


def team_form(name: str, *players: str, subs=("", ""), **extra) -> dict:
    data = {"name": name, "unit": "南京市", "email1": ""}
    data |= {f"player{n}": p for n, p in enumerate(players, start=1)}
    return data | {f"sub{n}": s for n, s in enumerate(subs, start=1)} | extra


def apply(tournament, data: dict):
    return Client().post(reverse("signup_page", args=[tournament.slug]), data | solved_challenge())


def test_a_team_signs_up_with_its_roster(organizer):
    t = team_event(organizer)
    open_signup(t)
    page = Client().get(reverse("signup_page", args=[t.slug])).content.decode()
    assert "组合2选手2" in page and "替补2" in page and "元/队" not in page
    data = team_form(
        "金陵队", "张伟", "王芳", "李娜", "刘洋", subs=("陈静", ""), phone1="13800000001"
    )
    response = apply(t, data)
    signup = latest(t)
    assert response.status_code == 302 and signup.state == SignUp.APPROVED
    team = Team.objects.get(tournament=t)
    assert list(team.members.values_list("name", flat=True)) == [
        "张伟",
        "王芳",
        "李娜",
        "刘洋",
        "陈静",
    ]
    assert team.members.get(number=1).phone == "13800000001"
    assert signup.pair == team.pairs.get(team_slot=1)
    assert {"squad.add", "signup.submit"} <= set(
        AuditEntry.objects.values_list("action", flat=True)
    )
    status = Client().get(response["Location"]).content.decode()
    assert "张伟、王芳、李娜、刘洋" in status and "陈静" in status


def test_the_team_checks_refuse_with_their_messages(organizer):
    t = team_event(organizer, teams=1)
    open_signup(t)
    taken = apply(t, team_form("苏州一队", "a", "b", "c", "d")).content.decode()
    assert "队名“苏州一队”已经报名" in taken
    twice = apply(t, team_form("新队", "甲", "甲", "乙", "丙")).content.decode()
    assert "同一队里有重名的队员：甲" in twice
    assert not SignUp.objects.filter(tournament=t).exists()
    assert apply(t, team_form("新队", "甲", "乙", "丙", "丁")).status_code == 302
    again = apply(t, team_form("新队", "戊", "己", "庚", "辛")).content.decode()
    assert "队名“新队”已经报名" in again


def test_the_cap_counts_teams_and_a_withdrawal_moves_the_next_team_up(organizer):
    t = team_event(organizer)
    open_signup(t, cap=1)
    apply(t, team_form("一队", "a1", "a2", "a3", "a4"))
    first = latest(t)
    apply(t, team_form("二队", "b1", "b2", "b3", "b4"))
    second = latest(t)
    assert (first.state, second.state) == (SignUp.APPROVED, SignUp.WAITING)
    response = Client().post(reverse("signup_withdraw", args=[t.slug, first.token]))
    assert response.status_code == 302
    one = Team.objects.get(name="一队")
    assert one.status == "withdrawn"
    assert set(Pair.objects.filter(team=one).values_list("status", flat=True)) == {"withdrawn"}
    second.refresh_from_db()
    assert second.state == SignUp.APPROVED and Team.objects.get(name="二队").is_active


def test_the_organizer_approves_a_team_and_sees_its_roster(organizer):
    t = team_event(organizer)
    open_signup(t, needs_approval=True)
    apply(t, team_form("金陵队", "张伟", "王芳", "李娜", "刘洋"))
    signup = latest(t)
    assert signup.state == SignUp.PENDING and not Team.objects.exists()
    client = login(organizer)
    listing = client.get(reverse("signup_admin", args=[t.slug])).content.decode()
    assert "张伟、王芳、李娜、刘洋" in listing
    client.post(reverse("signup_action", args=[t.slug, signup.pk, "approve"]))
    signup.refresh_from_db()
    assert signup.state == SignUp.APPROVED and Team.objects.get(tournament=t).name == "金陵队"


def test_a_team_edits_its_roster_through_its_link(organizer):
    t = team_event(organizer)
    open_signup(t)
    apply(t, team_form("金陵队", "张伟", "王芳", "李娜", "刘洋"))
    signup = latest(t)
    url = reverse("signup_status", args=[t.slug, signup.token])
    page = Client().get(url).content.decode()
    assert 'value="李娜"' in page
    changed = team_form("金陵队", "张伟", "王芳", "李娜", "刘阳", subs=("陈静", ""))
    assert Client().post(url, changed).status_code == 302
    team = Team.objects.get(tournament=t)
    assert team.pairs.get(team_slot=2).player_names() == "李娜、刘阳"
    assert team.members.get(number=5).name == "陈静"
    signup.refresh_from_db()
    assert signup.data["players"][3] == "刘阳" and signup.data["substitutes"] == ["陈静"]


def test_a_team_withdrawn_from_the_team_list_frees_its_place(organizer):
    t = team_event(organizer)
    open_signup(t, cap=1)
    apply(t, team_form("一队", "a1", "a2", "a3", "a4"))
    apply(t, team_form("二队", "b1", "b2", "b3", "b4"))
    one = Team.objects.get(name="一队")
    data = {"status": "withdrawn", "confirmed": "1"}
    login(organizer).post(reverse("team_status", args=[t.slug, one.pk]), data)
    assert Team.objects.get(pk=one.pk).status == "withdrawn"
    assert latest(t).state == SignUp.APPROVED and Team.objects.get(name="二队").is_active


def test_the_confirmation_mail_names_the_team(organizer, django_capture_on_commit_callbacks):
    from django.core import mail

    t = team_event(organizer)
    open_signup(t)
    with django_capture_on_commit_callbacks(execute=True):
        apply(t, team_form("金陵队", "张伟", "王芳", "李娜", "刘洋", email1="team@example.com"))
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["team@example.com"]
    assert "团体：金陵队" in mail.outbox[0].body


@pytest.mark.usefixtures("media")
def test_a_team_application_goes_through_the_archive(organizer):
    import json

    from tournament.archive.importer import import_archive
    from tournament.archive.write import export_archive

    t = team_event(organizer)
    open_signup(t)
    apply(t, team_form("金陵队", "张伟", "王芳", "李娜", "刘洋", subs=("陈静", "")))
    copy = import_archive(json.loads(json.dumps(export_archive(t))), slug="copy", map_users=True)
    signup = SignUp.objects.get(tournament=copy.tournament)
    assert signup.data["players"] == ["张伟", "王芳", "李娜", "刘洋"]
    assert signup.pair.team.name == "金陵队" and signup.pair.team_slot == 1
    status = Client().get(reverse("signup_status", args=["copy", signup.token])).content.decode()
    assert "张伟、王芳、李娜、刘洋" in status
