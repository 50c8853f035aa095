"""3-round rotation groups (分组三轮移位).

Vocabulary
----------
group (组)
    Four pairs that play a round robin in three rounds (each meets the other three), or
    three pairs when the field is not a multiple of four: then one pair of the group has a
    bye each round.
serpentine seeding (蛇形分组)
    Seeds dealt across the groups 1→A, 2→B, …, then back from the last group: the usual
    way to balance groups formed from a previous stage's ranking.
movement table (移位表)
    Where each pair sits in each round: table and seat.

listed first (排前)
    The pair named first at a table of the movement table. It sits East–West under
    ``seating="first_ew"`` (docs/rules.md §11.5) and North–South under ``"first_ns"`` ("按移位表顺序，
    排前坐南北，排后坐东西"); the option swaps the two sides at every table.

Seats alternate: in a group of four every pair sits East–West once or twice and
North–South the other time(s), never three times the same; in a group of three every pair
sits once East–West and once North–South (under either seating).

>>> group_sizes(11)
[4, 4, 3]
>>> [[t.ew, t.ns] for t in pair_rotation_round([["a", "b", "c", "d"]], 1).tables]
[['a', 'b'], ['c', 'd']]
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from . import errors
from .errors import PairingError, check_choice
from .flags import FLAG_BYE
from .result import Bye, Pairing, Table
from .seats import check_seating

# Round robin of four (a, b, c, d) as (listed first, listed second) per round; under
# "first_ew" the seats per pair over the three rounds: a EW/NS/NS, b NS/EW/EW, c EW/EW/NS,
# d NS/NS/EW (under "first_ns" each one mirrored).
_FOUR = (((0, 1), (2, 3)), ((2, 0), (1, 3)), ((3, 0), (1, 2)))
# Round robin of three (a, b, c): (listed first, listed second, bye) per round; each pair
# is listed first once and second once.
_THREE = ((0, 1, 2), (2, 0, 1), (1, 2, 0))


def group_sizes(n: int) -> list[int]:
    """Sizes of the groups for ``n`` pairs: fours, then as few threes as needed."""
    if n < 3 or n == 5:
        raise PairingError(errors.GROUP_SIZE, count=n)
    threes = (4 - n % 4) % 4
    fours = (n - 3 * threes) // 4
    return [4] * fours + [3] * threes


def rotation_groups(
    ids_in_order: Sequence[Hashable], method: str = "draw", group_count: int | None = None
) -> list[list[Hashable]]:
    """Split the field into groups.

    ``method="draw"``: consecutive draw numbers form a group (1–4, 5–8, …);
    ``method="serpentine"``: ``ids_in_order`` is a ranking, dealt in snake order.
    ``group_count`` is checked against the sizes when given.
    """
    ids = list(ids_in_order)
    if len(set(ids)) != len(ids):
        raise PairingError(errors.DUPLICATE)
    sizes = group_sizes(len(ids))
    if group_count is not None and group_count != len(sizes):
        raise PairingError(errors.GROUP_COUNT, count=len(ids), groups=len(sizes), asked=group_count)
    check_choice("method", method, ("draw", "serpentine"))
    if method == "draw":
        groups, start = [], 0
        for size in sizes:
            groups.append(ids[start : start + size])
            start += size
        return groups
    groups = [[] for _ in sizes]
    order = list(range(len(sizes)))
    index = 0
    for entrant in ids:
        # Walk the snake, skipping groups that are already full (groups of three fill first).
        while True:
            lap, pos = divmod(index, len(sizes))
            g = order[pos] if lap % 2 == 0 else order[-1 - pos]
            index += 1
            if len(groups[g]) < sizes[g]:
                groups[g].append(entrant)
                break
    return groups


@dataclass(frozen=True)
class Seat:
    """Where one pair sits in one round: a table and a side, or a bye (table None)."""

    round: int
    group: int
    table: int | None
    side: str | None  # "EW", "NS" or None for a bye


def pair_rotation_round(
    groups: Sequence[Sequence[Hashable]],
    round_index: int,
    first_table: int = 1,
    seating: str = "first_ew",
) -> Pairing:
    """The tables of round ``round_index`` (1–3) for every group; each group keeps its
    tables. The pair listed first sits East–West, or North–South under ``"first_ns"``."""
    check_seating(seating)
    if round_index not in (1, 2, 3):
        raise PairingError(errors.ROTATION_ROUND)
    tables, byes = [], []
    number = first_table
    swap = seating == "first_ns"

    def table(first: Hashable, second: Hashable) -> Table:
        return Table(number, second, first) if swap else Table(number, first, second)

    for group in groups:
        if len(group) == 4:
            for first, second in _FOUR[round_index - 1]:
                tables.append(table(group[first], group[second]))
                number += 1
        elif len(group) == 3:
            first, second, bye = _THREE[round_index - 1]
            tables.append(table(group[first], group[second]))
            byes.append(Bye(group[bye], frozenset({FLAG_BYE})))
            number += 1
        else:
            raise PairingError(errors.GROUP_MEMBERS)
    return Pairing(tables=tuple(tables), byes=tuple(byes))


def movement_table(
    groups: Sequence[Sequence[Hashable]], first_table: int = 1, seating: str = "first_ew"
) -> dict[Hashable, list[Seat]]:
    """For every pair, its seat in rounds 1–3 (the 移位表) under the event's ``seating``."""
    seats: dict[Hashable, list[Seat]] = {entrant: [] for group in groups for entrant in group}
    group_of = {entrant: gi for gi, group in enumerate(groups) for entrant in group}
    for r in (1, 2, 3):
        pairing = pair_rotation_round(groups, r, first_table, seating)
        for t in pairing.tables:
            seats[t.ew].append(Seat(r, group_of[t.ew], t.number, "EW"))
            seats[t.ns].append(Seat(r, group_of[t.ns], t.number, "NS"))
        for b in pairing.byes:
            seats[b.entrant].append(Seat(r, group_of[b.entrant], None, None))
    return seats
