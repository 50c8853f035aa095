"""Reading numbers from query strings and forms without trusting them.

``str.isdigit()`` accepts "²" and a number can have thirty digits: both would reach
``int()`` or the database and end in a 500. Only plain ASCII digits within a bound pass.
"""

from __future__ import annotations

MAX_DIGITS = 12


def positive_int(value: str | None, *, low: int = 0, limit: int = 10**9) -> int | None:
    """A whole number from a query string or a form within [``low``, ``limit``], or None when
    it is missing, not one, or out of bounds (the one request-integer parser: callers
    with a default write ``positive_int(...) or default``).

    >>> positive_int("12"), positive_int("²"), positive_int("10000000000000000000000000")
    (12, None, None)
    >>> positive_int("0"), positive_int("0", low=1), positive_int("-3")
    (0, None, None)
    """
    value = (value or "").strip()
    if not value.isascii() or not value.isdigit() or len(value) > MAX_DIGITS:
        return None
    number = int(value)
    return number if low <= number <= limit else None


TYPED_MAX = 100  # characters of a typed field shown back in a refused form


def typed_fields(post, *keys: str) -> dict[str, str]:
    """The fields ``keys`` of a posted form as typed (stripped, at most :data:`TYPED_MAX`
    characters), to resolve and, when the form is refused, to show back for correcting."""
    return {key: post.get(key, "").strip()[:TYPED_MAX] for key in keys}
