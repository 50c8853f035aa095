"""The login lockout, made so that it does not lock out the staff: device cookies, growing
lockouts, and the page a locked-out login gets.

Vocabulary
----------
lockout
    After ``AXES_FAILURE_LIMIT`` wrong passwords for one account from one address
    (:func:`tournament.core.client_address.client_ip`), django-axes refuses that account
    from that address, even with the right password, until the cool-off passes or a chief
    referee / organizer unlocks it (:mod:`tournament.core.views_logins`).
known browser (device cookie)
    OWASP's answer to a lockout a stranger can cause: a browser that has logged in as an
    account is given a signed cookie (``gd_device``) naming that account and a random nonce.
    Failures from other browsers, even at the same address (a venue's NAT, a proxy), never
    block it: django-axes leaves a known browser alone (``AXES_WHITELIST_CALLABLE``). Its own
    wrong passwords are counted per nonce; after ``AXES_FAILURE_LIMIT`` of them the cookie no
    longer helps and the browser is counted as any other (account + address).
lockout step
    Every lockout of one account at one address within a day lasts longer than the one
    before: :data:`STEPS` minutes (5, 15, 30), then ``LOGIN_LOCKOUT_MINUTES``. A lockout
    ends that long after the last wrong password; the chief referee's or organizer's unlock
    also forgets the steps.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.core import signing
from django.shortcuts import render
from django.utils.translation import gettext as _

from tournament.core import counters
from tournament.core.client_address import client_ip

DEVICE_COOKIE = "gd_device"
DEVICE_DAYS = 365
DEVICE_ACCOUNTS = 5  # accounts one browser is known for (a shared venue laptop)
STEPS = (5, 15, 30)  # minutes of the first lockouts of a day, then LOGIN_LOCKOUT_MINUTES
DAY = 24 * 3600
_SALT = "gd-device"


def _device(request) -> dict | None:
    """The browser's device cookie ({"n": nonce, "u": [usernames]}), None when it has none."""
    raw = request.COOKIES.get(DEVICE_COOKIE) if request is not None else None
    if not raw:
        return None
    try:
        value = signing.loads(raw, salt=_SALT, max_age=DEVICE_DAYS * DAY)
    except signing.BadSignature:
        return None
    return value if isinstance(value, dict) and isinstance(value.get("u"), list) else None


def _device_key(nonce: str) -> str:
    return f"device-failures:{nonce}"


def known_browser(request, credentials=None) -> bool:
    """django-axes' whitelist: this browser has logged in as this account before and has
    not itself failed too often since."""
    username = (credentials or {}).get("username") or request.POST.get("username", "")
    device = _device(request)
    if not device or username not in device["u"]:
        return False
    return counters.count(_device_key(device["n"])) < settings.AXES_FAILURE_LIMIT


def remember_browser(sender, request, user, **kwargs) -> None:
    """On login (signal): the response gives this browser its device cookie."""
    if request is not None:
        request.gd_device_user = user.get_username()


def count_browser_failure(sender, credentials, request=None, **kwargs) -> None:
    """On a wrong password (signal): a known browser's own failures are counted."""
    device = _device(request)
    if device and credentials.get("username") in device["u"]:
        counters.hit(_device_key(device["n"]), settings.LOGIN_LOCKOUT_MINUTES * 60 or DAY)


class DeviceCookieMiddleware:
    """Sets the device cookie on the response to a successful login."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        username = getattr(request, "gd_device_user", None)
        if username:
            device = _device(request) or {"n": secrets.token_urlsafe(16), "u": []}
            device["u"] = ([username] + [u for u in device["u"] if u != username])[:DEVICE_ACCOUNTS]
            response.set_cookie(
                DEVICE_COOKIE,
                signing.dumps(device, salt=_SALT),
                max_age=DEVICE_DAYS * DAY,
                httponly=True,
                samesite="Lax",
                secure=settings.SESSION_COOKIE_SECURE,
            )
        return response


def _steps_key(username: str, ip: str) -> str:
    return f"lockouts:{username}:{ip}"


def lockout_minutes(username: str, ip: str) -> int:
    """How long the next (or current) lockout of this account at this address lasts."""
    done = counters.count(_steps_key(username, ip))
    step = max(done - 1, 0)
    return STEPS[step] if step < len(STEPS) else settings.LOGIN_LOCKOUT_MINUTES


def cool_off(request=None) -> timedelta:
    """django-axes' cool-off for this request: the account's lockout step at this address."""
    if request is None:
        return timedelta(minutes=settings.LOGIN_LOCKOUT_MINUTES)
    username = request.POST.get("username", "") if request.method == "POST" else ""
    return timedelta(minutes=lockout_minutes(username, client_ip(request)))


def count_lockout(sender, request, username=None, ip_address=None, **kwargs) -> None:
    """On a lockout (django-axes' signal, sent again for each try while locked): the next
    lockout of the day lasts one step longer; the tries during this one do not count."""
    if not username:
        return
    ip = ip_address or client_ip(request)
    active = f"locked:{username}:{ip}"
    if counters.count(active):
        return
    counters.hit(_steps_key(username, ip), DAY)
    counters.hit(active, lockout_minutes(username, ip) * 60)


def forget_steps(username: str) -> None:
    """An unlock: the account's next lockout is a first one again, at every address."""
    from tournament.models import Counter

    Counter.objects.filter(key__startswith=f"lockouts:{username}:").delete()
    Counter.objects.filter(key__startswith=f"locked:{username}:").delete()


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
    minutes = lockout_minutes(request.POST.get("username", ""), client_ip(request))
    lockout = lockout_message(minutes)
    context = {"form": form, "lockout": lockout, "next": request.POST.get("next", "")}
    return render(request, "registration/login.html", context, status=429)
