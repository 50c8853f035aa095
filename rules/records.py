"""Small immutable records the engine hands out: the level played and a match result.

Vocabulary
----------
level played (打几)
    The level of a deal and whose it is: a deal is played at the level its side held when
    the previous deal ended (the side that won it). The first deal is played at 2 and is
    nobody's (``side`` None).
result
    How a finished match stands: both levels, the winner (None for a draw at time), why it
    ended and the fouls of each side — what the scoring systems need (docs/rules.md §6).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.levels import level_difference


@dataclass(frozen=True)
class LevelPlayed:
    """The level of the next deal (or of the deal in progress) and the side it belongs to."""

    level: str
    side: str | None


@dataclass(frozen=True)
class MatchResult:
    """The result of a finished match.

    ``end_reason`` is one of ``passed_a``, ``time``, ``three_fouls``, ``three_hidden``,
    ``forfeit`` or ``late``; ``forfeit_by`` names the side that lost by a forfeit reason;
    ``pass_upgrade`` is the upgrade of the deal that passed A (None when nobody passed).
    """

    ew: str
    ns: str
    winner: str | None
    end_reason: str | None
    forfeit_by: str | None
    fouls_ew: int
    fouls_ns: int
    pass_upgrade: int | None = None

    @property
    def difference(self) -> int:
        """The level difference (级差) between the two final levels."""
        return level_difference(self.ew, self.ns)

    @property
    def is_draw(self) -> bool:
        return self.winner is None
