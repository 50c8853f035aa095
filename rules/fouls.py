"""Fouls, warnings, penalties and forfeits (docs/rules.md §7–§8).

Vocabulary
----------
foul (犯规)
    An offence counted against a side for the whole match. Its penalty depends on its kind
    (:data:`rules.steps.FOUL_KINDS`):

    - ``out_of_turn`` (越序出牌): opponents +1 level, own level unchanged (docs/rules.md §7.1);
    - ``card_hiding`` (藏牌/偷牌): opponents +1, offenders −1; the third in one match ends it,
      the opponents winning as A+ (docs/rules.md §6.1);
    - ``wrong_count`` (报牌错误): the first in a match is a warning and the cards are replayed;
      the second and later are fouls with no level change (docs/rules.md §7.1);
    - ``time_delay``, ``signalling``, ``other``: no automatic level change; the referee may
      give ``levels`` (a change to the offending side).
warning (警告)
    Two warnings to one side in the same deal make one foul, with the out-of-turn penalty
    (docs/rules.md §7.2: "一付牌中一方受到2次警告，判罚1次犯规，给对家加1级"). Which warnings pair up is
    the option ``two_warnings``: gestures of out-of-turn play only (淮安's rules), any, or
    none (``"none"``: the 细则 and the rotation rules have no such rule — the 细则 stops the
    trick, the rotation rules warn and leave a level penalty for serious cases to the
    referee — so a warning stays a warning: no foul counted, no level to the opponents;
    docs/rules.md §7.2).
three fouls (三次犯规)
    Under ``three_fouls_defeat`` (docs/rules.md §7.3), a side's third foul in a match (a round)
    ends it: that side loses.
effect
    What one logged foul or warning does under the event's options (:func:`foul_effect`):
    the engine and :func:`count_fouls` (the app's foul log) both ask it, so the options
    ``out_of_turn``, ``delay`` and ``two_warnings`` are decided in one place.
penalty (罚级)
    A bare level change with no foul counted; never below 2 nor past A.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from rules.levels import LEVEL_PASSED_A
from rules.sides import opponent
from rules.transitions import bump, change_level, end, evolve, log, set_level

if TYPE_CHECKING:
    from rules.engine import MatchState
    from rules.ruleset import RuleSet

MAX_FOULS = 3
MAX_HIDDEN = 3

FOUL = "foul"
PAIRING_WARNING = "pairing_warning"
WARNING = "warning"
STOP_TRICK = "stop_trick"
WRONG_COUNT = "wrong_count"


def foul_effect(rules: RuleSet, kind: str, severity: str) -> str:
    """What a logged ``severity`` ("foul" or "warning") of ``kind`` does under ``rules``.

    - ``"foul"``: counts one foul, with the penalty of its kind;
    - ``"pairing_warning"``: a warning that pairs with another in the same deal into a foul;
    - ``"warning"``: a warning that never becomes a foul;
    - ``"stop_trick"``: out-of-turn play under docs/rules.md §7.1, the trick is stopped, nothing counted;
    - ``"wrong_count"``: a wrong card count, a warning the first time, a foul afterwards.

    >>> from rules.ruleset import RuleSet
    >>> foul_effect(RuleSet(), "time_delay", "warning"), foul_effect(RuleSet(delay="foul"), "time_delay", "warning")
    ('warning', 'foul')
    """
    if kind == "wrong_count":
        return WRONG_COUNT
    if kind == "out_of_turn" and severity == "foul":
        return {
            "foul_plus1": FOUL,
            "warning_or_exposed": WARNING,
            "stop_trick": STOP_TRICK,
        }[rules.out_of_turn]
    if severity == "foul" or (kind == "time_delay" and rules.delay == "foul"):
        return FOUL  # docs/rules.md §7.1: a delay is "直接记犯规1次"
    if rules.two_warnings == "none":
        return WARNING
    if rules.two_warnings == "any" or kind == "out_of_turn":
        return PAIRING_WARNING
    return WARNING


# A foul's penalty in words, by kind (docs/rules.md §7): the pages' foul log shows it beside a
# foul (the app translates these through gettext, as every label of the cores).
PENALTY_WORDS: dict[str, str] = {
    "out_of_turn": "对方升1级",
    "card_hiding": "对方升1级，本方降1级",
    "wrong_count": "第1次重打并警告，第2次起每次犯规",
    "time_delay": "犯规1次",
    "signalling": "警告；严重者罚级直至取消资格",
    "other": "按裁判判罚",
}
OUT_OF_TURN_WORDS: dict[str, str] = {
    FOUL: "对方升1级",
    WARNING: "只作警告（上家管上则为明牌）",
    STOP_TRICK: "停止本轮出牌，不记犯规",
}
"""What a logged foul of out-of-turn play does, by its :func:`foul_effect`."""
DELAY_WARNED_WORDS = "警告；再犯按裁判判罚"
"""A time delay's penalty where a delay is first warned (``delay="warning"``)."""


def penalty_words(rules: RuleSet) -> dict[str, str]:
    """Each foul kind's penalty in words under ``rules``: the out-of-turn and the delay
    options are read through :func:`foul_effect`, the rule itself.

    >>> from rules.ruleset import RuleSet
    >>> words = penalty_words(RuleSet(out_of_turn="stop_trick"))
    >>> words["out_of_turn"], words["time_delay"], words["card_hiding"]
    ('停止本轮出牌，不记犯规', '警告；再犯按裁判判罚', '对方升1级，本方降1级')
    >>> penalty_words(RuleSet(delay="foul"))["time_delay"]
    '犯规1次'
    """
    delay_foul = foul_effect(rules, "time_delay", "warning") == FOUL
    return PENALTY_WORDS | {
        "out_of_turn": OUT_OF_TURN_WORDS[foul_effect(rules, "out_of_turn", "foul")],
        "time_delay": PENALTY_WORDS["time_delay"] if delay_foul else DELAY_WARNED_WORDS,
    }


