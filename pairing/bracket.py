"""Knockout brackets (淘汰制): seeding, byes, advancing winners, third place.

Vocabulary
----------
bracket
    ``size`` slots (the next power of two), filled by seed: 1 v 16, 8 v 9, 5 v 12, … so
    that seeds 1 and 2 can only meet in the final. Missing seeds are byes, which therefore
    go to the top seeds.
match id
    ``"R{round}-{index}"`` (round 1 = the first round, index from 1 at the top), and
    ``"3rd"`` for the third-place match between the losing semi-finalists.
halves
    The top half of the bracket feeds one semi-final, the bottom half the other. Pairs of
    the same unit are put in different halves where a swap of nearly equal seeds allows it.

The bracket is plain data (``to_dict``/``from_dict``) so the app can store it as JSON.

>>> b = knockout_bracket(["A", "B", "C"])
>>> [(m.ew, m.ns, m.winner) for m in b.rounds[0]]
[('A', None, 'A'), ('B', 'C', None)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from . import errors
from .errors import PairingError


def seed_order(size: int) -> list[int]:
    """Seeds in slot order for a bracket of ``size`` (a power of two): 1,16,8,9,4,13,… for 16.

    Built by doubling: each seed s of the smaller bracket meets n + 1 − s, so 1 and 2 meet
    only in the final, 1–4 only in the semi-finals, and so on.
    """
    order = [1]
    while len(order) < size:
        n = len(order) * 2
        order = [x for seed in order for x in (seed, n + 1 - seed)]
    return order


@dataclass(frozen=True)
class BracketMatch:
    id: str
    round: int
    ew: Hashable | None = None
    ns: Hashable | None = None
    winner: Hashable | None = None

    @property
    def is_bye(self) -> bool:
        return self.round == 1 and (self.ew is None) != (self.ns is None)

    @property
    def ready(self) -> bool:
        """Both pairs known and no winner yet: the match can be played."""
        return self.ew is not None and self.ns is not None and self.winner is None

    @property
    def loser(self) -> Hashable | None:
        if self.winner is None or self.is_bye:
            return None
        return self.ns if self.winner == self.ew else self.ew


@dataclass(frozen=True)
class Bracket:
    size: int
    rounds: tuple[tuple[BracketMatch, ...], ...]
    third_place: BracketMatch | None = None
    seeds: tuple = field(default=())

    def match(self, match_id: str) -> BracketMatch:
        for m in self.all_matches():
            if m.id == match_id:
                return m
        raise PairingError(errors.NO_MATCH, match=match_id)

    def all_matches(self) -> list[BracketMatch]:
        found = [m for r in self.rounds for m in r]
        return found + ([self.third_place] if self.third_place else [])

    def ready_matches(self, round_number: int) -> list[BracketMatch]:
        """Matches of a bracket round that can be played now (the third place with the final)."""
        found = [m for m in self.rounds[round_number - 1] if m.ready]
        if round_number == len(self.rounds) and self.third_place and self.third_place.ready:
            found.append(self.third_place)
        return found

    @property
    def final(self) -> BracketMatch:
        return self.rounds[-1][0]

    @property
    def champion(self) -> Hashable | None:
        return self.final.winner

    @property
    def runner_up(self) -> Hashable | None:
        return self.final.loser

    @property
    def third(self) -> Hashable | None:
        return self.third_place.winner if self.third_place else None

    def to_dict(self) -> dict:
        def one(m: BracketMatch) -> dict:
            return {
                "id": m.id,
                "round": m.round,
                "ew": m.ew,
                "ns": m.ns,
                "winner": m.winner,
                "bye": m.is_bye,
            }

        return {
            "size": self.size,
            "seeds": list(self.seeds),
            "rounds": [[one(m) for m in r] for r in self.rounds],
            "third_place": one(self.third_place) if self.third_place else None,
        }

    @classmethod
    def from_dict(cls, data: Mapping) -> Bracket:
        def one(d: Mapping) -> BracketMatch:
            return BracketMatch(d["id"], d["round"], d.get("ew"), d.get("ns"), d.get("winner"))

        third = data.get("third_place")
        return cls(
            size=data["size"],
            rounds=tuple(tuple(one(m) for m in r) for r in data["rounds"]),
            third_place=one(third) if third else None,
            seeds=tuple(data.get("seeds", ())),
        )


def _separate_units(
    slots: list, units: Mapping[Hashable, str | None], seeds: Sequence[Hashable]
) -> list:
    """Swap nearly equal seeds across halves so that pairs of one unit sit in different halves.

    Greedy: try swaps between the halves, nearest seeds first, and keep one whenever it
    lowers the number of same-unit couples sharing a half. Byes and seeds 1 and 2 stay put.
    """
    half = len(slots) // 2
    rank = {entrant: i for i, entrant in enumerate(seeds, start=1)}

    def unit(entrant) -> str | None:
        return units.get(entrant) if entrant is not None else None

    def clashes(layout: list) -> int:
        total = 0
        for part in (layout[:half], layout[half:]):
            counts = Counter(u for u in map(unit, part) if u)
            total += sum(k * (k - 1) // 2 for k in counts.values())
        return total

    movable = [i for i, e in enumerate(slots) if e is not None and rank[e] > 2]
    candidates = sorted(
        ((i, j) for i in movable if i < half for j in movable if j >= half),
        key=lambda ij: abs(rank[slots[ij[0]]] - rank[slots[ij[1]]]),
    )
    best = clashes(slots)
    improved = True
    while best and improved:
        improved = False
        for i, j in candidates:
            trial = list(slots)
            trial[i], trial[j] = trial[j], trial[i]
            score = clashes(trial)
            if score < best:
                slots, best, improved = trial, score, True
    return slots


def knockout_bracket(
    seeded_ids: Sequence[Hashable],
    units: Mapping[Hashable, str | None] | None = None,
    third_place: bool = True,
) -> Bracket:
    """A bracket for the pairs in seed order (best first); byes go to the top seeds."""
    ids = list(seeded_ids)
    if len(ids) < 2:
        raise PairingError(errors.TOO_FEW, minimum=2, count=len(ids))
    if len(set(ids)) != len(ids):
        raise PairingError(errors.DUPLICATE)
    size = 1
    while size < len(ids):
        size *= 2
    slots = [ids[seed - 1] if seed <= len(ids) else None for seed in seed_order(size)]
    if units:
        slots = _separate_units(slots, units, ids)
    first = []
    for k in range(size // 2):
        ew, ns = slots[2 * k], slots[2 * k + 1]
        winner = ew if ns is None else ns if ew is None else None
        first.append(BracketMatch(f"R1-{k + 1}", 1, ew, ns, winner))
    rounds = [tuple(first)]
    while len(rounds[-1]) > 1:
        r = len(rounds) + 1
        rounds.append(tuple(BracketMatch(f"R{r}-{k + 1}", r) for k in range(len(rounds[-1]) // 2)))
    third = BracketMatch("3rd", len(rounds)) if third_place and size >= 4 else None
    bracket = Bracket(size, tuple(rounds), third, tuple(ids))
    # Byes win at once: carry their winners into round 2.
    for m in rounds[0]:
        if m.winner is not None:
            bracket = _carry(bracket, m)
    return bracket


def reset(bracket: Bracket) -> Bracket:
    """The same bracket with every result removed (first-round pairs and byes kept).

    The app rebuilds the bracket from all confirmed results after any correction, so a
    winner changed by the chief referee never leaves the old winner further on.
    """
    first = tuple(
        replace(m, winner=(m.ew if m.ns is None else m.ns if m.ew is None else None))
        for m in bracket.rounds[0]
    )
    later = tuple(tuple(BracketMatch(m.id, m.round) for m in r) for r in bracket.rounds[1:])
    third = BracketMatch("3rd", bracket.third_place.round) if bracket.third_place else None
    fresh = Bracket(bracket.size, (first, *later), third, bracket.seeds)
    for m in first:
        if m.winner is not None:
            fresh = _carry(fresh, m)
    return fresh


def _settle_third(bracket: Bracket) -> Bracket:
    """With a bye among the semi-finals there is one semi-final loser: third place is theirs."""
    third = bracket.third_place
    if third is None or third.winner is not None or len(bracket.rounds) < 2:
        return bracket
    semis = bracket.rounds[-2]
    if all(m.winner is not None for m in semis) and (third.ew is None) != (third.ns is None):
        return replace(bracket, third_place=replace(third, winner=third.ew or third.ns))
    if all(m.winner is not None for m in semis) and third.ew is None and third.ns is None:
        return replace(bracket, third_place=None)
    return bracket


def _carry(bracket: Bracket, match: BracketMatch) -> Bracket:
    rounds = [list(r) for r in bracket.rounds]
    third = bracket.third_place
    r, index = match.round, int(match.id.split("-")[1]) - 1 if match.id != "3rd" else 0
    if match.id != "3rd" and r < len(rounds):
        nxt = rounds[r][index // 2]
        rounds[r][index // 2] = replace(nxt, **{"ew" if index % 2 == 0 else "ns": match.winner})
        if r == len(rounds) - 1 and third is not None:  # a semi-final: its loser plays for third
            third = replace(third, **{"ew" if index % 2 == 0 else "ns": match.loser})
    return _settle_third(
        replace(bracket, rounds=tuple(tuple(x) for x in rounds), third_place=third)
    )


def advance(bracket: Bracket, match_id: str, winner: Hashable) -> Bracket:
    """Record the winner of a match and move them (and a semi-final loser) on."""
    match = bracket.match(match_id)
    if winner not in (match.ew, match.ns) or winner is None:
        raise PairingError(errors.NOT_IN_MATCH, winner=repr(winner), match=match_id)
    if match.winner is not None:
        raise PairingError(errors.DECIDED, match=match_id)
    done = replace(match, winner=winner)
    if match.id == "3rd":
        return replace(bracket, third_place=done)
    rounds = [list(r) for r in bracket.rounds]
    rounds[done.round - 1][int(done.id.split("-")[1]) - 1] = done
    return _carry(replace(bracket, rounds=tuple(tuple(x) for x in rounds)), done)
