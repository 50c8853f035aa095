"""Small helpers shared by the scoring tests."""

from __future__ import annotations

from collections.abc import Hashable

from scoring import MatchRecord, StandingRow, lot_number


def match(rnd: int, ew: Hashable, ns: Hashable | None, ew_level=None, ns_level=None, **kw):
    """A MatchRecord with positional levels: ``match(1, "A", "B", "A+", "K")``."""
    return MatchRecord(rnd, ew=ew, ns=ns, ew_level=ew_level, ns_level=ns_level, **kw)


def order(rows: list[StandingRow]) -> list[Hashable]:
    return [row.pair for row in rows]


def row_of(rows: list[StandingRow], pair: Hashable) -> StandingRow:
    return next(row for row in rows if row.pair == pair)


def seed_for_lot_order(*pairs: Hashable) -> int:
    """Return a lot seed under which lot alone would rank ``pairs`` in this order.

    Scenarios use it with the *opposite* of the expected order, so that a test whose
    metric were skipped would fall through to lot and fail.
    """
    for seed in range(100_000):
        draws = [lot_number(seed, pair) for pair in pairs]
        if draws == sorted(draws):
            return seed
    raise AssertionError(f"no seed orders {pairs}")
