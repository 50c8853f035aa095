"""Emails to a pair about its sign-up, through Django's email backend.

Sent only to the addresses the pair gave, after the transaction commits (a refused change
sends nothing). The backend is chosen by settings: console in the demo, SMTP in production
(docs/usage.md); the tests use the locmem backend and read ``mail.outbox``.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.urls import reverse
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _

from tournament.models import SignUp

log = logging.getLogger(__name__)


def _subjects() -> dict[str, str]:
    return {
        "confirm_email": _("请确认邮箱"),
        "confirmation": _("报名已收到"),
        "approved": _("报名成功"),
        "promoted": _("候补递补"),
        "rejected": _("报名未通过"),
    }


def status_link(signup: SignUp, site: str = "") -> str:
    """The pair's private link (absolute with the ``site`` a request came through:
    :func:`tournament.core.actors.site_of`)."""
    return site + reverse("signup_status", args=[signup.tournament.slug, signup.token])


def confirm_code(signup: SignUp) -> str:
    """The code of the e-mail confirmation link: only the mailed link holds it (the pair's
    status link, which the page shows to whoever filled the form, does not)."""
    # sha1 by name: Django 6.1 changes the default, and mailed links must keep matching.
    digest = salted_hmac("signup-confirm-email", signup.token, algorithm="sha1")
    return digest.hexdigest()[:24]


def confirm_link(signup: SignUp, site: str = "") -> str:
    """The link mailed to player 1 when the organizer asks for a confirmed e-mail address."""
    args = [signup.tournament.slug, signup.token, confirm_code(signup)]
    return site + reverse("signup_confirm", args=args)


def message_for(signup: SignUp, kind: str, link: str) -> tuple[str, str]:
    """The subject and body of one email."""
    name = signup.data.get("name", "")
    subject = f"{signup.tournament.name} · {_subjects()[kind]}：{name}"
    entry = _("团体：%(name)s") if signup.tournament.is_team_event else _("组合：%(name)s")
    if signup.tournament.is_individual_event:
        entry = _("选手：%(name)s")
    lines = [
        entry % {"name": name},
        _("状态：%(state)s") % {"state": signup.get_state_display()},
    ]
    if signup.reason:
        lines.append(_("原因：%(reason)s") % {"reason": signup.reason})
    if kind == "confirm_email":
        lines.append(_("请打开以下链接并按“确认报名”，报名才算数：%(link)s") % {"link": link})
    else:
        lines.append(_("查看、修改或退出报名：%(link)s") % {"link": link})
    return subject, "\n".join(lines) + "\n"


def send_on_commit(signup: SignUp, kind: str, site: str = "") -> None:
    """Send ``kind`` (confirm_email, confirmation, approved, promoted, rejected) when the
    change commits. The confirmation link goes to player 1's address only (the one checked)."""
    recipients = [a for a in (signup.email1, signup.email2) if a]
    link = status_link(signup, site)
    if kind == "confirm_email":
        recipients, link = recipients[:1], confirm_link(signup, site)
    if not recipients:
        return
    subject, body = message_for(signup, kind, link)

    def send() -> None:
        try:
            send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, recipients)
        except OSError:  # an SMTP server down must not undo a sign-up that is saved
            log.exception("sign-up email to %s not sent", recipients)

    transaction.on_commit(send)
