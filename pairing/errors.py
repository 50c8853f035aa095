"""Errors raised by the pairing package.

A :class:`PairingError` is a *user* error: the organizer can fix it (too few pairs, an
unknown option value, a draw number used twice). It carries a Chinese message for the
screen. Anything else raised from this package (``AssertionError``, ``RuntimeError``) is an
internal error, i.e. a bug.
"""

from __future__ import annotations


class PairingError(ValueError):
    """A fixable problem with the input or the options of a pairing request."""

    def __init__(self, message: str, message_zh: str, code: str = "invalid") -> None:
        super().__init__(message)
        self.message = message
        self.message_zh = message_zh
        self.code = code


def check_choice(name: str, value: object, choices: tuple[str, ...]) -> None:
    """Raise :class:`PairingError` unless ``value`` is one of ``choices``."""
    if value not in choices:
        raise PairingError(
            f"{name} must be one of {', '.join(choices)}; got {value!r}",
            f"选项 {name} 的取值无效：{value!r}（可选：{'、'.join(choices)}）",
            code="option",
        )
