"""登录锁定: the chief referee or organizer sees which of the event's accounts are locked
out after too many wrong passwords, and unlocks them (see :mod:`tournament.core.login_door`)."""

from __future__ import annotations

from datetime import timedelta

from axes.models import AccessAttempt
from axes.utils import reset
from django.conf import settings
from django.contrib import messages
from django.db import transaction
from django.db.models import Max, Sum
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from rules.messages import Message
from tournament.core.actors import request_actor
from tournament.core.audit import log_action
from tournament.core.login_guard import STEPS, forget_steps, lockout_minutes
from tournament.core.messages.audit import MSG_AUDIT_UNLOCK_ACCOUNT
from tournament.core.rights import CHIEF_REFEREE, ORGANIZER, ROLE_RANK, role_of
from tournament.core.view_helpers import load_tournament
from tournament.models import Tournament


def event_accounts(tournament: Tournament) -> dict[str, str]:
    """Username → role of everyone who works on the event (the organizer and the staff)."""
    accounts = {s.user.get_username(): s.role for s in tournament.staff.select_related("user")}
    accounts[tournament.organizer.get_username()] = ORGANIZER
    return accounts


def locked_attempts(usernames) -> list[dict]:
    """The lockouts in force for these accounts: one row per account and address, failures
    added up over browsers as django-axes counts them (``username``, ``ip``, ``failures``,
    ``last``)."""
    rows = AccessAttempt.objects.filter(username__in=list(usernames))
    longest = max(settings.LOGIN_LOCKOUT_MINUTES, *STEPS)
    if settings.AXES_COOLOFF_TIME:
        rows = rows.filter(attempt_time__gte=timezone.now() - timedelta(minutes=longest))
    rows = (
        rows.values("username", "ip_address")
        .annotate(failures=Sum("failures_since_start"), last=Max("attempt_time"))
        .filter(failures__gte=settings.AXES_FAILURE_LIMIT)
        .order_by("username", "-last")
    )
    return [
        {
            "username": r["username"],
            "ip": r["ip_address"],
            "failures": r["failures"],
            "last": r["last"],
        }
        for r in rows
        if in_force(r["username"], r["ip_address"], r["last"])
    ]


def in_force(username: str, ip: str, last) -> bool:
    """Whether a lockout whose last wrong password came at ``last`` still holds (its step)."""
    if not settings.AXES_COOLOFF_TIME:
        return True
    return timezone.now() - last < timedelta(minutes=lockout_minutes(username, ip))


def _may_unlock(unlocker_role: str | None, account_role: str) -> bool:
    """A chief referee or the organizer unlocks every account of the event, the organizer's
    too: an unlock only lifts the lockout (the password is still needed), and an organizer
    locked out by a stranger at the venue must not wait for the lockout to end."""
    return ROLE_RANK[unlocker_role] >= ROLE_RANK[CHIEF_REFEREE]


@require_http_methods(["GET", "POST"])
def login_locks(request, slug):
    tournament = load_tournament(request, slug, CHIEF_REFEREE)
    accounts = event_accounts(tournament)
    mine = role_of(request.user, tournament)
    if request.method == "POST":
        username = request.POST.get("username", "")
        if username not in accounts or not _may_unlock(mine, accounts[username]):
            messages.error(request, _("只能解锁本赛事的裁判人员账号"))
        else:
            with transaction.atomic():
                count = reset(username=username)
                forget_steps(username)
                log_action(
                    tournament=tournament,
                    by=request_actor(request),
                    action="login.unlock",
                    summary=Message(MSG_AUDIT_UNLOCK_ACCOUNT, {"u": username}),
                )
            messages.success(
                request, _("已解锁 %(u)s（清除 %(n)s 条记录）") % {"u": username, "n": count}
            )
        return redirect("login_locks", slug=slug)
    rows = [
        {**lock, "may_unlock": _may_unlock(mine, accounts[lock["username"]])}
        for lock in locked_attempts(accounts)
    ]
    context = {"t": tournament, "rows": rows, "limit": settings.AXES_FAILURE_LIMIT}
    return render(request, "core/login_locks.html", context)
