"""Final places of a multi-stage event (多阶段赛事的最终名次, docs/rules.md §11.8).

Each stage ranks by its own rules: the points stages (Swiss, round robin, rotation) by the
standings of their rounds, a knockout stage by its bracket. A knockout game is never a points
round: it adds nothing to a pair's points, 级差分 or 对手分, nor to its opponents'.

Vocabulary
----------
standing
    The ranking of the points rounds (every round outside a knockout stage), as
    :class:`~scoring.standings.StandingRow` rows: it ranks every pair and gives the numbers
    shown for it.
knockout stage
    ``KnockoutStage(members, order)``: the pairs the stage's bracket holds and, once the
    bracket is decided, its final ranking (:func:`scoring.knockout.bracket_order`); None
    while it is being played.
final places
    A pair ranks by the last knockout stage it reached: the pairs of a later stage above
    those of an earlier one, and above the pairs that reached none. Inside a stage the
    bracket's order decides; while the bracket is undecided, and for the pairs that reached
    no knockout, the standing decides (ties in it stay ties).

>>> from scoring.standings import StandingRow
>>> def row(rank, pair, points):
...     return StandingRow(rank, pair, points, 0, {}, None, None, 0, 0, 0, 0, 0)
>>> rows = [row(1, "a", 8), row(2, "b", 6), row(3, "c", 6), row(3, "d", 6), row(5, "e", 4)]
>>> ko = KnockoutStage(members=frozenset("abce"), order=["e", "c", "a", "b"])
>>> [(r.rank, r.pair, r.points) for r in final_places(rows, [ko])]
[(1, 'e', 4), (2, 'c', 6), (3, 'a', 8), (4, 'b', 6), (5, 'd', 6)]
>>> running = KnockoutStage(members=frozenset("abce"), order=None)
>>> [(r.rank, r.pair) for r in final_places(rows, [running])]
[(1, 'a'), (2, 'b'), (3, 'c'), (4, 'e'), (5, 'd')]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Hashable, Sequence
from dataclasses import dataclass

from scoring.knockout import DECIDED_BY_BRACKET
from scoring.standings import StandingRow

DECIDED_BY_STAGE = "stage"
"""``StandingRow.decided_by`` of the first pair placed below pairs that reached a later stage."""


@dataclass(frozen=True)
class KnockoutStage:
    """One knockout stage as plain data (see the module docstring)."""

    members: Collection[Hashable]
    order: Sequence[Hashable] | None = None


def final_places(rows: Sequence[StandingRow], stages: Sequence[KnockoutStage]) -> list[StandingRow]:
    """The standing's rows in final-place order with their final ranks.

    ``stages`` are the event's knockout stages in playing order. A row keeps its numbers
    (they are the points rounds'); its rank is its final place. Pairs the bracket ranks get
    distinct places labelled :data:`DECIDED_BY_BRACKET`; the others keep the standing's
    ties and labels.
    """
    if not stages:
        return list(rows)
    standing_position = {row.pair: i for i, row in enumerate(rows)}
    places = [{pair: i for i, pair in enumerate(stage.order or ())} for stage in stages]

    def key(row: StandingRow) -> tuple[int, int, int]:
        # (the last stage reached, counted from the end; the place its bracket gave, or
        # after every bracket place while undecided; the standing's rank)
        for depth in range(len(stages), 0, -1):
            if row.pair in stages[depth - 1].members:
                place = places[depth - 1].get(row.pair)
                if place is not None:
                    return (-depth, place, 0)
                return (-depth, len(places[depth - 1]), row.rank)
        return (0, 0, row.rank)

    ordered = sorted(rows, key=lambda r: (key(r), standing_position[r.pair]))
    out: list[StandingRow] = []
    previous_key = None
    for row in ordered:
        row_key = key(row)
        by_bracket = row_key[0] < 0 and row_key[2] == 0
        if out and row_key == previous_key:
            rank, decided_by = out[-1].rank, None  # tied in the standing and in every stage
        else:
            rank = len(out) + 1
            decided_by = row.decided_by
            if by_bracket:
                decided_by = DECIDED_BY_BRACKET
            elif previous_key is not None and row_key[0] != previous_key[0]:
                decided_by = DECIDED_BY_STAGE
        out.append(dataclasses.replace(row, rank=rank, decided_by=decided_by if out else None))
        previous_key = row_key
    return out
