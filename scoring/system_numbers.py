"""The numbers of each scoring system (docs/rules.md §6), as data.

One :class:`SystemTable` per key of :data:`SYSTEMS`; :mod:`scoring.systems` reads them to
score a match. The choices behind the forfeit and defeat rows are explained in the
:mod:`scoring.systems` docstring.

>>> TABLES["points26"].win(2, 11)    # passed A against K: d = 2
(15, 11)
>>> TABLES["hundred_plus"].win(7, 6)  # passed A against 8
(107, 6)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.ruleset import HUNDRED_AT_TIME_OPTIONS
from scoring import errors
from scoring.errors import ScoringError

SYSTEMS: dict[str, str] = {
    "points26": "26分制（级差换算）",
    "match_points": "胜2平1负0（级差分）",
    "hundred_plus": "100+级差（分组三轮移位）",
}


def counts_pass_upgrade(system: str) -> bool:
    """Whether ``system`` scores how a pass of A was won (``pass_upgrade``, the upgrade of the
    deal that passed it: docs/rules.md §6.3). Only 100+ does; the others need only levels.

    >>> counts_pass_upgrade("hundred_plus"), counts_pass_upgrade("points26")
    (True, False)
    """
    return system == "hundred_plus"


BYE_POLICIES: dict[str, str] = {
    "forfeit_win": "轮空按对方弃权计胜",
    "draw": "轮空按平局计",
    "zero": "轮空不计分",
}
DEFAULT_BYE_POLICY = "forfeit_win"

DEFEAT_REASONS: tuple[str, ...] = ("three_fouls", "three_hidden", "late")
"""Why a table may be lost by a rule rather than by levels (``Match.defeat_reason``): codes
only; the app's labels are in tournament.text.messages.labels."""

HUNDRED_AT_TIME: dict[str, str] = HUNDRED_AT_TIME_OPTIONS
"""How ``hundred_plus`` scores a match ended at time with nobody past A (docs/rules.md §6); the
option belongs to the rule set, so its labels are the ones of :mod:`rules.ruleset`."""
DEFAULT_HUNDRED_FORFEIT = 105
"""Points of the pair present when its 100+ opponent forfeits (an event option)."""

HUNDRED_BASE = 100
HUNDRED_WINNER_CAP = 15
"""The winner's level difference counts at most 15 (docs/rules.md §6.3: 级差分数最大不超过15分)."""
HUNDRED_LOSER_CAP = 12
"""The loser's climbed levels count at most 12 (docs/rules.md §6.3: 得分最高不超过12分)."""


def hundred_plus_winner_points(d: int) -> int:
    """Winner's score in ``hundred_plus``: 100 + d, d capped at 15.

    >>> hundred_plus_winner_points(13), hundred_plus_winner_points(20)
    (113, 115)
    """
    return HUNDRED_BASE + min(d, HUNDRED_WINNER_CAP)


def hundred_plus_loser_points(index: int) -> int:
    """Loser's (or a drawn pair's) score in ``hundred_plus``: its level index, capped at 12.

    The loser "loses nothing and scores the levels it climbed": a pair at 8 climbed from 2
    to 8, index 6, and scores 6.

    >>> hundred_plus_loser_points(6), hundred_plus_loser_points(13)
    (6, 12)
    """
    return min(index, HUNDRED_LOSER_CAP)


@dataclass(frozen=True)
class ScoreOptions:
    """The event options that change how a match scores (``hundred_plus`` only today).

    ``hundred_at_time``: a key of :data:`HUNDRED_AT_TIME`. ``hundred_forfeit``: the points
    of the pair present at a forfeit, 100 + the level difference it stands for (100–115).
    """

    hundred_at_time: str = "climbed_only"
    hundred_forfeit: int = DEFAULT_HUNDRED_FORFEIT

    def __post_init__(self) -> None:
        if self.hundred_at_time not in HUNDRED_AT_TIME:
            raise ScoringError(
                errors.BAD_OPTION, detail=f"hundred_at_time={self.hundred_at_time!r}"
            )
        forfeit = self.hundred_forfeit
        if isinstance(forfeit, bool) or not isinstance(forfeit, int):
            raise ScoringError(errors.BAD_OPTION, detail=f"hundred_forfeit={forfeit!r}")
        if not HUNDRED_BASE <= forfeit <= HUNDRED_BASE + HUNDRED_WINNER_CAP:
            raise ScoringError(errors.BAD_OPTION, detail=f"hundred_forfeit={forfeit!r}")

    def forfeit(self, table: SystemTable, system: str) -> tuple[int, int, int]:
        """(winner, loser, d) of a forfeit under these options."""
        if system != "hundred_plus":
            return table.forfeit
        return self.hundred_forfeit, 0, self.hundred_forfeit - HUNDRED_BASE


