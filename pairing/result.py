"""The plain output of the pairing functions: tables, byes and the pairing of a round.

Vocabulary
----------
table
    One match of a round between two pairs, numbered from the top of the standings; the
    pair in ``ew`` sits East-West (东西), the pair in ``ns`` North-South (南北). A knockout
    table also names its bracket match (``bracket_id``, e.g. ``"R2-1"``) and the game of
    that match it is (``game``, from 1; 0 outside a knockout).
bye
    A pair without an opponent this round (轮空), scored by the event's bye rule.
closeness cost
    The sum over tables of the squared difference of the two pairs' points; lower is closer.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Table:
    number: int
    ew: Hashable
    ns: Hashable
    flags: frozenset[str] = frozenset()
    bracket_id: str = ""
    game: int = 0

    @property
    def pairs(self) -> tuple[Hashable, Hashable]:
        return (self.ew, self.ns)


@dataclass(frozen=True)
class Bye:
    entrant: Hashable
    flags: frozenset[str] = frozenset({"bye"})


@dataclass(frozen=True)
class Pairing:
    """A round's pairing.

    ``rematches`` counts tables whose pairs met before; ``cost`` is the closeness cost;
    ``seed`` is the seed it was made with (``None`` for draw-based pairings).
    ``seat_weight`` is the weight the seat rule needed against closeness (0 when closeness
    alone kept the seat balances within bounds, see :mod:`pairing.costs`).
    """

    tables: tuple[Table, ...]
    byes: tuple[Bye, ...] = ()
    rematches: int = 0
    cost: float = 0.0
    seed: int | None = None
    seat_weight: float = 0.0
    notes: tuple[str, ...] = field(default=())

    def entrant_ids(self) -> Iterator[Hashable]:
        """Every placed id, table by table (EW first), then the byes."""
        for t in self.tables:
            yield t.ew
            yield t.ns
        for b in self.byes:
            yield b.entrant

    def opponent(self, entrant: Hashable) -> Hashable | None:
        for t in self.tables:
            if t.ew == entrant:
                return t.ns
            if t.ns == entrant:
                return t.ew
        return None