def count_fouls(rules: RuleSet, log: Iterable[tuple[str, str, int | None]]) -> int:
    """Fouls of one side from its log of ``(kind, severity, deal_number)``, in time order.

    The count the engine would reach on a deal-by-deal sheet: the first wrong card count is
    a warning; two pairing warnings in one deal make a foul (warnings without a deal number
    cannot pair up).
    """
    count = wrong_counts = 0
    warnings: dict[int, int] = {}
    for kind, severity, deal in log:
        effect = foul_effect(rules, kind, severity)
        if effect == WRONG_COUNT:
            wrong_counts += 1
            count += 1 if wrong_counts > 1 else 0
        elif effect == FOUL:
            count += 1
        elif effect == PAIRING_WARNING and deal is not None:
            warnings[deal] = warnings.get(deal, 0) + 1
    return count + sum(n // 2 for n in warnings.values())


LATE_ROUNDS_TO_DISQUALIFY = 3
"""docs/rules.md §8: "连续2次以上（不含2次）迟到，则取消比赛资格" — three in a row."""


def late_disqualifies(rules: RuleSet, late_streak: int) -> bool:
    """Whether lateness in ``late_streak`` consecutive rounds disqualifies a pair (§8)."""
    return rules.late_disqualify and late_streak >= LATE_ROUNDS_TO_DISQUALIFY


def three_fouls_lose(rules: RuleSet, fouls: int) -> bool:
    """Whether ``fouls`` in one match lose it (docs/rules.md §7.3, option ``three_fouls_defeat``)."""
    return rules.three_fouls_defeat and fouls >= MAX_FOULS


def apply_penalty(state: MatchState, side: str, levels: int) -> MatchState:
    """A level change ordered by the referee, not counted as a foul."""
    return change_level(state, side, levels)


def apply_foul(state: MatchState, side: str, kind: str, levels: int | None = None) -> MatchState:
    """Record a foul by ``side`` with the penalty of its kind (see :func:`foul_effect`)."""
    effect = foul_effect(state.rules, kind, "foul")
    if effect == STOP_TRICK:
        return log(state, "trick_stopped", side)
    if effect == WARNING:
        state = evolve(state, warnings=bump(state.warnings, side))
        return log(state, "out_of_turn_warning", side)
    if kind == "wrong_count":
        state = evolve(state, wrong_counts=bump(state.wrong_counts, side))
        if state.wrong_counts[side] == 1:
            state = evolve(state, warnings=bump(state.warnings, side))
            return log(state, "wrong_count_warning", side)
    state = _count_foul(state, side, kind)
    if kind == "out_of_turn":
        state = change_level(state, opponent(side), +1)
    elif kind == "card_hiding":
        state = evolve(state, hidden=bump(state.hidden, side))
        state = change_level(state, opponent(side), +1)
        state = change_level(state, side, -1)
        if state.hidden[side] >= MAX_HIDDEN:
            # The specific rule (docs/rules.md §6.1) wins over three fouls: the opponents win as A+.
            return _three_hidden(state, side)
    elif levels:
        state = change_level(state, side, levels)
    return _check_three_fouls(state, side)


def apply_warning(state: MatchState, side: str, kind: str) -> MatchState:
    """Record a warning; the second pairing warning to one side in a deal becomes a foul."""
    effect = foul_effect(state.rules, kind, "warning")
    if effect == FOUL:
        state = _count_foul(state, side, kind)
        return _check_three_fouls(state, side)
    if effect == WARNING:
        state = evolve(state, warnings=bump(state.warnings, side))
        return log(state, "warning_only", side, foul_kind=kind)
    count = state.warnings_this_deal[side] + 1
    state = evolve(
        state,
        warnings=bump(state.warnings, side),
        warnings_this_deal=state.warnings_this_deal.set(side, count),
    )
    state = log(state, "warning", side, foul_kind=kind, count=count)
    if count < 2:
        return state
    # The pair of warnings is used up: a third warning in the same deal starts a new pair.
    state = evolve(state, warnings_this_deal=state.warnings_this_deal.set(side, 0))
    state = log(state, "warnings_to_foul", side)
    state = _count_foul(state, side, kind)
    state = change_level(state, opponent(side), +1)
    return _check_three_fouls(state, side)


def apply_forfeit(state: MatchState, side: str, reason: str) -> MatchState:
    """End the match against ``side`` (forfeit, lateness, three fouls, three hidden cards)."""
    if reason == "three_hidden":
        return _three_hidden(state, side)
    if reason == "three_fouls":
        state = log(state, "three_fouls", side)
    else:
        state = log(state, "forfeit", side, end_reason=reason)
    return end(state, opponent(side), reason, forfeit_by=side)


def _count_foul(state: MatchState, side: str, kind: str) -> MatchState:
    state = evolve(state, fouls=bump(state.fouls, side))
    return log(state, "foul", side, foul_kind=kind, count=state.fouls[side])


def _check_three_fouls(state: MatchState, side: str) -> MatchState:
    if not three_fouls_lose(state.rules, state.fouls[side]):
        return state
    # Levels stay as they are: each scoring system has its own score for this (docs/rules.md §6).
    state = log(state, "three_fouls", side)
    return end(state, opponent(side), "three_fouls", forfeit_by=side)


def _three_hidden(state: MatchState, side: str) -> MatchState:
    winner = opponent(side)
    state = set_level(state, winner, LEVEL_PASSED_A)
    state = log(state, "three_hidden", side)
    return end(state, winner, "three_hidden", forfeit_by=side)
