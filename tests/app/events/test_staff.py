"""Staff accounts without /admin: the staff page, the staff service, the commands."""

from __future__ import annotations

import doctest
import io
import re

import pytest
from django.contrib.auth import authenticate as django_authenticate
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import RequestFactory
from django.urls import reverse

from tournament.core import accounts
from tournament.core.accounts import ORGANIZER_GROUP, display_name
from tournament.core.actors import user_actor
from tournament.core.rights import can_create_tournament
from tournament.events.staff import ensure_user
from tournament.models import AuditEntry, Staff
from tournament.results.checks import ResultValues
from tournament.results.services import submit_result

pytestmark = pytest.mark.django_db


def authenticate(*, username: str, password: str):
    """Sign in as the login page does (django-axes needs the request)."""
    request = RequestFactory().post("/accounts/login/")
    return django_authenticate(request, username=username, password=password)


def staff_url(slug="spring"):
    return reverse("staff_list", args=[slug])


def shown_password(html: str) -> str:
    return re.search(r'class="password"><code>([^<]+)</code>', html).group(1)


def test_the_staff_page_creates_an_account_and_shows_its_password_once(tournament, as_organizer):
    page = as_organizer.post(
        staff_url(),
        {
            "action": "add",
            "username": "wangming",
            "name": "王明",
            "role": "referee",
            "tables": "1-10,15",
        },
    )
    assert page.status_code == 200
    password = shown_password(page.content.decode())
    user = authenticate(username="wangming", password=password)
    assert user is not None and display_name(user) == "王明"
    staff = Staff.objects.get(tournament=tournament, user=user)
    assert (staff.role, staff.tables) == (Staff.REFEREE, "1-10,15")
    # Shown once: the next visit does not show it again; it is stored nowhere readable.
    again = as_organizer.get(staff_url()).content.decode()
    assert password not in again and "王明" in again
    entry = AuditEntry.objects.filter(tournament=tournament, action="staff.set").last()
    assert "王明" in entry.summary and password not in str(entry.after)


def test_reset_password_makes_a_new_one(tournament, as_organizer):
    first = shown_password(
        as_organizer.post(staff_url(), {"username": "li", "role": "chief_referee"}).content.decode()
    )
    staff = Staff.objects.get(user__username="li")
    asked = as_organizer.post(staff_url(), {"action": "reset", "staff": staff.pk})
    assert 'name="confirmed" value="1"' in asked.content.decode()  # nothing reset yet
    assert authenticate(username="li", password=first) is not None
    page = as_organizer.post(staff_url(), {"action": "reset", "staff": staff.pk, "confirmed": "1"})
    second = shown_password(page.content.decode())
    assert second != first
    assert authenticate(username="li", password=first) is None
    assert authenticate(username="li", password=second) is not None
    assert AuditEntry.objects.filter(action="staff.password").count() == 1


@pytest.mark.both_databases
def test_another_organizers_account_cannot_be_taken_over(tournament, as_organizer, other_organizer):
    as_organizer.post(staff_url(), {"username": "bob", "role": "referee"})
    staff = Staff.objects.get(tournament=tournament, user=other_organizer)  # attached by name
    reset = {"action": "reset", "staff": staff.pk, "confirmed": "1"}
    page = as_organizer.post(staff_url(), reset, follow=True)
    assert "不能在这里重置密码" in page.content.decode()
    assert authenticate(username="bob", password="pw-bob") is not None


@pytest.mark.parametrize("bad", ["abc", "²", "1" * 40, "", "-1"])
def test_removing_with_a_bad_id_gives_a_message_not_a_500(tournament, as_organizer, bad):
    page = as_organizer.post(staff_url(), {"action": "remove", "staff": bad}, follow=True)
    assert page.status_code == 200 and "无效的人员编号" in page.content.decode()
    # The old form's field name too (a non-numeric id once gave a 500).
    page = as_organizer.post(staff_url(), {"remove": bad or "x"}, follow=True)
    assert page.status_code == 200
    assert tournament.staff.count() == 2


def test_remove_takes_the_role_and_keeps_the_account(tournament, as_organizer, referee):
    staff = Staff.objects.get(tournament=tournament, user=referee)
    as_organizer.post(staff_url(), {"action": "remove", "staff": staff.pk})
    assert (
        not Staff.objects.filter(pk=staff.pk).exists()
        and User.objects.filter(pk=referee.pk).exists()
    )
    assert AuditEntry.objects.filter(action="staff.remove").exists()


