"""The services' errors: one base class over one message type, rendered by code.

Vocabulary:

service error
    Anything a user can fix or must be told about; ``str(error)`` is the message in the
    active language and ``error.msg`` the :class:`rules.messages.Message` (code +
    parameters). Views catch :class:`ServiceError` only.
refused
    The workflow says no now (a locked round, a confirmed result).
stale
    The data changed since the page was loaded; ``current`` says what is stored now.
invalid
    The input itself is impossible or incomplete (also a ``ValueError``).
not allowed
    The user has no right to do this.

>>> from django.utils import translation
>>> with translation.override("zh-hans"):
...     str(Refused("no_right"))
'没有权限'
>>> isinstance(NotAllowed("no_right"), Refused)
True
"""

from __future__ import annotations

from typing import Any

from rules.messages import Message
from tournament.text.messages import render


class ServiceError(Exception):
    """Base of every error a service shows to a user."""

    def __init__(self, message: Message | str, /, **params: Any) -> None:
        if not isinstance(message, Message):
            message = Message(str(message), params)
        self.msg = message
        super().__init__(message.code)

    def __str__(self) -> str:
        return render(self.msg)

    @classmethod
    def of(cls, exc: Exception) -> ServiceError:
        """Wrap an error of a core (``.msg``) or a plain ``ValueError`` (its text)."""
        msg = getattr(exc, "msg", None)
        return cls(msg if isinstance(msg, Message) else str(exc))


class Refused(ServiceError):
    """The workflow refuses the action now."""


class Stale(Refused):
    """The data changed since the form was loaded; ``current`` is what is stored now."""

    current: Any = None  # the stored values, for a form that shows them side by side
    match: Any = None  # the changed row, when there is one


class NotAllowed(Refused):
    """The user has no right to this action."""


class Invalid(ServiceError, ValueError):
    """Impossible or incomplete input."""
