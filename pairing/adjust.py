"""Manual adjustment of a round before it is published (人工辅助).

The organizer may swap two pairs, move a pair to a seat, give or take a bye, or throw the
pairing away and pair again. Every change returns a new :class:`Pairing`; tables touched
by hand carry the ``manual`` flag. :func:`check_pairing` lists every conflict, live:

========================  =========  ==============================================
kind                      blocking   meaning
========================  =========  ==============================================
``duplicate``             yes        a pair is placed twice
``missing``               yes        an active pair is not placed
``unknown``               yes        a placed id is not an active pair
``rematch``               no         the two pairs met before
``same_unit``             no         same unit (only when avoidance is on)
``seat_imbalance``        no         a balance leaves ±2, or fewer than 90 % within ±1
``second_bye``            no         a bye to a pair while another has fewer byes
========================  =========  ==============================================

A pairing with a blocking conflict cannot be published (:func:`publishable`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, replace

from .entrants import Entrant
from .errors import PairingError, check_choice
from .flags import FLAG_BYE, FLAG_MANUAL, FLAG_REMATCH, FLAG_SAME_UNIT, FLAG_SEAT_FORCED
from .result import Bye, Pairing, Table
from .seats import (
    SEAT_LIMIT,
    check_seating,
    first_sits_ew,
    outside_one_budget,
)

BLOCKING_KINDS = frozenset({"duplicate", "missing", "unknown"})
UNIT_MODES = ("off", "soft", "hard")

_MESSAGES = {
    "duplicate": ("{who} 被安排了不止一次", "{who} is placed more than once"),
    "missing": ("{who} 没有被安排", "{who} is not placed"),
    "unknown": ("{who} 不是本轮的参赛选手", "{who} is not an active pair"),
    "rematch": ("{who} 已经交过手", "{who} have met before"),
    "same_unit": ("{who} 来自同一单位", "{who} are from the same unit"),
    "seat_imbalance": ("{who} 的东西/南北次数差将超过 ±2", "{who}: seat balance beyond ±2"),
    "seat_share": (
        "本轮后只有不到 90% 的选手座位差在 ±1 以内",
        "fewer than 90 % of the pairs end within ±1 seat balance",
    ),
    "second_bye": ("{who} 再次轮空，而仍有选手未轮空过", "{who} gets another bye before others"),
}


@dataclass(frozen=True)
class Conflict:
    kind: str
    entrants: tuple[Hashable, ...]
    table: int | None = None
    message_zh: str = ""
    message_en: str = ""

    @property
    def blocking(self) -> bool:
        return self.kind in BLOCKING_KINDS


def _conflict(kind: str, who: tuple[Hashable, ...], table: int | None, key: str = "") -> Conflict:
    zh, en = _MESSAGES[key or kind]
    names = "、".join(map(str, who))
    return Conflict(kind, who, table, zh.format(who=names), en.format(who=", ".join(map(str, who))))


def check_pairing(
    pairing: Pairing, entrants: Iterable[Entrant], avoid_same_unit: str = "off"
) -> list[Conflict]:
    """Every conflict of a (possibly hand-edited) pairing against the active entrants."""
    check_choice("avoid_same_unit", avoid_same_unit, UNIT_MODES)
    by_id = {e.id: e for e in entrants}
    conflicts: list[Conflict] = []
    counts = Counter(pairing.entrant_ids())
    for pair, count in counts.items():
        if pair not in by_id:
            conflicts.append(_conflict("unknown", (pair,), None))
        elif count > 1:
            conflicts.append(_conflict("duplicate", (pair,), None))
    for pair in by_id:
        if pair not in counts:
            conflicts.append(_conflict("missing", (pair,), None))
    after = {pair: e.seat_balance for pair, e in by_id.items()}
    for t in pairing.tables:
        a, b = by_id.get(t.ew), by_id.get(t.ns)
        if a is None or b is None:
            continue
        if b.id in a.opponents or a.id in b.opponents:
            conflicts.append(_conflict("rematch", (a.id, b.id), t.number))
        if avoid_same_unit != "off" and a.unit is not None and a.unit == b.unit:
            conflicts.append(_conflict("same_unit", (a.id, b.id), t.number))
        after[a.id] += 1
        after[b.id] -= 1
        beyond = tuple(p for p in (a.id, b.id) if abs(after[p]) > SEAT_LIMIT)
        if beyond:
            conflicts.append(_conflict("seat_imbalance", beyond, t.number))
    outside = sum(abs(v) > 1 for v in after.values())
    if by_id and outside > outside_one_budget(len(by_id)):
        who = tuple(p for p, v in after.items() if abs(v) > 1)
        conflicts.append(_conflict("seat_imbalance", who, None, key="seat_share"))
    fewest = min((e.byes for e in by_id.values()), default=0)
    for bye in pairing.byes:
        e = by_id.get(bye.entrant)
        if e is not None and e.byes > fewest:
            conflicts.append(_conflict("second_bye", (e.id,), None))
    return conflicts


def publishable(conflicts: Iterable[Conflict]) -> bool:
    return not any(c.blocking for c in conflicts)


# -- edits ------------------------------------------------------------------------------------


def _locate(pairing: Pairing, pair: Hashable) -> tuple[str, int, str]:
    """("table", index, "ew"/"ns") or ("bye", index, "")."""
    for k, t in enumerate(pairing.tables):
        if t.ew == pair:
            return ("table", k, "ew")
        if t.ns == pair:
            return ("table", k, "ns")
    for k, b in enumerate(pairing.byes):
        if b.entrant == pair:
            return ("bye", k, "")
    raise PairingError(f"{pair!r} is not in this pairing", f"{pair!r} 不在本轮编排中", "not_placed")


def _put(pairing: Pairing, place: tuple[str, int, str], pair: Hashable) -> Pairing:
    kind, k, seat = place
    if kind == "bye":
        byes = list(pairing.byes)
        byes[k] = Bye(pair, frozenset({FLAG_BYE, FLAG_MANUAL}))
        return replace(pairing, byes=tuple(byes))
    tables = list(pairing.tables)
    t = tables[k]
    flags = frozenset({FLAG_MANUAL} | (t.flags & {FLAG_SEAT_FORCED}))
    tables[k] = replace(t, flags=flags, **{seat: pair})
    return replace(pairing, tables=tuple(tables))


def swap(pairing: Pairing, a: Hashable, b: Hashable) -> Pairing:
    """Exchange the places (table and seat, or bye) of two pairs."""
    place_a, place_b = _locate(pairing, a), _locate(pairing, b)
    return _put(_put(pairing, place_a, b), place_b, a)


def move(pairing: Pairing, pair: Hashable, table: int, seat: str = "ew") -> Pairing:
    """Put ``pair`` at ``table``'s ``seat`` ("ew"/"ns"); the pair sitting there takes the
    place ``pair`` leaves."""
    check_choice("seat", seat, ("ew", "ns"))
    for t in pairing.tables:
        if t.number == table:
            occupant = t.ew if seat == "ew" else t.ns
            return pairing if occupant == pair else swap(pairing, pair, occupant)
    raise PairingError(f"no table {table}", f"没有第 {table} 桌", "table")


def give_bye(pairing: Pairing, pair: Hashable, instead_of: Hashable | None = None) -> Pairing:
    """Give ``pair`` the bye.

    With a bye in the round, ``pair`` takes it and the pair that had it (``instead_of``,
    or the only bye) takes ``pair``'s seat. Without one, ``pair``'s table is dissolved and
    both of its pairs get a bye (seat the opponent again with :func:`take_bye`).
    """
    place = _locate(pairing, pair)
    if place[0] == "bye":
        return pairing
    if pairing.byes:
        if instead_of is None:
            if len(pairing.byes) > 1:
                raise PairingError(
                    "say which bye to replace", "请指定由哪一对选手让出轮空", "ambiguous_bye"
                )
            instead_of = pairing.byes[0].entrant
        if _locate(pairing, instead_of)[0] != "bye":
            raise PairingError(
                f"{instead_of!r} has no bye", f"{instead_of!r} 本轮没有轮空", "not_bye"
            )
        return swap(pairing, pair, instead_of)
    t = pairing.tables[place[1]]
    tables = tuple(x for x in pairing.tables if x is not t)
    new_byes = tuple(Bye(p, frozenset({FLAG_BYE, FLAG_MANUAL})) for p in (t.ew, t.ns))
    return replace(pairing, tables=tables, byes=pairing.byes + new_byes)


def take_bye(pairing: Pairing, pair: Hashable, opponent: Hashable | None = None) -> Pairing:
    """Seat a pair that has the bye against another pair with a bye (``opponent``, or the
    only other one) at a new table at the end; ``pair`` sits East-West."""
    if _locate(pairing, pair)[0] != "bye":
        raise PairingError(f"{pair!r} has no bye", f"{pair!r} 本轮没有轮空", "not_bye")
    others = [b.entrant for b in pairing.byes if b.entrant != pair]
    if opponent is None:
        if len(others) != 1:
            raise PairingError(
                "say who the pair should meet",
                "请指定对手（没有唯一的另一对轮空选手）",
                "ambiguous_bye",
            )
        opponent = others[0]
    if opponent not in others:
        raise PairingError(f"{opponent!r} has no bye", f"{opponent!r} 本轮没有轮空", "not_bye")
    number = max((t.number for t in pairing.tables), default=0) + 1
    table = Table(number, pair, opponent, frozenset({FLAG_MANUAL}))
    byes = tuple(b for b in pairing.byes if b.entrant not in (pair, opponent))
    return replace(pairing, tables=(*pairing.tables, table), byes=byes)


def reseat(
    pairing: Pairing,
    entrants: Iterable[Entrant],
    seating: str = "first_ew",
    avoid_same_unit: str = "off",
) -> Pairing:
    """Apply the seat rule (:mod:`pairing.seats`) to every table, and refresh the flags
    that follow from the entrants (rematch, same unit, seat forced)."""
    check_seating(seating)
    check_choice("avoid_same_unit", avoid_same_unit, UNIT_MODES)
    by_id = {e.id: e for e in entrants}
    tables = []
    for t in pairing.tables:
        a, b = by_id.get(t.ew), by_id.get(t.ns)
        if a is None or b is None:
            tables.append(t)
            continue
        first, second = (a, b) if a.rank <= b.rank else (b, a)
        first_ew, forced = first_sits_ew(first.seat_balance, second.seat_balance, seating)
        ew, ns = (first, second) if first_ew else (second, first)
        flags = set(t.flags) - {FLAG_SEAT_FORCED, FLAG_REMATCH, FLAG_SAME_UNIT}
        if forced:
            flags.add(FLAG_SEAT_FORCED)
        if b.id in a.opponents or a.id in b.opponents:
            flags.add(FLAG_REMATCH)
        if avoid_same_unit != "off" and a.unit is not None and a.unit == b.unit:
            flags.add(FLAG_SAME_UNIT)
        tables.append(replace(t, ew=ew.id, ns=ns.id, flags=frozenset(flags)))
    rematches = sum(FLAG_REMATCH in t.flags for t in tables)
    return replace(pairing, tables=tuple(tables), rematches=rematches)


def renumber(pairing: Pairing, entrants: Iterable[Entrant]) -> Pairing:
    """Number the tables again from the top of the standings."""
    rank = {e.id: e.rank for e in entrants}
    ordered = sorted(
        pairing.tables, key=lambda t: min(rank.get(t.ew, 10**9), rank.get(t.ns, 10**9))
    )
    tables = tuple(replace(t, number=k) for k, t in enumerate(ordered, start=1))
    return replace(pairing, tables=tables)


def balances_after_round(pairing: Pairing, entrants: Iterable[Entrant]) -> dict[Hashable, int]:
    """Each pair's seat balance once this pairing is played."""
    after = {e.id: e.seat_balance for e in entrants}
    for t in pairing.tables:
        if t.ew in after and t.ns in after:
            after[t.ew] += 1
            after[t.ns] -= 1
    return after
