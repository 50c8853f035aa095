"""Reading a JSON request body within bounds: every JSON body the app accepts goes through
:func:`read_json`, which answers a hostile or broken one with :class:`~tournament.core.errors.Invalid`
(a message, shown with a 400), never a 500.

Bounds: the body's size (:data:`MAX_BYTES`), its nesting (:data:`MAX_DEPTH`: 5,000 nested lists
made the parser raise ``RecursionError``), its numbers (finite: ``1e400`` parsed as infinity
made ``int()`` raise ``OverflowError``; ``NaN`` and ``Infinity`` are not JSON), and its
integers' digits (:data:`MAX_DIGITS`, so a value reaches the database's 64-bit columns or is
refused here). :func:`int_field` reads one integer field of a body within a range.

>>> read_json(b'{"version": 3, "steps": [[1, "x"]]}')
{'version': 3, 'steps': [[1, 'x']]}
"""

from __future__ import annotations

import json
import re
from typing import Any

from tournament.core.errors import Invalid

MAX_BYTES = 256 * 1024  # a whole score sheet of 100 deals is under 20 KB
MAX_DEPTH = 32  # the deepest body the app reads (a sheet's steps) nests 3 deep
MAX_DIGITS = 18  # every 18-digit integer fits a 64-bit column
DB_INT_MAX = 2_147_483_647  # the largest IntegerField value every supported database stores

# Message codes (texts in tournament/text/messages/services.py) and their parameters.
MSG_TOO_BIG = "json_too_big"  # limit: KB
MSG_BAD = "json_bad"
MSG_TOO_DEEP = "json_too_deep"  # n
MSG_BAD_NUMBER = "json_bad_number"  # value
MSG_BAD_FIELD = "json_bad_field"  # field

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_BRACKET = re.compile(r"[\[\]{}]")


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise Invalid(MSG_BAD_NUMBER, value=text[:20])
    return value


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise Invalid(MSG_BAD_NUMBER, value=text[:20] + "…")
    return int(text)


def _constant(text: str) -> Any:
    raise Invalid(MSG_BAD_NUMBER, value=text)  # NaN, Infinity, -Infinity: not JSON


def _check_depth(text: str, limit: int) -> None:
    """Refuse nesting deeper than ``limit`` before the parser recurses into it (brackets inside
    strings do not count)."""
    depth = 0
    for bracket in _BRACKET.finditer(_STRING.sub("", text)):
        depth += 1 if bracket[0] in "[{" else -1
        if depth > limit:
            raise Invalid(MSG_TOO_DEEP, n=limit)


def read_json(body: bytes, *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """The JSON value of a request body (an empty body is ``{}``), or :class:`Invalid`."""
    if len(body) > max_bytes:
        raise Invalid(MSG_TOO_BIG, limit=max_bytes // 1024)
    try:
        text = body.decode("utf-8") if body else "{}"
    except UnicodeDecodeError:
        raise Invalid(MSG_BAD) from None
    _check_depth(text, max_depth)
    try:
        return json.loads(text, parse_float=_finite, parse_int=_integer, parse_constant=_constant)
    except (ValueError, RecursionError) as exc:  # Invalid is a ValueError: keep its message
        if isinstance(exc, Invalid):
            raise
        raise Invalid(MSG_BAD) from None


def int_field(body: dict, name: str, low: int = 0, high: int = DB_INT_MAX) -> int:
    """``body[name]`` as an integer in ``[low, high]`` (a whole number, or its digits as
    text), or :class:`Invalid` naming the field."""
    value = body.get(name)
    digits = isinstance(value, str) and re.fullmatch(r"-?[0-9]{1,18}", value.strip())
    if digits or (isinstance(value, float) and value.is_integer()):
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise Invalid(MSG_BAD_FIELD, field=name)
    return value
