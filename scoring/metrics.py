"""The registry of ranking metrics (名次排序指标) and the default tiebreak chain.

An event ranks its pairs by a chain of metric keys: the first metric orders everybody,
each next one only separates pairs still tied on all the earlier ones (docs/rules.md §9).

Vocabulary, with the keys used in the event options and in the JSON
--------------------------------------------------------------------
``points`` 积分
    The sum of the match scores (26-point table, 2/1/0 or 100+d).
``level_diff`` 级差分
    The sum of the signed level differences: +d when winning by d, -d when losing.
    A pair that beat K by passing A (+2) and then lost 2 : 5 (-3) has 级差分 -1.
``opp_points`` 对手分
    The sum of the points of every opponent met (an opponent met twice counts twice; a
    bye counts nothing). Beating strong pairs is worth more than beating weak ones.
    A played 7 (now 30 points) and 9 (now 22): 对手分 52.
``fouls`` 犯规
    The fouls written on the sheets; fewer is better.
``wins`` 胜局数
    Matches won (a bye counts per the bye policy).
``levels_climbed`` 升级数
    The sum over the matches of the level index reached (2 → 0 … A+ → 13), for matches
    with recorded levels.
``progressive`` 累进分
    The sum of the running totals after each round. Points won early count more:
    rounds 13, 26, 13 give running totals 13, 39, 52 and a 累进分 of 104; rounds 26, 13,
    13 give 26, 39, 52 = 117.
``head_to_head`` 相互胜负
    Between exactly two tied pairs: the points each scored in their matches against each
    other (summed if they met more than once); the higher wins. Pairs that never met, or
    scored the same against each other, stay tied. **With three or more tied pairs the
    metric separates nobody** (a mini-league among them is in none of the documents and can loop);
    the chain goes on to the next metric.
``last_rounds`` 末轮成绩倒查
    The points of the last round counted, then the round before, and so on (docs/rules.md §9:
    比较前一轮成绩，以此类推). A round without a record for the pair counts 0.
    Shown as the tuple of per-round points, latest first.
``lot`` 抽签
    A number drawn for each pair from the event's stored ``lot_seed``: the first four bytes
    of BLAKE2b(``f"{seed}:{pair!r}"``) read as an unsigned integer; the lower number ranks
    higher. It is reproducible (no salted ``hash()``, no clock) and is shown in
    ``StandingRow.lot_draw`` when it was used. If two numbers ever collide (odds 1 in 4·10⁹)
    ``repr(pair)`` decides, so lot always separates.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from itertools import repeat
from typing import Any

from scoring.records import Ledger

DEFAULT_TIEBREAKS: tuple[str, ...] = (
    "points",
    "level_diff",
    "opp_points",
    "fouls",
    "last_rounds",
    "lot",
)
"""docs/rules.md §9: points, 级差分, 对手分, fewer fouls, last round backwards, lot."""


def lot_number(seed: int, pair: Hashable) -> int:
    """Return the lot drawn for ``pair`` with ``seed`` (lower ranks higher).

    >>> lot_number(2024, 7) == lot_number(2024, 7)
    True
    >>> lot_number(2024, 7) != lot_number(2025, 7)
    True
    """
    digest = hashlib.blake2b(f"{seed}:{pair!r}".encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big")


@dataclass(frozen=True)
class Metric:
    """One way of comparing pairs.

    ``value(ledger, pair, seed)`` gives the pair's value; pairs are ordered by it,
    descending when ``higher_is_better``. ``pairwise`` metrics (head-to-head) have no
    value of their own: they compare the members of a tied group (see
    :mod:`scoring.standings`). ``always_separates`` marks lot.
    """

    key: str
    higher_is_better: bool
    value: Callable[[Ledger, Hashable, int], Any] | None = None
    pairwise: bool = False
    always_separates: bool = False


def _points(ledger: Ledger, pair: Hashable, seed: int) -> int:
    return ledger.tallies[pair].points


def _level_diff(ledger: Ledger, pair: Hashable, seed: int) -> int:
    return ledger.tallies[pair].level_diff


def _opp_points(ledger: Ledger, pair: Hashable, seed: int) -> int:
    # Per-pair totals are complete before any 对手分 is read, so this is O(matches).
    return sum(map(ledger.points.__getitem__, ledger.tallies[pair].opponents))


def _fouls(ledger: Ledger, pair: Hashable, seed: int) -> int:
    return ledger.tallies[pair].fouls


def _wins(ledger: Ledger, pair: Hashable, seed: int) -> int:
    return ledger.tallies[pair].wins


def _levels_climbed(ledger: Ledger, pair: Hashable, seed: int) -> int:
    return ledger.tallies[pair].levels_climbed


def _progressive(ledger: Ledger, pair: Hashable, seed: int) -> int:
    # Σ over rounds r ≤ N of the running total after r = Σ points_r × (N − r + 1).
    last = ledger.last_round
    return sum(p * (last - r + 1) for r, p in ledger.tallies[pair].by_round.items())


def _last_rounds(ledger: Ledger, pair: Hashable, seed: int) -> tuple[int, ...]:
    by_round = ledger.tallies[pair].by_round
    return tuple(map(by_round.get, range(ledger.last_round, 0, -1), repeat(0)))


def _lot(ledger: Ledger, pair: Hashable, seed: int) -> int:
    return lot_number(seed, pair)


METRICS: dict[str, Metric] = {
    m.key: m
    for m in (
        Metric("points", True, _points),
        Metric("level_diff", True, _level_diff),
        Metric("opp_points", True, _opp_points),
        Metric("fouls", False, _fouls),
        Metric("wins", True, _wins),
        Metric("levels_climbed", True, _levels_climbed),
        Metric("progressive", True, _progressive),
        Metric("head_to_head", True, pairwise=True),
        Metric("last_rounds", True, _last_rounds),
        Metric("lot", False, _lot, always_separates=True),
    )
}
