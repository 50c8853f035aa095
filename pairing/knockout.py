"""The knockout round as plain data: the bracket after the results, and the next games.

Vocabulary
----------
match result
    Per bracket match id: the games won per pair and the match winner (``None`` while
    undecided), as :func:`rules.knockout_winner` decides it; the app reads them from the
    confirmed games.
settled bracket
    The stored bracket with every result removed and then replayed (:func:`settle`): a
    result corrected after an unlock moves the right pair on.
next games
    The game each ready match of the earliest unfinished bracket round plays next: game
    ``n + 1`` after ``n`` played, seats swapped from game to game (:func:`next_games`).

Nothing here reads or writes a database: the app computes on every read and saves the
settled bracket only under its round lock.

>>> from pairing.bracket import knockout_bracket
>>> b = knockout_bracket(["A", "B"], third_place=False)
>>> [(t.ew, t.ns, t.bracket_id, t.game) for t in next_games(b, {"R1-1": 1}).tables]
[('B', 'A', 'R1-1', 2)]
>>> done = settle(b, {"R1-1": ({"A": 2}, "A")}, active={"A", "B"})
>>> done.champion, is_finished(done), next_games(done, {})
('A', True, None)
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping

from .bracket import Bracket, BracketMatch, advance, reset
from .result import Pairing, Table

MatchResult = tuple[Mapping[Hashable, int], Hashable | None]


def _decided(m: BracketMatch, result: MatchResult, active: Collection) -> Hashable | None:
    """The winner of a ready match: its result, else a walkover when one pair left the event
    before the match was played."""
    wins, winner = result
    if winner in (m.ew, m.ns):
        return winner
    if wins:
        return None
    out = [pair for pair in (m.ew, m.ns) if pair not in active]
    if len(out) == 1:
        return m.ns if out[0] == m.ew else m.ew
    return None


def settle(bracket: Bracket, results: Mapping[str, MatchResult], active: Collection) -> Bracket:
    """The bracket rebuilt from its first round and every match result.

    ``active`` are the pairs still in the event: a pair withdrawn or disqualified before
    its match is played gives its opponent a walkover.
    """
    bracket = reset(bracket)
    changed = True
    while changed:  # a winner may make the next match decidable only after its own advance
        changed = False
        for m in bracket.all_matches():
            if m.winner is not None or m.ew is None or m.ns is None:
                continue
            winner = _decided(m, results.get(m.id, ({}, None)), active)
            if winner is not None:
                bracket = advance(bracket, m.id, winner)
                changed = True
    return bracket


def is_finished(bracket: Bracket) -> bool:
    """True once the final (and the third-place match, if any) have winners."""
    return bracket.champion is not None and (
        bracket.third_place is None or bracket.third is not None
    )


def next_games(bracket: Bracket, played: Mapping[str, int]) -> Pairing | None:
    """The next games of a settled bracket (None when no match can be played now).

    ``played`` counts the games already paired per bracket match id. Tables are numbered
    in bracket order; game ``n`` of a match seats its pairs swapped from game ``n − 1``.
    """
    rounds = range(1, len(bracket.rounds) + 1)
    current = next((r for r in rounds if bracket.ready_matches(r)), None)
    if current is None:
        return None
    tables = []
    for number, m in enumerate(bracket.ready_matches(current), start=1):
        game = played.get(m.id, 0) + 1
        ew, ns = (m.ew, m.ns) if game % 2 == 1 else (m.ns, m.ew)
        tables.append(Table(number, ew, ns, bracket_id=m.id, game=game))
    return Pairing(tables=tuple(tables))
