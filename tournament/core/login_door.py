"""Who is at the door: the client's address, the login lockout page and session expiry.

Vocabulary
----------
lockout
    After ``AXES_FAILURE_LIMIT`` wrong passwords for one account from one address,
    django-axes refuses that account from that address, even with the right password,
    until the cool-off passes or a chief referee / organizer unlocks it
    (:mod:`tournament.core.views_logins`).
event day
    Staff sessions end at the next ``SESSION_DAY_END_HOUR`` o'clock (Asia/Shanghai, 04:00
    by default) after login, so a phone left in the hall is logged out overnight. Setting
    ``SESSION_COOKIE_AGE`` in the environment replaces this with a fixed age.
"""

from __future__ import annotations

import functools
import ipaddress
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _


def _trusted(address: str) -> bool:
    """Whether ``address`` is one of the configured proxies (``TRUSTED_PROXY_ADDRESSES``)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in trusted_networks())


@functools.cache
def _networks(addresses: tuple[str, ...]) -> tuple:
    return tuple(ipaddress.ip_network(a, strict=False) for a in addresses)


def trusted_networks() -> tuple:
    return _networks(tuple(settings.TRUSTED_PROXY_ADDRESSES))


def client_ip(request) -> str:
    """The client's address: ``REMOTE_ADDR``; or, when the request really came through the
    configured proxy (``REMOTE_ADDR`` is one of ``TRUSTED_PROXY_ADDRESSES``) and
    ``TRUSTED_PROXIES`` proxies stand in front, the address the outermost trusted proxy saw
    (counted from the right of X-Forwarded-For, so a client cannot forge it by sending its
    own header). A request straight to the app port, bypassing the proxy, is taken at its
    own address whatever X-Forwarded-For it sends."""
    remote = request.META.get("REMOTE_ADDR", "") or ""
    proxies = settings.TRUSTED_PROXIES
    if not proxies or not _trusted(remote):
        return remote
    forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    forwarded = [a for a in forwarded if a]
    if len(forwarded) < proxies:
        return remote
    return forwarded[-proxies]


def lockout_message(minutes: int | None = None) -> str:
    """The Chinese text shown on the login page to a locked-out account (``minutes``: how
    long this lockout lasts; 0 or None with ``LOGIN_LOCKOUT_MINUTES=0``: until unlocked)."""
    if minutes is None:
        minutes = settings.LOGIN_LOCKOUT_MINUTES
    text = _("密码连续输错%(n)s次，此账号在本设备上已被锁定，输入正确的密码也无法登录。") % {
        "n": settings.AXES_FAILURE_LIMIT
    }
    if minutes and settings.LOGIN_LOCKOUT_MINUTES:
        text += _("请%(m)s分钟后再试，或请裁判长/组织者在“登录锁定”页面解锁。") % {"m": minutes}
    else:
        text += _("请裁判长/组织者在“登录锁定”页面解锁。")
    return text + _("曾在本浏览器登录过此账号的，不受他人输错影响。")


def lockout_response(request, original_response=None, credentials=None):
    """django-axes' answer to a locked-out login: the login page with the reason (HTTP 429)."""
    # Unbound: validating it would try the password again (and count one more failure).
    form = AuthenticationForm(request, initial={"username": request.POST.get("username", "")})
    from tournament.core.login_guard import lockout_minutes  # imports the models: not at start-up

    minutes = lockout_minutes(request.POST.get("username", ""), client_ip(request))
    lockout = lockout_message(minutes)
    context = {"form": form, "lockout": lockout, "next": request.POST.get("next", "")}
    return render(request, "registration/login.html", context, status=429)


def end_of_event_day(now: datetime | None = None) -> datetime:
    """The next ``SESSION_DAY_END_HOUR`` o'clock in the event's time zone after ``now``."""
    local = timezone.localtime(now or timezone.now())
    end = local.replace(hour=settings.SESSION_DAY_END_HOUR, minute=0, second=0, microsecond=0)
    if end <= local:
        end += timedelta(days=1)
    return end


def expire_at_end_of_day(sender, request, user, **kwargs) -> None:
    """On login: the session lasts until the end of the event day (unless a fixed age is set)."""
    if settings.SESSION_DAY_END_HOUR is not None and hasattr(request, "session"):
        request.session.set_expiry(end_of_event_day())
