"""Conflicts in a pairing, for manual adjustment (人工辅助) before a round is published.

Vocabulary
----------
conflict
    Something wrong with a pairing as it stands: a rematch, two pairs of one unit (when the
    event avoids that), two pairs set to be kept apart (回避), a seat balance beyond ±2, a pair placed twice, an active pair left
    out, a placed id that is not an active pair, or more byes than the field needs.
blocking
    A conflict that makes the pairing impossible to publish: a pair twice, a pair missing,
    an unknown pair. The others are shown as warnings: the organizer may accept them.

table flags
    The badges a table carries for its conflicts (``rematch``, ``same_unit``,
    ``forbidden``, ``seat_limit``: :data:`CONFLICT_FLAGS`). They come from the same check
    as the conflict list, :func:`table_conflicts`, both when the computer pairs and after
    every manual change (:func:`refreshed_flags`), so a badge and the list never disagree.

>>> from pairing.entrants import Entrant
>>> from pairing.result import Pairing, Table
>>> field = [Entrant(1, 1), Entrant(2, 2, opponents=frozenset({3})), Entrant(3, 3)]
>>> [c.kind for c in check_pairing(Pairing((Table(1, 2, 3),)), field)]
['missing', 'rematch']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Hashable, Iterable, Mapping
from dataclasses import dataclass

from rules.messages import Message

from .entrants import Entrant, check_forbidden
from .flags import (
    FLAG_FLOAT_DOWN,
    FLAG_FLOAT_UP,
    FLAG_FORBIDDEN,
    FLAG_MANUAL,
    FLAG_REMATCH,
    FLAG_REMATCH_AVOIDED,
    FLAG_SAME_UNIT,
    FLAG_SEAT_FORCED,
    FLAG_SEAT_LIMIT,
    FLAG_UNIT_AVOIDED,
)
from .result import Pairing, Table

BLOCKING = frozenset({"duplicate", "missing", "unknown"})

# kind: the code of its message (params: the pairs ``a`` and ``b``, counts ``n`` and ``m``).
CONFLICT_CODES: dict[str, str] = {
    "rematch": "conflict_rematch",  # a, b
    "same_unit": "conflict_same_unit",  # a, b
    "forbidden": "conflict_forbidden",  # a, b
    "seat_imbalance": "conflict_seat_imbalance",  # a, n: the net East–West count
    "duplicate": "conflict_duplicate",  # a, n: how many times it is placed
    "missing": "conflict_missing",  # a
    "unknown": "conflict_unknown",  # a
    "extra_bye": "conflict_extra_bye",  # n byes where m are needed
}
AT_TABLE = "conflict_at_table"
"""The code of a conflict on one table: ``table`` and the ``conflict`` (a message)."""


@dataclass(frozen=True)
class Conflict:
    kind: str
    pairs: tuple = ()
    table: int | None = None
    count: int = 0
    expected: int = 0

    @property
    def blocking(self) -> bool:
        return self.kind in BLOCKING

    def message(self, names: Mapping[Hashable, str] | None = None) -> Message:
        """The conflict as a message, with pair names when ``names`` is given.

        >>> Conflict("rematch", (1, 2), table=3).message({1: "甲", 2: "乙"})
        Message(code='conflict_at_table', params={'table': 3, 'conflict': Message(code='conflict_rematch', params={'a': '甲', 'b': '乙', 'n': 0, 'm': 0})})
        """

        def name(i: int) -> str:
            if len(self.pairs) <= i:
                return ""
            entrant = self.pairs[i]
            return str(names.get(entrant, entrant)) if names else str(entrant)

        params = {"a": name(0), "b": name(1), "n": self.count, "m": self.expected}
        msg = Message(CONFLICT_CODES[self.kind], params)
        return (
            msg if self.table is None else Message(AT_TABLE, {"table": self.table, "conflict": msg})
        )


def check_pairing(
    pairing: Pairing,
    entrants: Iterable[Entrant],
    avoid_same_unit: str = "off",
    forbidden: Iterable[Iterable[Hashable]] = (),
) -> list[Conflict]:
    """Every conflict of ``pairing`` for the active ``entrants`` (blocking ones first);
    ``forbidden``: pairs of ids to keep apart (回避)."""
    apart = check_forbidden(forbidden)
    field = {e.id: e for e in entrants}
    placed = Counter(pairing.entrant_ids())
    found: list[Conflict] = []
    for entrant, n in placed.items():
        if n > 1:
            found.append(Conflict("duplicate", (entrant,), count=n))
        if entrant not in field:
            found.append(Conflict("unknown", (entrant,)))
    found += [Conflict("missing", (e,)) for e in field if e not in placed]
    for t in pairing.tables:
        a, b = field.get(t.ew), field.get(t.ns)
        if a is not None and b is not None:
            found += table_conflicts(a, b, t.number, avoid_same_unit, apart)
    needed = len(field) % 2
    if len(pairing.byes) > needed:
        found.append(Conflict("extra_bye", count=len(pairing.byes), expected=needed))
    return sorted(found, key=lambda c: not c.blocking)


CONFLICT_FLAGS = {
    "rematch": FLAG_REMATCH,
    "same_unit": FLAG_SAME_UNIT,
    "forbidden": FLAG_FORBIDDEN,
    "seat_imbalance": FLAG_SEAT_LIMIT,
}
"""Conflict kind -> the flag (badge) of the table it is found at."""
_COMPUTER_ONLY = frozenset({FLAG_REMATCH_AVOIDED, FLAG_UNIT_AVOIDED, FLAG_SEAT_FORCED})
"""Flags that explain the computer's choice: wrong on a table changed by hand."""