DEFAULT_SCORE_OPTIONS = ScoreOptions()


@dataclass(frozen=True)
class SystemTable:
    """How one system turns a result into points.

    ``win(d, loser_index)`` returns (winner, loser) points; ``draw(index)`` the points of
    each pair on a draw; ``forfeit`` and ``defeat`` are (winner, loser, d) where d is the
    level difference the awarded score stands for (see the module docstring).
    """

    win: Callable[[int, int], tuple[int, int]]
    draw: Callable[[int], int]
    forfeit: tuple[int, int, int]
    defeat: tuple[int, int, int]


def _points26_win(d: int, loser_index: int) -> tuple[int, int]:
    return 13 + d, 13 - d


def _match_points_win(d: int, loser_index: int) -> tuple[int, int]:
    return 2, 0


def _hundred_plus_win(d: int, loser_index: int) -> tuple[int, int]:
    return hundred_plus_winner_points(d), hundred_plus_loser_points(loser_index)


TABLES: dict[str, SystemTable] = {
    "points26": SystemTable(
        _points26_win, lambda index: 13, forfeit=(18, 0, 5), defeat=(26, 0, 13)
    ),
    "match_points": SystemTable(
        _match_points_win, lambda index: 1, forfeit=(2, 0, 10), defeat=(2, 0, 10)
    ),
    "hundred_plus": SystemTable(
        _hundred_plus_win,
        hundred_plus_loser_points,
        forfeit=(hundred_plus_winner_points(5), 0, 5),
        defeat=(hundred_plus_winner_points(13), 0, 13),
    ),
}


def table_for(system: str) -> SystemTable:
    """Return the table of a system or raise :class:`ScoringError`."""
    try:
        return TABLES[system]
    except (KeyError, TypeError):
        raise ScoringError(errors.UNKNOWN_SYSTEM, detail=repr(system)) from None


def check_system(system: str) -> None:
    """Raise :class:`ScoringError` unless ``system`` is a key of :data:`SYSTEMS`."""
    table_for(system)


def check_bye_policy(bye_policy: str) -> None:
    """Raise :class:`ScoringError` unless ``bye_policy`` is a key of :data:`BYE_POLICIES`."""
    if bye_policy not in BYE_POLICIES:
        raise ScoringError(errors.UNKNOWN_BYE_POLICY, detail=repr(bye_policy))


def note_numbers(system: str, options: ScoreOptions = DEFAULT_SCORE_OPTIONS) -> dict[str, int]:
    """The numbers a printed note on ``system`` states, read from its table and the event's
    options (the score sheet's scoring note): a win's and a loss's base (before the level
    difference), a draw's points, a forfeit's and a defeat's score (winner, loser, and the
    level difference it stands for), and the 100+ caps.

    >>> n = note_numbers("points26")
    >>> n["win"], n["loss"], n["draw"], n["forfeit_win"], n["defeat_win"]
    (13, 13, 13, 18, 26)
    >>> note_numbers("hundred_plus", ScoreOptions(hundred_forfeit=110))["forfeit_win"]
    110
    """
    table = table_for(system)
    win, loss = table.win(0, 0)
    forfeit = options.forfeit(table, system)
    return {
        "win": win,
        "loss": loss,
        "draw": table.draw(0),
        "forfeit_win": forfeit[0],
        "forfeit_loss": forfeit[1],
        "forfeit_d": forfeit[2],
        "defeat_win": table.defeat[0],
        "defeat_loss": table.defeat[1],
        "defeat_d": table.defeat[2],
        "winner_cap": HUNDRED_WINNER_CAP,
        "loser_cap": HUNDRED_LOSER_CAP,
    }
