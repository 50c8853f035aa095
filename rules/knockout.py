"""Knockout matches (淘汰赛): one game or the best of three, each game a match of deals.

Vocabulary
----------
game (局)
    One match from 2 until a side passes A, time is up or a side forfeits; its steps are
    replayed with :func:`rules.engine.replay`.
decider (加赛)
    When a game ends level at time, one more game or deal breaks the tie (docs/rules.md §5.4).
    The organizer records who won it: ``deciders={1: "EW"}`` (1-based game numbers, as on
    the sheet; JSON string keys such as ``"1"`` are accepted).

Sides keep their labels across games: if the pairs change seats between games, translate
the steps so that "EW" always means the same pair.

A game lost by ``forfeit`` or ``late`` loses the whole knockout match (the pair is gone and
the opponent advances, docs/rules.md §5.4); a game lost by three fouls or three hidden cards loses
only that game.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass

from rules.engine import replay
from rules.errors import BAD_DECIDER, DECIDER_NOT_NEEDED, GAME_UNFINISHED, TOO_MANY_GAMES, RuleError
from rules.records import MatchResult
from rules.ruleset import RuleSet
from rules.sides import PerSide, normalize_side
from rules.steps import Step

MATCH_LOSING_REASONS = frozenset({"forfeit", "late"})


@dataclass(frozen=True)
class KnockoutResult:
    """Where a knockout match stands after the games recorded so far.

    ``game_winners[i]`` is the winner of game ``i + 1`` after its decider (None while a
    decider is missing). ``needs_decider`` is the number of the first game that ended level
    at time without a recorded decider; while it is set there is no ``winner``.
    """

    games: tuple[MatchResult, ...]
    game_winners: tuple[str | None, ...]
    wins: PerSide[int]
    winner: str | None
    needs_decider: int | None

    @property
    def decided(self) -> bool:
        return self.winner is not None


def knockout_winner(
    rules: RuleSet, games: Iterable[tuple[Hashable | None, str | None]]
) -> tuple[dict[Hashable, int], Hashable | None, int]:
    """Who takes a knockout match, from each game's ``(winner, end_reason)`` in order.

    The one rule of a knockout match (best of ``rules.games``; a game lost by ``forfeit``
    or ``late`` loses the match) for :func:`play_match` and for the app, whose winners are
    pair ids (seats change between games). A game without a winner (level at time, decider
    missing) counts for nobody. Returns the games won per winner, the match winner (None
    while undecided) and how many games had been played when it was decided (0 if not).
    """
    wins: dict[Hashable, int] = {}
    for number, (winner, reason) in enumerate(games, 1):
        if winner is None:
            continue
        wins[winner] = wins.get(winner, 0) + 1
        if reason in MATCH_LOSING_REASONS or wins[winner] >= rules.wins_needed:
            return wins, winner, number
    return wins, None, 0


def play_match(
    rules: RuleSet,
    games: Iterable[Iterable[Step] | str],
    deciders: Mapping[int | str, str] | None = None,
) -> KnockoutResult:
    """Replay each game and find the match winner (best of ``rules.games``).

    Raises ``game_unfinished`` for a game that has not ended, ``too_many_games`` for a game
    after the match was won, ``bad_decider``/``decider_not_needed`` for deciders that do
    not match a game level at time.
    """
    results = tuple(_finished(rules, steps, number) for number, steps in enumerate(games, 1))
    chosen = _deciders(deciders or {}, len(results))
    game_winners = tuple(
        _game_winner(result, chosen.pop(number, None), number)
        for number, result in enumerate(results, 1)
    )
    counts, winner, after = knockout_winner(
        rules, zip(game_winners, (r.end_reason for r in results), strict=True)
    )
    if winner is not None and after < len(results):
        raise RuleError(TOO_MANY_GAMES, game=after + 1, best_of=rules.games, after=after)
    needs = next((n for n, w in enumerate(game_winners, 1) if w is None), None)
    return KnockoutResult(
        games=results,
        game_winners=game_winners,
        wins=PerSide(counts.get("EW", 0), counts.get("NS", 0)),
        winner=None if needs else winner,
        needs_decider=needs,
    )


def _finished(rules: RuleSet, steps: Iterable[Step] | str, number: int) -> MatchResult:
    state = replay(rules, steps)
    if not state.finished:
        raise RuleError(GAME_UNFINISHED, game=number)
    return state.result()


def _deciders(deciders: Mapping[int | str, str], count: int) -> dict[int, str]:
    out = {}
    for key, side in deciders.items():
        number = int(key) if isinstance(key, str) and key.strip().isdigit() else key
        if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= count:
            raise RuleError(BAD_DECIDER, game=key)
        out[number] = normalize_side(side)
    return out


def _game_winner(result: MatchResult, decider: str | None, number: int) -> str | None:
    if result.winner is not None:
        if decider is not None:
            raise RuleError(DECIDER_NOT_NEEDED, game=number)
        return result.winner
    return decider