def table_conflicts(
    ew: Entrant,
    ns: Entrant,
    number: int | None = None,
    avoid_same_unit: str = "off",
    apart: Collection[frozenset] = frozenset(),
) -> list[Conflict]:
    """The conflicts of one table, ``ew`` sitting East–West: the one check behind both the
    conflict list and the table flags. ``apart``: two-id frozensets to keep apart."""
    a, b = ew, ns
    found: list[Conflict] = []
    if b.id in a.opponents or a.id in b.opponents:
        found.append(Conflict("rematch", (a.id, b.id), number))
    if avoid_same_unit != "off" and a.unit and a.unit == b.unit:
        found.append(Conflict("same_unit", (a.id, b.id), number))
    if frozenset((a.id, b.id)) in apart:
        found.append(Conflict("forbidden", (a.id, b.id), number))
    for e, delta in ((a, 1), (b, -1)):
        if abs(e.seat_balance + delta) > 2:
            found.append(Conflict("seat_imbalance", (e.id,), number, count=e.seat_balance + delta))
    return found


def conflict_flags(found: Iterable[Conflict]) -> frozenset[str]:
    """The table flags of some conflicts (see :data:`CONFLICT_FLAGS`)."""
    return frozenset(CONFLICT_FLAGS[c.kind] for c in found if c.kind in CONFLICT_FLAGS)


def refreshed_flags(
    pairing: Pairing,
    entrants: Iterable[Entrant],
    avoid_same_unit: str = "off",
    forbidden: Iterable[Iterable[Hashable]] = (),
) -> dict[int, frozenset[str]]:
    """``{table number: flags}`` of a pairing after manual changes: the conflict flags and
    the floats found again for every table, and on a table changed by hand (``manual``)
    none of the flags that explained the computer's choice."""
    apart = check_forbidden(forbidden)
    field = {e.id: e for e in entrants}
    result: dict[int, frozenset[str]] = {}
    for t in pairing.tables:
        result[t.number] = _table_flags(t, field, avoid_same_unit, apart)
    return result


def _table_flags(
    t: Table, field: Mapping[Hashable, Entrant], avoid_same_unit: str, apart: set[frozenset]
) -> frozenset[str]:
    derived = set(CONFLICT_FLAGS.values()) | {FLAG_FLOAT_UP, FLAG_FLOAT_DOWN}
    if FLAG_MANUAL in t.flags:
        derived |= _COMPUTER_ONLY
    flags = set(t.flags) - derived
    a, b = field.get(t.ew), field.get(t.ns)
    if a is not None and b is not None:
        flags |= conflict_flags(table_conflicts(a, b, t.number, avoid_same_unit, apart))
        if round(a.points, 2) != round(b.points, 2):
            flags |= {FLAG_FLOAT_UP, FLAG_FLOAT_DOWN}
    return frozenset(flags)
