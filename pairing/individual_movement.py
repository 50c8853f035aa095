"""Fixed movements of individual events for 8, 12 and 16 players (个人赛固定轮转, docs/rules.md §17.3).

Vocabulary
----------
player number
    1 … *n*: the players' draw numbers (the adapter maps them to players).
complete movement
    *n* − 1 rounds in which every two players are partners exactly once and opponents
    exactly twice (so tablemates exactly three times): the most a movement can have, since
    each player has only *n* − 1 possible partners. More rounds are refused.
cyclic movement
    Player *n* stays; in round *r* every other player *p* becomes *p* + *r* − 1 (mod *n* − 1).
    Its *base round* (round 1) is found by search: partnerships (*n*, 1) and a *starter*
    (the other players two by two, every difference mod *n* − 1 once, so that the rounds
    are a 1-factorization: no partner twice), then every seating of those partnerships two
    to a table, until every difference occurs three times among tablemates. The first one
    found makes the complete movement.
tablemates, meetings
    Two players at one table (partners or opponents); *meetings* of two players is how
    many rounds of the movement seat them together.
quality
    (largest meetings of any two players, Σ over pairs of players of meetings − 1 when
    above 1, Σ meetings²), compared in that order: lower is better.

How
---
*n* − 1 rounds: the complete cyclic movement. 16 players, up to 5 rounds: the five
parallel classes of the affine plane over GF(4) (each line a table, its first two points
partners), where no two players ever meet twice. Fewer rounds otherwise: the first rounds
of the cyclic movement, then a search: round by round, every way of seating the round's
partnerships two to a table (3, 15 or 105 ways) and every unused round of the cyclic
movement is tried with the other rounds fixed, keeping the best, until nothing improves;
then :data:`KICKS` times two rounds are re-seated at random (a seeded generator) and the
descent repeated, keeping the best. Partnerships always come from distinct rounds of one
1-factorization, so no partner is repeated. The result is computed once per (size,
rounds) and cached; the figures reached are in docs/rules.md §17.3 and checked by
tests/pairing/test_individual_movement.py.

>>> [(t.number, t.ew, t.ns) for t in individual_movement(8, 1)[0]]
[(1, (8, 1), (2, 4)), (2, (3, 7), (5, 6))]
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations

from .errors import MOVEMENT_ROUNDS, MOVEMENT_SIZE, PairingError
from .individual_swiss import IndividualTable

MOVEMENT_SIZES: tuple[int, ...] = (8, 12, 16)
KICKS = 10
"""Random kicks of the search for fewer rounds than a complete movement."""

_Round = tuple[tuple[tuple[int, int], tuple[int, int]], ...]
"""A round: its tables, each two partnerships."""


def movement_rounds(size: int) -> int:
    """The most rounds a movement of ``size`` players can have: ``size`` − 1."""
    _check_size(size)
    return size - 1


def individual_movement(size: int, rounds: int) -> tuple[tuple[IndividualTable, ...], ...]:
    """The movement's rounds, each a tuple of tables numbered from 1 (players 1 … size).

    Raises :class:`PairingError`: ``MOVEMENT_SIZE`` for a size other than 8, 12, 16;
    ``MOVEMENT_ROUNDS`` for fewer than 1 or more than ``size`` − 1 rounds (a repeated
    partner could not be avoided).
    """
    _check_size(size)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds < size:
        raise PairingError(MOVEMENT_ROUNDS, size=size, rounds=repr(rounds), maximum=size - 1)
    return tuple(
        tuple(
            IndividualTable(number, ew=(a + 1, b + 1), ns=(c + 1, d + 1))
            for number, ((a, b), (c, d)) in enumerate(round_, 1)
        )
        for round_ in _movement(size, rounds)
    )


def meetings(schedule: tuple[tuple[IndividualTable, ...], ...]) -> Counter:
    """How many rounds each two players (a frozenset) sit at one table."""
    met: Counter = Counter()
    for tables in schedule:
        for table in tables:
            met.update(frozenset(pair) for pair in combinations(table.players, 2))
    return met


def _check_size(size: object) -> None:
    if size not in MOVEMENT_SIZES:
        allowed = "、".join(map(str, MOVEMENT_SIZES))
        raise PairingError(MOVEMENT_SIZE, size=repr(size), allowed=allowed)


def cyclic_rounds(size: int) -> list[_Round]:
    """The complete cyclic movement of ``size`` players (module docstring): ``size`` − 1
    rounds, round *r* the base round with every player but the last moved on by *r*."""
    turning = size - 1
    base = _base_round(size)

    def moved(player: int, r: int) -> int:
        return player if player == turning else (player + r) % turning

    return [
        tuple(tuple((moved(a, r), moved(b, r)) for a, b in table) for table in base)
        for r in range(turning)
    ]


def _base_round(size: int) -> _Round:
    """The first base round (in search order) whose rounds seat every two players together
    exactly three times: a starter for the partners, then every seating of its partnerships."""
    turning = size - 1
    for pairs in _starters(list(range(1, turning)), turning, frozenset()):
        for seating in _seatings([(turning, 0), *pairs]):
            counts = Counter()
            for (a, b), (c, d) in seating:
                for x, y in combinations((a, b, c, d), 2):
                    if turning not in (x, y):
                        counts[min((x - y) % turning, (y - x) % turning)] += 1
            if set(counts.values()) == {3} and len(counts) == turning // 2:
                return seating
    raise AssertionError(f"no complete cyclic movement of {size}")  # pragma: no cover


def _starters(left: list[int], turning: int, used: frozenset) -> Iterator[list[tuple[int, int]]]:
    """Partitions of ``left`` into partnerships whose differences (mod ``turning``, up to
    sign) are all distinct: with (last player, 0), each round of partnerships of a 1-factorization."""
    if not left:
        yield []
        return
    first = left[0]
    for other in left[1:]:
        difference = min((other - first) % turning, (first - other) % turning)
        if difference in used:
            continue
        rest = [x for x in left if x not in (first, other)]
        for tail in _starters(rest, turning, used | {difference}):
            yield [(first, other), *tail]


def affine_rounds() -> list[list[tuple[int, int]]]:
    """The five parallel classes of AG(2, 4) as rounds of partnerships, four consecutive
    players a line: player 4x + y is the point (x, y) of GF(4)²."""
    mul = [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]]  # GF(4) = {0, 1, a, a²}
    classes = [[[4 * x + y for y in range(4)] for x in range(4)]]  # vertical lines x = c
    for slope in range(4):
        lines = [[4 * x + (mul[slope][x] ^ c) for x in range(4)] for c in range(4)]
        classes.append(lines)
    return [
        [(line[0], line[1]) for line in lines] + [(line[2], line[3]) for line in lines]
        for lines in classes
    ]


@lru_cache(maxsize=64)
def _movement(size: int, rounds: int) -> tuple[_Round, ...]:
    if size == 16 and rounds <= 5:
        # Partnerships 2k and 2k + 4 … of an affine round: line j is partnerships j, j + 4.
        return tuple(_affine_round(pairs) for pairs in affine_rounds()[:rounds])
    cyclic = cyclic_rounds(size)
    if rounds == size - 1:
        return tuple(cyclic)
    partnerships = [[pair for table in round_ for pair in table] for round_ in cyclic]
    options = [[(seating, _pairs_of(seating)) for seating in _seatings(p)] for p in partnerships]
    used = list(range(rounds))
    chosen = [(cyclic[r], _pairs_of(cyclic[r])) for r in used]
    best = (_descend(options, used, chosen), list(used), list(chosen))
    rng = random.Random(size * 100 + rounds)
    for _ in range(KICKS):
        used, chosen = list(best[1]), list(best[2])
        for slot in rng.sample(range(rounds), min(2, rounds)):
            chosen[slot] = rng.choice(options[used[slot]])
        quality = _descend(options, used, chosen)
        if quality < best[0]:
            best = (quality, used, chosen)
    return tuple(seating for seating, _ in best[2])


def _affine_round(pairs: list[tuple[int, int]]) -> _Round:
    half = len(pairs) // 2
    return tuple((pairs[j], pairs[j + half]) for j in range(half))


def _seatings(partnerships: list[tuple[int, int]]) -> list[_Round]:
    """Every way of seating the partnerships two to a table (first one listed first)."""
    if not partnerships:
        return [()]
    first, rest = partnerships[0], partnerships[1:]
    out = []
    for i, other in enumerate(rest):
        for tail in _seatings(rest[:i] + rest[i + 1 :]):
            out.append(((first, other), *tail))
    return out


def _pairs_of(round_: _Round) -> list[frozenset]:
    players = [[*a, *b] for a, b in round_]
    return [frozenset(p) for table in players for p in combinations(table, 2)]


def _descend(options: list[list], used: list[int], chosen: list) -> tuple[int, int, int]:
    """Improve ``used`` and ``chosen`` in place, one round at a time, until nothing does."""
    met: Counter = Counter(p for _, pairs in chosen for p in pairs)
    improved = True
    while improved:
        improved = False
        for slot in range(len(used)):
            met.subtract(chosen[slot][1])
            base = _quality(met)
            current = _score_with(met, base, chosen[slot][1])
            free = [used[slot]] + [r for r in range(len(options)) if r not in used]
            for r in free:
                for candidate in options[r]:
                    score = _score_with(met, base, candidate[1])
                    if score < current:
                        current, used[slot], chosen[slot], improved = score, r, candidate, True
            met.update(chosen[slot][1])
    return _quality(met)


def _quality(met: Counter) -> tuple[int, int, int]:
    values = [v for v in met.values() if v > 0]
    return (max(values, default=0), sum(v - 1 for v in values if v > 1), sum(v * v for v in values))


def _score_with(met: Counter, base: tuple[int, int, int], pairs: list) -> tuple[int, int, int]:
    """The quality the movement would have with a round of these ``pairs`` added to
    ``met`` (whose quality is ``base``)."""
    before = [met[p] for p in pairs]
    return (
        max(base[0], max(before) + 1),
        base[1] + sum(v >= 1 for v in before),
        base[2] + sum(2 * v + 1 for v in before),
    )
