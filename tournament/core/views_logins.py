"""登录锁定: the chief referee or organizer sees which of the event's accounts are locked
out after too many wrong passwords, and unlocks them (see :mod:`tournament.core.login_lockout`)."""

from __future__ import annotations

from datetime import timedelta

from axes.models import AccessAttempt
from django.conf import settings
from django.contrib import messages
from django.db.models import Max, Sum
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournament.core.actors import request_actor
from tournament.core.errors import ServiceError
from tournament.core.login_lockout import STEPS, lockout_minutes
from tournament.core.rights import CHIEF_REFEREE, role_of
from tournament.core.unlock import account_unlock, event_accounts, may_unlock
from tournament.core.view_helpers import load_tournament


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


@require_http_methods(["GET", "POST"])
def login_locks(request, slug):
    tournament = load_tournament(request, slug, CHIEF_REFEREE)
    accounts = event_accounts(tournament)
    mine = role_of(request.user, tournament)
    if request.method == "POST":
        username = request.POST.get("username", "")
        try:
            count = account_unlock(username, tournament=tournament, by=request_actor(request))
        except ServiceError as exc:
            messages.error(request, str(exc))
        else:
            messages.success(
                request, _("已解锁 %(u)s（清除 %(n)s 条记录）") % {"u": username, "n": count}
            )
        return redirect("login_locks", slug=slug)
    rows = [{**lock, "may_unlock": may_unlock(mine)} for lock in locked_attempts(accounts)]
    context = {"t": tournament, "rows": rows, "limit": settings.AXES_FAILURE_LIMIT}
    return render(request, "core/login_locks.html", context)
