"""The level scale (级) of Guandan and the level difference (级差).

Vocabulary
----------
level
    Where a pair stands in a match: ``"2"`` … ``"10"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``,
    and ``"A+"`` for a pair that has passed A (过A) and so won the match.
index
    The position of a level on the scale: ``"2"`` → 0, … ``"A"`` → 12, ``"A+"`` → 13
    (docs/rules.md §2).
level difference (级差)
    ``index(higher) - index(lower)``, 0 … 13.

>>> level_difference("A+", "K")
2
>>> level_difference("2", "A+")
13
"""

from __future__ import annotations

LEVELS: tuple[str, ...] = (
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "10",
    "J",
    "Q",
    "K",
    "A",
    "A+",
)
"""Every level, lowest first; ``LEVELS[i]`` has index ``i``."""

LEVEL_A = 12
LEVEL_PASSED_A = 13
LEVEL_TWO = 0
LEVEL_J = 9

_INDEX = {name: i for i, name in enumerate(LEVELS)}
# Spellings a referee or a spreadsheet may use for the same level.
_ALIASES = {
    "a+": "A+",
    "过a": "A+",
    "过A": "A+",
    "a": "A",
    "j": "J",
    "q": "Q",
    "k": "K",
    "1": "A",
}


class LevelError(ValueError):
    """A level that is not on the scale 2 … A, A+."""


def normalize_level(text: str | int) -> str:
    """Return the canonical spelling of a level, or raise :class:`LevelError`.

    Accepts ints (``5``), lower case (``"q"``), full-width letters and ``过A``.

    >>> normalize_level(" q ")
    'Q'
    >>> normalize_level(10)
    '10'
    """
    raw = str(text).strip()
    # Full-width letters and digits (Ａ, ＋, １０) come from Chinese input methods.
    raw = "".join(chr(ord(c) - 0xFEE0) if "！" <= c <= "～" else c for c in raw)
    raw = raw.replace(" ", "")
    if raw in _INDEX:
        return raw
    if raw in _ALIASES:
        return _ALIASES[raw]
    if raw.upper() in _INDEX:
        return raw.upper()
    raise LevelError(raw)


def level_index(level: str) -> int:
    """Return the index 0 … 13 of a level (see :data:`LEVELS`)."""
    try:
        return _INDEX[level]
    except KeyError:
        return _INDEX[normalize_level(level)]


def level_name(index: int) -> str:
    """Return the level at an index 0 … 13."""
    if not 0 <= index <= LEVEL_PASSED_A:
        raise LevelError(str(index))
    return LEVELS[index]


def level_difference(a: str, b: str) -> int:
    """Return the level difference (级差) between two levels, 0 … 13."""
    return abs(level_index(a) - level_index(b))
