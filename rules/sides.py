"""The two sides of a table and a small immutable pair of per-side values.

Vocabulary
----------
side
    One of the two fixed partnerships at a table: ``"EW"`` (East–West, 东西) or ``"NS"``
    (North–South, 南北). A *pair* (对/组合) of players sits on one side for a whole match.
opponents
    The other side.

>>> opponent("EW")
'NS'
>>> normalize_side("南北")
'NS'
>>> PerSide(ew=1, ns=0)["EW"]
1
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from rules.errors import BAD_SIDE, RuleError

EW = "EW"
NS = "NS"
SIDES: dict[str, str] = {EW: "东西", NS: "南北"}
"""Each side with its Chinese name, East–West first (the app's form choices)."""

# Spellings a referee may type: lower case, the Chinese names, with or without 方.
_SIDE_ALIASES = {
    "EW": EW,
    "WE": EW,
    "东西": EW,
    "东西方": EW,
    "NS": NS,
    "SN": NS,
    "南北": NS,
    "南北方": NS,
}

T = TypeVar("T")


def normalize_side(value: object) -> str:
    """Return ``"EW"`` or ``"NS"`` for any accepted spelling, or raise ``bad_side``."""
    key = str(value).strip().upper() if isinstance(value, str) else None
    if key is None or key not in _SIDE_ALIASES:
        raise RuleError(BAD_SIDE, value=value)
    return _SIDE_ALIASES[key]


def opponent(side: str) -> str:
    """Return the other side."""
    return NS if side == EW else EW


@dataclass(frozen=True)
class PerSide(Generic[T]):
    """One value per side, read as ``pair["EW"]`` or ``pair.ew``; never mutated."""

    ew: T
    ns: T

    def __getitem__(self, side: str) -> T:
        # The engine passes canonical sides; other spellings go through normalize_side.
        if side != EW and side != NS:
            side = normalize_side(side)
        return self.ew if side == EW else self.ns

    def set(self, side: str, value: T) -> PerSide[T]:
        """Return a copy with ``side`` set to ``value``."""
        if side != EW and side != NS:
            side = normalize_side(side)
        return PerSide(value, self.ns) if side == EW else PerSide(self.ew, value)

    def as_dict(self) -> dict[str, T]:
        return {EW: self.ew, NS: self.ns}
