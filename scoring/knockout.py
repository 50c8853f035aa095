"""The final ranking of a knockout (淘汰赛最终名次): the bracket decides, not the points.

Vocabulary
----------
bracket
    Plain data as stored with a knockout stage: ``{"rounds": [[match, …], …],
    "third_place": match or None, "seeds": [pair, …]}``; a match is a mapping with ``ew``,
    ``ns`` and ``winner`` (pair ids or None). ``seeds`` lists the entrants best first: their
    qualifying rank (晋级名次).
order of the final ranking
    Champion, runner-up, the winner then the loser of the third-place match (三四名决赛),
    then the others by the round in which they lost — later rounds first — and, inside a
    round, by qualifying rank. Every place is distinct.

>>> final = {"ew": 1, "ns": 2, "winner": 2}
>>> semis = [{"ew": 1, "ns": 4, "winner": 1}, {"ew": 2, "ns": 3, "winner": 2}]
>>> bracket = {"rounds": [semis, [final]], "third_place": {"ew": 4, "ns": 3, "winner": 3},
...            "seeds": [1, 2, 3, 4]}
>>> bracket_order(bracket)
[2, 1, 3, 4]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from scoring.standings import StandingRow

DECIDED_BY_BRACKET = "bracket"
"""``StandingRow.decided_by`` of a place given by the knockout bracket."""


def _loser(match: Mapping[str, Any] | None) -> Hashable | None:
    if not match or match.get("winner") is None:
        return None
    ew, ns = match.get("ew"), match.get("ns")
    if ew is None or ns is None:
        return None  # a bye: nobody lost
    return ns if match["winner"] == ew else ew


def bracket_order(bracket: Mapping[str, Any]) -> list[Hashable] | None:
    """The pairs of a finished bracket in final-ranking order; None while it is undecided."""
    rounds = bracket.get("rounds") or []
    third = bracket.get("third_place")
    if not rounds or not rounds[-1] or rounds[-1][0].get("winner") is None:
        return None
    if third and third.get("winner") is None:
        return None
    final = rounds[-1][0]
    order: list[Hashable] = [final["winner"], _loser(final)]
    if third:
        order += [third["winner"], _loser(third)]
    seed_rank = {pair: i for i, pair in enumerate(bracket.get("seeds") or ())}
    for matches in reversed(rounds[:-1]):
        losers = [t for t in map(_loser, matches) if t is not None and t not in order]
        # Ties inside a round: the better qualifying rank first.
        order += sorted(losers, key=lambda t: seed_rank.get(t, len(seed_rank)))
    return [pair for pair in order if pair is not None]


def rank_by_bracket(rows: Sequence[StandingRow], order: Sequence[Hashable]) -> list[StandingRow]:
    """Standings with the bracket's pairs on top in ``order``, the others after them.

    The others keep their order and their ties; their ranks follow the bracket's places.
    """
    by_pair = {row.pair: row for row in rows}
    placed = [pair for pair in order if pair in by_pair]
    out = [
        dataclasses.replace(by_pair[pair], rank=i, decided_by=DECIDED_BY_BRACKET if i > 1 else None)
        for i, pair in enumerate(placed, start=1)
    ]
    chosen = set(placed)
    rest = [row for row in rows if row.pair not in chosen]
    previous: StandingRow | None = None
    for row in rest:
        tied = previous is not None and row.rank == previous.rank
        rank = out[-1].rank if tied else len(out) + 1
        out.append(dataclasses.replace(row, rank=rank))
        previous = row
    return out
