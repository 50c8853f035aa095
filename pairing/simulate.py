"""Simulated Swiss events, for benchmarks and property tests (no database).

A simulated pair has a hidden strength; a match is won by the stronger pair more often,
with a level difference of 1 … 13 and an occasional draw at time. Two scoring systems of
docs/rules.md §6 are modelled: ``"match_points"`` (2/1/0, level difference as tiebreak) and
``"points26"`` (13 ± level difference). A bye scores as a win (2, or 18 like a forfeit).

>>> event = simulate_event(20, rounds=3, seed=1)
>>> len(event.entrants())
20
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

from .draw import draw_numbers, pair_round_one
from .entrants import Entrant
from .result import Pairing
from .swiss import pair_swiss

SCORINGS = ("match_points", "points26")


@dataclass
class SimPair:
    id: int
    strength: float
    unit: str | None
    draw_number: int = 0
    points: float = 0.0
    tiebreak: float = 0.0
    opponents: set[Hashable] = field(default_factory=set)
    seat_balance: int = 0
    byes: int = 0
    active: bool = True


class SimEvent:
    """A Swiss event in progress: ``entrants()`` for the next round, ``play()`` a round."""

    def __init__(
        self,
        n: int,
        seed: int,
        *,
        scoring: str = "match_points",
        units: int = 0,
        withdraw_rate: float = 0.0,
        late_entries: int = 0,
    ) -> None:
        if scoring not in SCORINGS:
            raise ValueError(f"scoring must be one of {SCORINGS}")
        self.rng = random.Random(seed)
        self.scoring = scoring
        self.withdraw_rate = withdraw_rate
        self.late_entries = late_entries
        self.units = units
        self.pairs: dict[int, SimPair] = {}
        for i in range(1, n + 1):
            self._add_pair(i)
        for pid, number in draw_numbers(list(self.pairs), seed).items():
            self.pairs[pid].draw_number = number
        self.rounds_played = 0
        self.history: list[Pairing] = []

    def _add_pair(self, pid: int) -> SimPair:
        unit = None
        if self.units and self.rng.random() < 0.8:
            unit = f"U{self.rng.randrange(self.units)}"
        pair = SimPair(pid, self.rng.gauss(0, 1), unit)
        self.pairs[pid] = pair
        return pair

    def active(self) -> list[SimPair]:
        return [p for p in self.pairs.values() if p.active]

    def entrants(self) -> list[Entrant]:
        """The active pairs as pairing input, ranked by points, tiebreak, draw number."""
        ranked = sorted(self.active(), key=lambda p: (-p.points, -p.tiebreak, p.draw_number))
        return [
            Entrant(
                id=p.id,
                rank=r,
                points=p.points,
                unit=p.unit,
                opponents=frozenset(p.opponents),
                seat_balance=p.seat_balance,
                byes=p.byes,
                draw_number=p.draw_number,
            )
            for r, p in enumerate(ranked, start=1)
        ]

    def pair_next(self, **options) -> Pairing:
        """Round 1 by the draw, later rounds Swiss; ``options`` are :func:`pair_swiss`'s
        (the draw takes ``seating``, ``avoid_same_unit`` and ``forbidden``)."""
        if self.rounds_played == 0:
            keep = ("seating", "avoid_same_unit", "forbidden")
            return pair_round_one(self.entrants(), **{k: options[k] for k in keep if k in options})
        return pair_swiss(self.entrants(), **options)

    def play(self, pairing: Pairing) -> None:
        """Record random results for ``pairing``, then apply withdrawals and late entries."""
        for t in pairing.tables:
            ew, ns = self.pairs[t.ew], self.pairs[t.ns]
            ew.seat_balance += 1
            ns.seat_balance -= 1
            ew.opponents.add(ns.id)
            ns.opponents.add(ew.id)
            self._score(ew, ns)
        for b in pairing.byes:
            pair = self.pairs[b.entrant]
            pair.byes += 1
            pair.points += 2 if self.scoring == "match_points" else 18
        self.rounds_played += 1
        self.history.append(pairing)
        self._withdraw_and_enter()

    def _score(self, a: SimPair, b: SimPair) -> None:
        rng = self.rng
        if rng.random() < 0.05:
            d = 0
        else:
            d = min(13, 1 + int(rng.expovariate(0.35)))
            p_a = 1 / (1 + 10 ** ((b.strength - a.strength) / 1.5))
            if rng.random() >= p_a:
                d = -d
        if self.scoring == "match_points":
            a.points += 2 if d > 0 else 1 if d == 0 else 0
            b.points += 2 if d < 0 else 1 if d == 0 else 0
            a.tiebreak += d
            b.tiebreak -= d
        else:
            a.points += 13 + d
            b.points += 13 - d

    def _withdraw_and_enter(self) -> None:
        if self.withdraw_rate:
            for p in self.active():
                if len(self.active()) > 2 and self.rng.random() < self.withdraw_rate:
                    p.active = False
        if self.late_entries and self.rounds_played == 1:
            # Late entries join after round 1 with the points of a draw (an event's rule).
            start = max(self.pairs) + 1
            for pid in range(start, start + self.late_entries):
                pair = self._add_pair(pid)
                pair.draw_number = pid
                pair.points = 1 if self.scoring == "match_points" else 13
                pair.byes = 1  # the missed round counts as their bye


def simulate_event(
    n: int,
    rounds: int,
    seed: int,
    *,
    scoring: str = "match_points",
    units: int = 0,
    withdraw_rate: float = 0.0,
    pair: Callable[[SimEvent], Pairing] | None = None,
) -> SimEvent:
    """Play ``rounds`` rounds of a simulated event of ``n`` pairs and return it.

    Round 1 is the adjacent draw pairing, later rounds :func:`pair_swiss` (or ``pair``).
    """
    event = SimEvent(n, seed, scoring=scoring, units=units, withdraw_rate=withdraw_rate)
    for _ in range(rounds):
        pairing = pair(event) if pair and event.rounds_played else event.pair_next()
        event.play(pairing)
    return event
