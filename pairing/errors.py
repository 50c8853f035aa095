"""Errors raised by the pairing package.

A :class:`PairingError` is a *user* error: the organizer can fix it (too few pairs, an
unknown option value, a draw number used twice). It carries a Chinese message for the
screen. Anything else raised from this package (``AssertionError``, ``RuntimeError``) is an
internal error, i.e. a bug.
"""

from __future__ import annotations

from typing import Any

from rules.messages import Message


class PairingError(ValueError):
    """A fixable problem with the input or the options of a pairing request."""

    def __init__(
        self, message: str, message_zh: str, code: str = "invalid", *, key: str = "", **params: Any
    ) -> None:
        super().__init__(message)
        self.message = message
        self.message_zh = message_zh
        self.code = code
        # ``key`` names the text in the Django layer's table; without one the message carries
        # both sentences of this error and the layer shows the one of the active language.
        self.msg = (
            Message(key, params)
            if key
            else Message("pairing_text", {"text": message, "text_zh": message_zh})
        )


def check_choice(name: str, value: object, choices: tuple[str, ...]) -> None:
    """Raise :class:`PairingError` unless ``value`` is one of ``choices``."""
    if value not in choices:
        raise PairingError(
            f"{name} must be one of {', '.join(choices)}; got {value!r}",
            f"选项 {name} 的取值无效：{value!r}（可选：{'、'.join(choices)}）",
            code="option",
            key="pairing_option",
            name=name,
            value=repr(value),
            allowed="、".join(choices),
        )