def test_bad_input_changes_nothing(tournament, as_organizer):
    for data, message in (
        ({"username": "a b", "role": "referee"}, "用户名只能包含"),
        ({"username": "x1", "role": "boss"}, "未知的角色"),
        ({"username": "x2", "role": "referee", "tables": "3-1"}, "负责台号格式"),
        ({"username": "alice", "role": "referee"}, "组织者本人"),
    ):
        page = as_organizer.post(staff_url(), data, follow=True)
        assert message in page.content.decode()
    assert not User.objects.filter(username__in=["x1", "x2", "a b"]).exists()
    assert tournament.staff.count() == 2


def test_the_audit_log_names_people_by_their_display_name(tournament, pairs8, make_round, referee):
    referee.first_name = "赵裁判"
    referee.save()
    m = make_round(tournament, pairs8).tables.get(number=1)
    submit_result(
        m, ResultValues("A+", "K", winner="EW"), version=m.version, by=user_actor(referee)
    )
    assert AuditEntry.objects.filter(action__startswith="result").last().actor == "赵裁判（ref）"


def test_add_staff_command_creates_then_attaches(tournament, capsys):
    call_command(
        "add_staff", "spring", "zhou", "--role", "chief", "--name", "周", "--tables", "1-4"
    )
    out = capsys.readouterr().out
    password = re.search(r"密码 (\S+)（只显示这一次）", out).group(1)
    assert authenticate(username="zhou", password=password) is not None
    assert Staff.objects.get(user__username="zhou").role == Staff.CHIEF_REFEREE
    call_command("add_staff", "spring", "zhou", "--role", "referee")
    out = capsys.readouterr().out
    assert "密码不变" in out and "只显示这一次" not in out
    assert Staff.objects.get(user__username="zhou").role == Staff.REFEREE
    assert authenticate(username="zhou", password=password) is not None


@pytest.mark.both_databases
def test_add_staff_password_stdin_and_errors(tournament, capsys):
    call_command(
        "add_staff",
        "spring",
        "wu",
        "--role",
        "referee",
        "--password-stdin",
        stdin=io.StringIO("a-long-secret-9\n"),
    )
    assert "a-long-secret-9" not in capsys.readouterr().out
    assert authenticate(username="wu", password="a-long-secret-9") is not None
    with pytest.raises(CommandError, match="负责台号格式"):
        call_command("add_staff", "spring", "zz", "--role", "referee", "--tables", "x")
    with pytest.raises(CommandError, match="找不到赛事"):
        call_command("add_staff", "nope", "zz", "--role", "referee")


@pytest.mark.both_databases
def test_add_organizer_command(capsys, db):
    call_command("add_organizer", "org2", "--name", "陈组织")
    password = re.search(r"密码 (\S+)（只显示这一次）", capsys.readouterr().out).group(1)
    user = authenticate(username="org2", password=password)
    assert user is not None and can_create_tournament(user) and display_name(user) == "陈组织"
    assert user.groups.filter(name=ORGANIZER_GROUP).exists()


def test_ensure_user_creates_once_and_then_leaves_the_account_as_it_is():
    """The demo's accounts (load_demo) go through the staff service, not core.accounts."""
    user, password = ensure_user("demo-organizer", organizer=True)
    assert password and authenticate(username="demo-organizer", password=password) == user
    assert user.groups.filter(name=ORGANIZER_GROUP).exists()
    again, no_password = ensure_user("demo-organizer")
    assert (again, no_password) == (user, None)
    assert doctest.testmod(accounts).failed == 0


def test_add_organizer_admin_makes_the_laptops_administrator_who_downloads_backups(capsys, db):
    """Issue 42: on an installed copy the demo's event is the demo organizer's, so a new
    organizer may not download the whole-database backups; ``--admin`` is the way."""
    from tournament.backups.views import may_download

    call_command("load_demo")
    call_command("add_organizer", "me")
    call_command("add_organizer", "boss", "--admin")
    out = capsys.readouterr().out
    assert "boss 是本站管理员" in out and "me 是本站管理员" not in out
    me, boss = (User.objects.get(username=name) for name in ("me", "boss"))
    assert not may_download(me) and not me.is_superuser
    assert may_download(boss) and boss.is_superuser and boss.is_staff
    call_command("add_organizer", "me", "--admin")  # an existing account promoted
    me.refresh_from_db()
    assert me.is_superuser and may_download(me)
