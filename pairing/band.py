"""Fast exact pairing of a ranked line among near neighbours (the "band" search).

The entrants stand in a line (points, then standings order). A table may join two
entrants at most ``width`` places apart, and at any cut of the line at most ``depth``
entrants may wait for an opponent further down. Under those two limits the search below
is *exact*: a dynamic programme over the cuts of the line whose state is the set of
waiting entrants (a bitmask of their distances to the cut).

Why this is enough: the closeness cost is convex in the points difference, so optimal
Swiss pairings are local (a pair meets someone a few places away), and a pair waits
across a cut only to dodge a rematch, a unit or a seat. The cost is
``O(len(line) * states * depth)`` with ``states <= sum(C(width, d) for d <= depth)``;
for ``depth=2, width=10`` that is a few hundred thousand steps for 5,000 pairs.
When the limits leave no perfect pairing the caller widens the search (an exact
matching on a sparse graph, see :mod:`pairing.solver`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

CostFn = Callable[[int, int], "int | None"]


def band_matching(
    line: Sequence[int],
    cost: CostFn | None,
    width: int,
    depth: int,
    incoming: list[dict[int, int]] | None = None,
) -> list[tuple[int, int]] | None:
    """Return the cheapest perfect pairing of ``line`` within the limits, or ``None``.

    ``cost(a, b)`` gives the integer cost of a table between entrants ``a`` and ``b`` (``a``
    earlier in the line) or ``None`` when they must not meet; or ``incoming`` gives, per
    position t, ``{1 << k: cost}`` for the entrant ``k + 1`` places earlier. Ties keep the
    first found, which makes the result deterministic.
    """
    n = len(line)
    if n % 2:
        return None
    if incoming is None:
        assert cost is not None
        incoming = _incoming_costs(line, cost, width)
    limit = 1 << width
    states: dict[int, int] = {0: 0}
    back: list[dict[int, tuple[int, int]]] = []
    for t in range(n):
        inc = incoming[t]
        new: dict[int, int] = {}
        prev: dict[int, tuple[int, int]] = {}
        for mask, total in states.items():
            # Seat t against one waiting entrant (bit k = entrant t-1-k) ...
            rest = mask
            while rest:
                low = rest & -rest
                rest ^= low
                c = inc.get(low)
                if c is None:
                    continue
                nxt = (mask ^ low) << 1
                if nxt >= limit:
                    continue
                value = total + c
                old = new.get(nxt)
                if old is None or value < old:
                    new[nxt] = value
                    prev[nxt] = (mask, low)
            # ... or let t wait for someone further down.
            if mask.bit_count() < depth:
                nxt = (mask << 1) | 1
                if nxt < limit:
                    old = new.get(nxt)
                    if old is None or total < old:
                        new[nxt] = total
                        prev[nxt] = (mask, 0)
        if not new:
            return None
        states = new
        back.append(prev)
    if 0 not in states:
        return None
    return _trace(line, back)


def _incoming_costs(line: Sequence[int], cost: CostFn, width: int) -> list[dict[int, int]]:
    """For each position t: {bit of the earlier entrant: cost} over the allowed tables."""
    incoming: list[dict[int, int]] = []
    for t, b in enumerate(line):
        row: dict[int, int] = {}
        for k in range(min(width, t)):
            c = cost(line[t - 1 - k], b)
            if c is not None:
                row[1 << k] = c
        incoming.append(row)
    return incoming


def _trace(line: Sequence[int], back: list[dict[int, tuple[int, int]]]) -> list[tuple[int, int]]:
    pairs: list[tuple[int, int]] = []
    mask = 0
    for t in range(len(line) - 1, -1, -1):
        mask, low = back[t][mask]
        if low:
            k = low.bit_length() - 1
            pairs.append((line[t - 1 - k], line[t]))
    pairs.reverse()
    return pairs
