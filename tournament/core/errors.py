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

from django.utils.translation import gettext

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
    table: Any = None  # the changed row, when there is one


class NotAllowed(Refused):
    """The user has no right to this action."""


class Invalid(ServiceError, ValueError):
    """Impossible or incomplete input."""


class FieldErrors(Invalid):
    """Input refused field by field, for the form that sent it: ``fields`` maps a form
    field (or ``"__all__"``) to its messages. ``msg`` is the first of them and ``str()`` all
    of them. A model's own validation (``full_clean``) is taken over by :meth:`of_model`."""

    def __init__(self, fields: dict[str, list[Message | str]], /) -> None:
        self.fields = {key: list(value) for key, value in fields.items()}
        first = next(m for messages in self.fields.values() for m in messages)
        super().__init__(first)

    def __str__(self) -> str:
        return gettext("；").join(self.texts())

    def texts(self) -> list[str]:
        return [t for messages in self.by_field().values() for t in messages]

    def by_field(self) -> dict[str, list[str]]:
        """The sentences of each field, in the active language (a code or a message
        rendered; a model's own text, not a code, is kept as it is)."""
        return {key: [render(m) for m in messages] for key, messages in self.fields.items()}

    @classmethod
    def of_model(cls, exc) -> FieldErrors:
        """A model's ``ValidationError`` (texts of the model's own validation)."""
        return cls(exc.message_dict if hasattr(exc, "error_dict") else {"__all__": exc.messages})
