"""Independent references for the individual Swiss tests (no code of pairing.individual_*).

Vocabulary as in :mod:`pairing.individual_swiss`. A *simulated event* plays rounds of the
individual Swiss with random table results (one side wins, 2 points to each of its
players; a sit-out scores 2) and ranks the players by points, ties by id.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations

import networkx as nx

from pairing.individual_swiss import IndividualRound, pair_individuals


def all_partnerings(players: list) -> list[list[tuple]]:
    """Every way of splitting ``players`` (an even number) into partnerships."""
    if not players:
        return [[]]
    first, rest = players[0], players[1:]
    out = []
    for i, mate in enumerate(rest):
        for tail in all_partnerings(rest[:i] + rest[i + 1 :]):
            out.append([(first, mate), *tail])
    return out


def brute_force_fewest(players: list, partnered: set, unit: dict, hard: bool) -> tuple[int, int]:
    """(repeated partners, same-unit partners under ``hard``) of the best round, by trying
    every partnering (the tables do not change these two numbers)."""
    best = None
    for partnering in all_partnerings(players):
        again = sum(frozenset(p) in partnered for p in partnering)
        same = sum(unit.get(a) is not None and unit.get(a) == unit.get(b) for a, b in partnering)
        key = (again, same if hard else 0)
        best = key if best is None or key < best else best
    assert best is not None
    return best


def fewest_repeated_partners(players: list, partnered: set) -> int:
    """The fewest repeated partners of any round: ½·players − the largest matching of the
    graph of partnerships never played (any matching completes to a partnering)."""
    graph = nx.Graph()
    graph.add_nodes_from(players)
    graph.add_edges_from(
        (a, b) for a, b in combinations(players, 2) if frozenset((a, b)) not in partnered
    )
    return len(players) // 2 - len(nx.max_weight_matching(graph, maxcardinality=True))


@dataclass
class Simulation:
    """An individual event played round by round."""

    players: list
    units: dict = field(default_factory=dict)
    mode: str = "off"
    seed: int = 0
    points: Counter = field(default_factory=Counter)
    sit_outs: Counter = field(default_factory=Counter)
    partners: list = field(default_factory=list)
    opponents: list = field(default_factory=list)
    rounds: list = field(default_factory=list)

    def ranking(self) -> list:
        if not self.rounds:
            return list(self.players)
        return sorted(self.players, key=lambda p: (-self.points[p], p))

    def partnered(self) -> set:
        return {frozenset(p) for p in self.partners}

    def met(self) -> set:
        return self.partnered() | {frozenset(p) for p in self.opponents}

    def pair(self) -> IndividualRound:
        return pair_individuals(
            self.ranking(),
            partners=self.partners,
            opponents=self.opponents,
            units=self.units,
            sit_outs=self.sit_outs,
            avoid_same_unit=self.mode,
        )

    def play(self, round_: IndividualRound) -> None:
        rng = random.Random(self.seed * 1000 + len(self.rounds))
        for player in round_.sitting_out:
            self.sit_outs[player] += 1
            self.points[player] += 2
        for table in round_.tables:
            self.partners += [table.ew, table.ns]
            self.opponents += [(a, b) for a in table.ew for b in table.ns]
            for player in table.ew if rng.random() < 0.5 else table.ns:
                self.points[player] += 2
        self.rounds.append(round_)
