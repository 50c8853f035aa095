"""Three-round rotation groups (分组三轮移位).

Vocabulary
----------
group
    Four pairs (or three) that play each other: a group of four plays a round robin in
    three rounds (RULES.md §11); a group of three plays two games each, one pair having
    the bye (轮空) each round.
position
    A pair's place in its group, A, B, C, D, in seeding order.
movement table (移位表)
    Where each pair sits each round: table number and seat (东西 EW / 南北 NS), or bye.
serpentine seeding (蛇形分组)
    Seeds dealt to groups 1…G, then G…1, then 1…G again: every group gets one pair of each
    strength band.

Groups of four need the count to be a multiple of four; otherwise the last groups have
three pairs (``n = 4a + 3b``), which every count but 1, 2 and 5 allows.

The schedule of a group of four (position A never changes table)::

    round 1: T1  A(EW)–B(NS)   T2  C(EW)–D(NS)
    round 2: T1  D(EW)–A(NS)   T2  B(EW)–C(NS)
    round 3: T1  A(EW)–C(NS)   T2  D(EW)–B(NS)

Seats alternate for A and B over the three rounds; C and D alternate in rounds 1–2 and
keep their seat in round 3 (no schedule of a four-pair round robin alternates everyone).
Each pair sits EW twice and NS once, or the reverse. A group of three::

    round 1: A(EW)–B(NS), C bye;  round 2: C(EW)–A(NS), B bye;  round 3: B(EW)–C(NS), A bye
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

from .entrants import Entrant
from .errors import PairingError, check_choice
from .flags import FLAG_BYE
from .result import Bye, Pairing, Table
from .seats import check_seating

METHODS = ("draw", "serpentine")
ROUNDS = 3

# (position of EW, position of NS) per table, per round; positions index the group.
_FOUR = (((0, 1), (2, 3)), ((3, 0), (1, 2)), ((0, 2), (3, 1)))
_THREE = (((0, 1),), ((2, 0),), ((1, 2),))
_THREE_BYE = (2, 1, 0)


@dataclass(frozen=True)
class RotationGroup:
    number: int
    members: tuple[Hashable, ...]


@dataclass(frozen=True)
class GroupTable:
    """One table of one group round; ``table`` counts from 1 inside the group."""

    round: int
    table: int
    ew: Hashable
    ns: Hashable


@dataclass(frozen=True)
class GroupRound:
    round: int
    tables: tuple[GroupTable, ...]
    bye: Hashable | None


@dataclass(frozen=True)
class Position:
    """Where a pair sits in one round: ``table`` and ``seat`` ("EW"/"NS"), or a bye."""

    round: int
    table: int | None
    seat: str | None
    opponent: Hashable | None


def _ids(entrants_in_order: Sequence[Entrant | Hashable]) -> list[Hashable]:
    ids = [e.id if isinstance(e, Entrant) else e for e in entrants_in_order]
    if len(set(ids)) != len(ids):
        raise PairingError("a pair appears twice", "分组名单中有重复的选手", "duplicate")
    return ids


def group_sizes(n: int, group_count: int | None = None) -> list[int]:
    """Sizes of the groups, fours first then threes."""
    if group_count is None:
        group_count = -(-n // 4)
    fours = n - 3 * group_count
    threes = group_count - fours
    if group_count < 1 or fours < 0 or threes < 0:
        raise PairingError(
            f"{n} pairs cannot form {group_count} groups of three or four",
            f"{n} 对选手无法分成 {group_count} 个三对或四对的小组",
            "group_size",
        )
    return [4] * fours + [3] * threes


def rotation_groups(
    entrants_in_order: Sequence[Entrant | Hashable],
    method: str = "draw",
    group_count: int | None = None,
) -> list[RotationGroup]:
    """Form the groups from pairs in order (by draw number, or by a previous standings).

    ``"draw"``: consecutive pairs form a group (draw numbers 1–4, 5–8, …).
    ``"serpentine"``: snake seeding; groups of three (if any) are the last groups and get
    no pair in the fourth row.
    """
    check_choice("method", method, METHODS)
    ids = _ids(entrants_in_order)
    sizes = group_sizes(len(ids), group_count)
    if method == "draw":
        groups, start = [], 0
        for size in sizes:
            groups.append(ids[start : start + size])
            start += size
    else:
        groups = [[] for _ in sizes]
        rest = iter(ids)
        for row in range(4):
            order = [g for g, size in enumerate(sizes) if size > row]
            if row % 2:
                order.reverse()
            for g in order:
                groups[g].append(next(rest))
    return [RotationGroup(k + 1, tuple(g)) for k, g in enumerate(groups)]


def rotation_schedule(group: RotationGroup | Sequence[Hashable]) -> list[GroupRound]:
    """The three rounds of a group (see the module docstring)."""
    members = tuple(group.members if isinstance(group, RotationGroup) else group)
    if len(members) == 4:
        plan, byes = _FOUR, (None, None, None)
    elif len(members) == 3:
        plan, byes = _THREE, _THREE_BYE
    else:
        raise PairingError(
            f"a rotation group has 3 or 4 pairs, not {len(members)}",
            f"轮转小组必须是三对或四对，而不是 {len(members)} 对",
            "group_size",
        )
    rounds = []
    for r, (tables, bye) in enumerate(zip(plan, byes, strict=True), start=1):
        rounds.append(
            GroupRound(
                r,
                tuple(
                    GroupTable(r, t, members[ew], members[ns])
                    for t, (ew, ns) in enumerate(tables, start=1)
                ),
                None if bye is None else members[bye],
            )
        )
    return rounds


def rotation_pairings(
    groups: Sequence[RotationGroup], seating: str = "first_ew", first_table: int = 1
) -> list[Pairing]:
    """The three rounds of all groups as :class:`Pairing` objects (tables numbered across
    groups: group 1 has tables 1–2, group 2 tables 3–4, …; a group of three one table).

    With ``seating="first_ns"`` every seat is mirrored (the listed-first pair sits NS).
    """
    check_seating(seating)
    rounds: list[tuple[list[Table], list[Bye]]] = [([], []) for _ in range(ROUNDS)]
    number = first_table
    for group in groups:
        schedule = rotation_schedule(group)
        for r, plan in enumerate(schedule):
            tables, byes = rounds[r]
            for t in plan.tables:
                ew, ns = (t.ew, t.ns) if seating == "first_ew" else (t.ns, t.ew)
                tables.append(Table(number + t.table - 1, ew, ns))
            if plan.bye is not None:
                byes.append(Bye(plan.bye, frozenset({FLAG_BYE})))
        number += len(schedule[0].tables)
    return [Pairing(tuple(t), tuple(b), seed=None) for t, b in rounds]


def movement_table(
    groups: Sequence[RotationGroup], seating: str = "first_ew", first_table: int = 1
) -> dict[Hashable, list[Position]]:
    """For each pair, where it sits in rounds 1–3 (the printed 移位表)."""
    table: dict[Hashable, list[Position]] = {m: [] for g in groups for m in g.members}
    for r, pairing in enumerate(rotation_pairings(groups, seating, first_table), start=1):
        for t in pairing.tables:
            table[t.ew].append(Position(r, t.number, "EW", t.ns))
            table[t.ns].append(Position(r, t.number, "NS", t.ew))
        for b in pairing.byes:
            table[b.entrant].append(Position(r, None, None, None))
    return table


@dataclass(frozen=True)
class RotationTotals:
    """Totals of the three rounds: per group (best first) and overall (best first)."""

    groups: tuple[tuple[tuple[Hashable, float], ...], ...]
    overall: tuple[tuple[Hashable, float, int], ...]  # (id, total, group number)


def rotation_totals(
    groups: Sequence[RotationGroup], scores: Mapping[Hashable, Sequence[float] | float]
) -> RotationTotals:
    """Sum each pair's round scores (a bye scores what the event's bye rule gives, which
    the caller includes) and rank within groups and overall. Equal totals keep the group
    order (seeding); further tiebreaks are the standings' business."""

    def total(pair: Hashable) -> float:
        value = scores.get(pair, 0.0)
        return float(value) if isinstance(value, int | float) else float(sum(value))

    per_group = []
    overall = []
    for group in groups:
        ranked = sorted(((m, total(m)) for m in group.members), key=lambda row: -row[1])
        per_group.append(tuple(ranked))
        overall.extend((m, t, group.number) for m, t in ranked)
    overall.sort(key=lambda row: -row[1])
    return RotationTotals(tuple(per_group), tuple(overall))
