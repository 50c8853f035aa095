"""Round robin (单循环) by Berger tables: every pair meets every other pair once.

Vocabulary
----------
Berger table (贝格尔编排表)
    The classic schedule of a round robin of ``n`` pairs (``n`` even): the last pair stays
    at table 1 while the others turn round a circle, ``n / 2 - 1`` places a round; ``n - 1``
    rounds. Round 1 is 1–n, 2–(n−1), 3–(n−2), … in the order the ids are given (draw
    numbers or seeds).
bye (轮空)
    With an odd count a phantom pair ``n + 1`` is added; whoever meets it sits out. Every
    pair has exactly one bye over the ``n`` rounds.
listed first
    The pair named first at a table: it sits East–West under ``seating="first_ew"`` and
    North–South under ``"first_ns"`` (:mod:`pairing.seats`). The table of the pair that
    stays is listed alternately from both sides, the others from the side ahead on the
    circle; so every pair ends the round robin with East–West and North–South games within
    one of each other, and is never more than two games from even on the way.
movement table (移位表)
    Round by round, which pairs sit at which table: :func:`round_robin_movement`.

>>> [[(t.ew, t.ns) for t in p.tables] for p in round_robin_schedule(["a", "b", "c", "d"])]
[[('a', 'd'), ('b', 'c')], [('d', 'c'), ('a', 'b')], [('b', 'd'), ('c', 'a')]]
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from . import errors
from .errors import PairingError
from .flags import FLAG_BYE
from .result import Bye, Pairing, Table
from .seats import check_seating

_PHANTOM = object()
"""The pair added to an odd field; meeting it is the bye."""


def round_robin_rounds(n: int) -> int:
    """How many rounds a round robin of ``n`` pairs takes: ``n - 1`` (even) or ``n`` (odd)."""
    return n - 1 if n % 2 == 0 else n


def _berger(players: list) -> list[list[tuple]]:
    """The Berger rounds of an even list of players as (listed first, second) tuples."""
    n = len(players)
    fixed, ring = players[-1], players[:-1]
    shift = n // 2 - 1
    rounds = []
    for r in range(n - 1):
        head = ring[0]
        tables = [(fixed, head) if r % 2 else (head, fixed)]
        tables += [(ring[k], ring[-k]) for k in range(1, n // 2)]
        rounds.append(tables)
        if shift:
            ring = ring[-shift:] + ring[:-shift]
    return rounds


def _check_ids(ids: Sequence[Hashable]) -> list[Hashable]:
    field = list(ids)
    if len(set(field)) != len(field):
        raise PairingError(errors.DUPLICATE)
    if len(field) < 2:
        raise PairingError(errors.TOO_FEW, minimum=2, count=len(field))
    return field


def round_robin_schedule(ids: Sequence[Hashable], seating: str = "first_ew") -> list[Pairing]:
    """Every round of the round robin of ``ids`` (in draw order), as pairings."""
    check_seating(seating)
    field = _check_ids(ids)
    players = field + [_PHANTOM] if len(field) % 2 else field
    schedule = []
    for tables in _berger(players):
        placed, byes = [], []
        for first, second in tables:
            if _PHANTOM in (first, second):
                byes.append(Bye(second if first is _PHANTOM else first, frozenset({FLAG_BYE})))
                continue
            ew, ns = (first, second) if seating == "first_ew" else (second, first)
            placed.append(Table(len(placed) + 1, ew, ns))
        schedule.append(Pairing(tables=tuple(placed), byes=tuple(byes)))
    return schedule


def pair_round_robin_round(
    ids: Sequence[Hashable], round_index: int, seating: str = "first_ew"
) -> Pairing:
    """Round ``round_index`` (1 … :func:`round_robin_rounds`) of the round robin of ``ids``."""
    total = round_robin_rounds(len(list(ids)))
    if not 1 <= round_index <= total:
        raise PairingError(errors.ROUND_ROBIN_ROUND, total=total)
    return round_robin_schedule(ids, seating)[round_index - 1]


def round_robin_movement(
    ids: Sequence[Hashable], seating: str = "first_ew"
) -> dict[int, list[tuple[int | None, Hashable, Hashable | None]]]:
    """The movement table: ``{round: [(table, EW pair, NS pair), …, (None, bye pair, None)]}``."""
    movement = {}
    for number, pairing in enumerate(round_robin_schedule(ids, seating), start=1):
        rows: list[tuple[int | None, Hashable, Hashable | None]] = [
            (t.number, t.ew, t.ns) for t in pairing.tables
        ]
        rows += [(None, b.entrant, None) for b in pairing.byes]
        movement[number] = rows
    return movement
