"""Knockout brackets (淘汰制).

Vocabulary
----------
seed
    A pair's place in the bracket order, 1 = strongest (from a stage's standings, or the
    order of a draw).
slot
    A place in the first round; the standard order puts seed 1 against the last seed,
    8 against 9, … so that the top seeds meet last (1 v 16, 8 v 9, 5 v 12, 4 v 13, …).
bye
    When the field is not a power of two, the missing seeds are empty slots: the seeds
    they would have met (the top seeds) advance without playing.
match
    ``best_of`` 1 (一局决胜) or 3 (三局两胜); its winner fills a slot of the next round.
    The two semi-final losers play for third place when ``third_place`` is set.

Same-unit pairs are kept apart (in different halves, then quarters, …) where possible by
exchanging pairs of the same seed band (3–4, 5–8, 9–16, …) with the same bye status, so
the seeding and the byes stay fair.

Brackets are immutable: :func:`advance` and :func:`record_game` return a new bracket.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace

from .errors import PairingError, check_choice

METHODS = ("seeded", "draw")
THIRD_PLACE = "3rd"


@dataclass(frozen=True)
class Match:
    id: str  # "R{round}-{index}", or "3rd"
    round: int  # 1 = first round; the final is round ``Bracket.rounds``
    index: int
    a: Hashable | None = None  # upper slot
    b: Hashable | None = None
    winner: Hashable | None = None
    best_of: int = 1
    games: tuple[Hashable, ...] = ()
    bye: bool = False  # decided without play: one side is empty

    @property
    def loser(self) -> Hashable | None:
        if self.winner is None or self.bye:
            return None
        return self.b if self.winner == self.a else self.a

    @property
    def ready(self) -> bool:
        """Both pairs known and not yet decided."""
        return self.a is not None and self.b is not None and self.winner is None


@dataclass(frozen=True)
class Bracket:
    size: int
    rounds: int
    matches: tuple[Match, ...]
    third_place: bool
    slots: tuple[Hashable | None, ...]  # first-round slots in bracket order

    def match(self, match_id: str) -> Match:
        for m in self.matches:
            if m.id == match_id:
                return m
        raise PairingError(f"no match {match_id!r}", f"没有编号为 {match_id!r} 的比赛", "match")

    def round_matches(self, number: int) -> list[Match]:
        return [m for m in self.matches if m.round == number and m.id != THIRD_PLACE]

    @property
    def final(self) -> Match:
        return self.match(f"R{self.rounds}-1")

    @property
    def champion(self) -> Hashable | None:
        return self.final.winner

    @property
    def runner_up(self) -> Hashable | None:
        return self.final.loser

    @property
    def third(self) -> Hashable | None:
        """The winner of the third-place match (``None`` without one, or until played)."""
        if not self.third_place or self.rounds < 2:
            return None
        return self.match(THIRD_PLACE).winner

    @property
    def semi_final_losers(self) -> tuple[Hashable, ...]:
        """Joint third places when there is no third-place match."""
        if self.rounds < 2:
            return ()
        return tuple(m.loser for m in self.round_matches(self.rounds - 1) if m.loser is not None)


def round_name(bracket: Bracket, number: int) -> str:
    """Chinese name of a round: 决赛, 半决赛, 四分之一决赛, 1/8决赛, or 第N轮."""
    left = bracket.rounds - number
    names = {0: "决赛", 1: "半决赛", 2: "四分之一决赛", 3: "1/8决赛"}
    return names.get(left, f"第{number}轮")


def bracket_order(size: int) -> list[int]:
    """Seeds in slot order for a bracket of ``size`` (a power of two).

    >>> bracket_order(8)
    [1, 8, 4, 5, 2, 7, 3, 6]
    """
    order = [1]
    while len(order) < size:
        m = 2 * len(order)
        order = [s for seed in order for s in (seed, m + 1 - seed)]
    return order


def knockout_bracket(
    seeded_ids: Sequence[Hashable],
    units: Mapping[Hashable, str | None] | None = None,
    third_place: bool = True,
    best_of: int | Mapping[int, int] = 1,
    method: str = "seeded",
    seed: int | None = None,
) -> Bracket:
    """Build the bracket; ``seeded_ids`` best first (or, for ``"draw"``, any order: they
    are shuffled with ``seed``). ``best_of`` is 1 or 3, or a mapping round -> 1 or 3
    (round ``rounds`` is the final; the third-place match uses the final's value).
    """
    check_choice("method", method, METHODS)
    ids = list(seeded_ids)
    if len(ids) < 2:
        raise PairingError("a knockout needs 2 pairs or more", "淘汰赛至少需要两对选手", "too_few")
    if len(set(ids)) != len(ids):
        raise PairingError("a pair appears twice", "淘汰赛名单中有重复的选手", "duplicate")
    if method == "draw":
        random.Random(seed).shuffle(ids)
    size = 1
    while size < len(ids):
        size *= 2
    rounds = size.bit_length() - 1
    per_round = _best_of_per_round(best_of, rounds)
    order = bracket_order(size)
    slots: list[Hashable | None] = [ids[s - 1] if s <= len(ids) else None for s in order]
    if units:
        bands = [1] * size if method == "draw" else [_band(s) for s in order]
        _separate_units(slots, bands, units)
    matches = []
    for r in range(1, rounds + 1):
        for i in range(1, size // 2**r + 1):
            matches.append(Match(f"R{r}-{i}", r, i, best_of=per_round[r]))
    if third_place and rounds >= 2:
        matches.append(Match(THIRD_PLACE, rounds, 2, best_of=per_round[rounds]))
    bracket = Bracket(size, rounds, tuple(matches), third_place and rounds >= 2, tuple(slots))
    first = {m.index: m for m in bracket.round_matches(1)}
    for i in range(1, size // 2 + 1):
        a, b = slots[2 * i - 2], slots[2 * i - 1]
        first[i] = replace(first[i], a=a, b=b)
    bracket = _with_matches(bracket, list(first.values()))
    for m in bracket.round_matches(1):
        if m.b is None:  # a bye: the upper slot is always the better seed
            bracket = _set_winner(bracket, m.id, m.a, bye=True)
    return bracket


def _best_of_per_round(best_of: int | Mapping[int, int], rounds: int) -> dict[int, int]:
    if isinstance(best_of, int):
        values = {r: best_of for r in range(1, rounds + 1)}
    else:
        values = {r: best_of.get(r, 1) for r in range(1, rounds + 1)}
    if any(v not in (1, 3) for v in values.values()):
        raise PairingError("best_of must be 1 or 3", "每场比赛必须是一局决胜或三局两胜", "best_of")
    return values


def _band(seed_number: int) -> int:
    """Seed band: 1, 2, 3–4, 5–8, 9–16, … (pairs of one band may swap slots)."""
    if seed_number <= 2:
        return seed_number
    return (seed_number - 1).bit_length() + 1


def _meeting_round(x: int, y: int) -> int:
    """The round in which slots ``x`` and ``y`` (0-based) would meet."""
    return (x ^ y).bit_length()


def _separate_units(
    slots: list[Hashable | None], bands: list[int], units: Mapping[Hashable, str | None]
) -> None:
    """Swap pairs within a seed band (same bye status) while same-unit pairs meet later.

    The cost of a unit is the sum, over its pairs of pairs, of ``(size+1) ** (rounds - r)``
    for a meeting in round ``r``: one meeting in round 1 outweighs any number later.
    """
    size = len(slots)
    rounds = size.bit_length() - 1
    weight = [0] + [(size + 1) ** (rounds - r) for r in range(1, rounds + 1)]
    where: dict[str, set[int]] = {}
    for slot, pair in enumerate(slots):
        if pair is not None and units.get(pair) is not None:
            where.setdefault(units[pair], set()).add(slot)

    def unit(slot: int) -> str | None:
        pair = slots[slot]
        return None if pair is None else units.get(pair)

    def cost_at(slot: int, mine: str | None, skip: int) -> int:
        if mine is None:
            return 0
        return sum(weight[_meeting_round(slot, o)] for o in where[mine] if o not in (slot, skip))

    improved = True
    while improved:
        improved = False
        for x in range(size):
            for y in range(x + 1, size):
                ux, uy = unit(x), unit(y)
                if (
                    bands[x] != bands[y]
                    or ux == uy
                    or slots[x] is None
                    or slots[y] is None
                    or (slots[x ^ 1] is None) != (slots[y ^ 1] is None)
                ):
                    continue
                before = cost_at(x, ux, y) + cost_at(y, uy, x)
                after = cost_at(y, ux, x) + cost_at(x, uy, y)
                if after < before:
                    slots[x], slots[y] = slots[y], slots[x]
                    if ux is not None:
                        where[ux] ^= {x, y}
                    if uy is not None:
                        where[uy] ^= {x, y}
                    improved = True


def _with_matches(bracket: Bracket, changed: list[Match]) -> Bracket:
    by_id = {m.id: m for m in changed}
    return replace(bracket, matches=tuple(by_id.get(m.id, m) for m in bracket.matches))


def _set_winner(bracket: Bracket, match_id: str, winner: Hashable, bye: bool = False) -> Bracket:
    """Record a winner and fill the next match (and the third-place match)."""
    match = bracket.match(match_id)
    changed = [replace(match, winner=winner, bye=bye)]
    if match.id != THIRD_PLACE and match.round < bracket.rounds:
        nxt = bracket.match(f"R{match.round + 1}-{(match.index + 1) // 2}")
        if nxt.winner is not None:
            raise PairingError(
                f"{nxt.id} is already decided", f"下一轮比赛 {nxt.id} 已有结果，不能更改", "decided"
            )
        side = "a" if match.index % 2 else "b"
        changed.append(replace(nxt, **{side: winner}))
        if bracket.third_place and match.round == bracket.rounds - 1:
            third = bracket.match(THIRD_PLACE)
            if third.winner is not None:
                raise PairingError(
                    "the third-place match is already decided",
                    "三四名决赛已有结果，不能更改",
                    "decided",
                )
            loser = None if bye else (match.b if winner == match.a else match.a)
            changed.append(replace(third, **{side: loser}))
    bracket = _with_matches(bracket, changed)
    return _settle_third_place(bracket)


def _settle_third_place(bracket: Bracket) -> Bracket:
    """With a bye in a semi-final, the other semi-final's loser is third without playing."""
    if not bracket.third_place:
        return bracket
    third = bracket.match(THIRD_PLACE)
    semis = bracket.round_matches(bracket.rounds - 1)
    if third.winner is None and all(m.winner is not None for m in semis):
        present = [p for p in (third.a, third.b) if p is not None]
        if len(present) == 1:
            return _with_matches(bracket, [replace(third, winner=present[0], bye=True)])
    return bracket


def advance(bracket: Bracket, match_id: str, winner: Hashable) -> Bracket:
    """Confirm ``winner`` of a match; the winner fills the next round's slot.

    A confirmed result may be changed while the next match is still undecided.
    """
    match = bracket.match(match_id)
    if match.a is None or match.b is None:
        raise PairingError(
            f"{match_id} does not have both pairs yet",
            f"比赛 {match_id} 的双方尚未确定",
            "not_ready",
        )
    if winner not in (match.a, match.b):
        raise PairingError(
            f"{winner!r} does not play in {match_id}",
            f"{winner!r} 不是比赛 {match_id} 的参赛方",
            "winner",
        )
    if match.bye:
        raise PairingError(f"{match_id} is a bye", f"比赛 {match_id} 是轮空", "bye")
    if match.winner == winner:
        return bracket
    if match.winner is not None:
        bracket = _clear_downstream(bracket, match)
    return _set_winner(bracket, match_id, winner)


def _clear_downstream(bracket: Bracket, match: Match) -> Bracket:
    """Undo the slots a previous winner filled (the next matches must be undecided)."""
    if match.round >= bracket.rounds or match.id == THIRD_PLACE:
        return bracket
    nxt = bracket.match(f"R{match.round + 1}-{(match.index + 1) // 2}")
    if nxt.winner is not None:
        raise PairingError(
            f"{nxt.id} is already decided", f"下一轮比赛 {nxt.id} 已有结果，不能更改", "decided"
        )
    side = "a" if match.index % 2 else "b"
    changed = [replace(nxt, **{side: None})]
    if bracket.third_place and match.round == bracket.rounds - 1:
        third = bracket.match(THIRD_PLACE)
        if third.winner is not None:
            raise PairingError(
                "the third-place match is already decided",
                "三四名决赛已有结果，不能更改",
                "decided",
            )
        changed.append(replace(third, **{side: None}))
    return _with_matches(bracket, changed)


def record_game(bracket: Bracket, match_id: str, winner: Hashable) -> Bracket:
    """Record one game of a best-of-three match; the match is decided at two wins."""
    match = bracket.match(match_id)
    if match.winner is not None:
        raise PairingError(f"{match_id} is already decided", f"比赛 {match_id} 已有结果", "decided")
    if match.a is None or match.b is None or winner not in (match.a, match.b):
        raise PairingError(
            f"{winner!r} does not play in {match_id}",
            f"{winner!r} 不是比赛 {match_id} 的参赛方",
            "winner",
        )
    games = (*match.games, winner)
    bracket = _with_matches(bracket, [replace(match, games=games)])
    if games.count(winner) * 2 > match.best_of:
        bracket = advance(bracket, match_id, winner)
    return bracket
