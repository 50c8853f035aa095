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

>>> from pairing.entrants import Entrant
>>> from pairing.result import Pairing, Table
>>> field = [Entrant(1, 1), Entrant(2, 2, opponents=frozenset({3})), Entrant(3, 3)]
>>> [c.kind for c in check_pairing(Pairing((Table(1, 2, 3),)), field)]
['missing', 'rematch']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass

from .entrants import Entrant, check_forbidden
from .result import Pairing

BLOCKING = frozenset({"duplicate", "missing", "unknown"})
_TEXT = {
    "rematch": ("{a} and {b} have met before", "{a} 与 {b} 已经交过手（重复对阵）"),
    "same_unit": ("{a} and {b} are of the same unit", "{a} 与 {b} 同单位"),
    "forbidden": ("{a} and {b} are to be kept apart", "{a} 与 {b} 设置了回避，不应对阵"),
    "seat_imbalance": (
        "{a} would sit East–West {n:+d} times net",
        "{a} 的东西/南北座位差将达到 {n:+d}",
    ),
    "duplicate": ("{a} is placed {n} times", "{a} 在对阵表中出现了 {n} 次"),
    "missing": ("{a} is not placed", "{a} 没有被安排（遗漏）"),
    "unknown": ("{a} is not an active pair", "{a} 不是本轮参赛的组合"),
    "extra_bye": ("{n} byes where {m} is needed", "轮空 {n} 个，应为 {m} 个"),
}


@dataclass(frozen=True)
class Conflict:
    kind: str
    teams: tuple = ()
    table: int | None = None
    count: int = 0
    expected: int = 0

    @property
    def blocking(self) -> bool:
        return self.kind in BLOCKING

    def text(self, names: Mapping[Hashable, str] | None = None, lang: str = "zh") -> str:
        """The conflict as a sentence, with pair names when ``names`` is given."""

        def name(i: int) -> str:
            if len(self.teams) <= i:
                return ""
            entrant = self.teams[i]
            return str(names.get(entrant, entrant)) if names else str(entrant)

        en, zh = _TEXT[self.kind]
        where = f"第{self.table}台：" if self.table is not None and lang == "zh" else ""
        template = zh if lang == "zh" else en
        return where + template.format(a=name(0), b=name(1), n=self.count, m=self.expected)

    @property
    def message_zh(self) -> str:
        return self.text()


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
        if a is None or b is None:
            continue
        if b.id in a.opponents:
            found.append(Conflict("rematch", (a.id, b.id), t.number))
        if avoid_same_unit != "off" and a.unit and a.unit == b.unit:
            found.append(Conflict("same_unit", (a.id, b.id), t.number))
        if frozenset((a.id, b.id)) in apart:
            found.append(Conflict("forbidden", (a.id, b.id), t.number))
        for e, delta in ((a, 1), (b, -1)):
            if abs(e.seat_balance + delta) > 2:
                found.append(
                    Conflict("seat_imbalance", (e.id,), t.number, count=e.seat_balance + delta)
                )
    needed = len(field) % 2
    if len(pairing.byes) > needed:
        found.append(Conflict("extra_bye", count=len(pairing.byes), expected=needed))
    return sorted(found, key=lambda c: not c.blocking)
