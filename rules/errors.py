"""Errors a referee or an organizer can fix, in English and Simplified Chinese.

Every :class:`RuleError` carries a stable machine ``code`` (for the app and for tests),
``str(error)`` in English and ``error.message_zh`` for the referee UI. The messages are
module constants so that tests and the app import them instead of copying text.

>>> err = RuleError(BAD_PARTNER, value=5)
>>> err.code, str(err)
('bad_partner', "The partner of the first player out (头游) must have finished 2nd, 3rd or 4th, not '5'.")
>>> err.message_zh
'头游对家的名次只能是2、3或4（收到：5）。'
"""

from __future__ import annotations

from typing import Any, NamedTuple

from rules.messages import Message


class Text(NamedTuple):
    """One error text: a stable code and ``str.format`` templates in both languages."""

    code: str
    en: str
    zh: str


class RuleError(ValueError):
    """A step, option, level or notation that breaks the rules; fixable by the user.

    A subclass of ``ValueError`` so that callers validating input can catch both.
    """

    def __init__(self, message: Text, **params: Any) -> None:
        self.code = message.code
        self.step_index: int | None = None  # set by replay(): which step was refused
        self.params = params
        self.msg = Message(message.code, params)  # rendered by code in the Django layer
        self.message_en = message.en.format(**params)
        self.message_zh = message.zh.format(**params)
        super().__init__(self.message_en)


# --- steps of a match -------------------------------------------------------------------
AFTER_END = Text(
    "after_end",
    "The match has already ended ({reason}); nothing more can be recorded.",
    "本场比赛已结束（{reason_zh}），不能再记录。",
)
BAD_STEP = Text(
    "bad_step",
    "Cannot read this step: {step!r}. Expected a deal, penalty, foul, warning, forfeit or time.",
    "无法识别此记录：{step!r}。应为牌局、罚级、犯规、警告、弃权或到时。",
)
BAD_SIDE = Text(
    "bad_side",
    "Unknown side '{value}': use EW (East–West) or NS (North–South).",
    "未知方位“{value}”：请用东西（EW）或南北（NS）。",
)
BAD_PARTNER = Text(
    "bad_partner",
    "The partner of the first player out (头游) must have finished 2nd, 3rd or 4th, not '{value}'.",
    "头游对家的名次只能是2、3或4（收到：{value}）。",
)
BAD_LEVEL = Text(
    "bad_level",
    "'{value}' is not a level: use 2–10, J, Q, K, A or A+.",
    "“{value}”不是有效级数：请用2–10、J、Q、K、A或A+（过A）。",
)
BAD_LEVELS = Text(
    "bad_levels",
    "A level change must be a whole number from -12 to 12 other than 0, not '{value}'.",
    "升降级数必须是-12到12之间的非零整数（收到：{value}）。",
)
BAD_KIND = Text(
    "bad_kind",
    "Unknown kind of {what} '{value}'; allowed: {allowed}.",
    "未知的{what_zh}类型“{value}”；可用：{allowed}。",
)
LEVELS_NOT_ALLOWED = Text(
    "levels_not_allowed",
    "A foul of kind '{kind}' has a fixed penalty; do not give 'levels'.",
    "“{kind_zh}”的判罚是固定的，不能另给升降级数。",
)
BAD_REASON = Text(
    "bad_reason",
    "Unknown reason for the end of a match '{value}'; allowed: {allowed}.",
    "未知的结束原因“{value}”；可用：{allowed}。",
)
NOT_FINISHED = Text(
    "not_finished",
    "The match is not finished yet: no result until a side passes A, time is called or a "
    "side forfeits.",
    "本场比赛尚未结束：须有一方过A、到时或弃权后才有结果。",
)

# --- final results entered without deals -------------------------------------------------
BOTH_PASSED_A = Text(
    "both_passed_a",
    "Both sides cannot have passed A: the match ends when the first side passes A.",
    "双方不可能都过A：一方过A时比赛即结束。",
)
NEEDS_TIME = Text(
    "needs_time",
    "Neither side passed A ({ew}–{ns}): such a result is only valid when time was called.",
    "双方均未过A（{ew}–{ns}）：只有到时结束的比赛才能这样记分。",
)

# --- rule sets ---------------------------------------------------------------------------
BAD_OPTION = Text(
    "bad_option",
    "Unknown rule option '{name}'; allowed: {allowed}.",
    "未知的规则选项“{name}”；可用：{allowed}。",
)
BAD_OPTION_VALUE = Text(
    "bad_option_value",
    "Rule option '{name}' cannot be {value!r}; allowed: {allowed}.",
    "规则选项“{name}”不能为{value!r}；可用：{allowed}。",
)

# --- notation ----------------------------------------------------------------------------
BAD_TOKEN = Text(
    "bad_token",
    "Cannot read token {position} '{token}' (column {column}); expected e.g. EW12, NS14, "
    "+NS, -2EW, F:NS:O, W:EW:O, FF:NS:LATE or T.",
    "第{position}项“{token}”（第{column}列）无法识别；应为如 EW12、NS14、+NS、-2EW、"
    "F:NS:O、W:EW:O、FF:NS:LATE 或 T。",
)

# --- knockout ----------------------------------------------------------------------------
GAME_UNFINISHED = Text(
    "game_unfinished",
    "Game {game} has not ended: it needs a side past A, a time call (T) or a forfeit.",
    "第{game}局尚未结束：须有一方过A、到时（T）或弃权。",
)
TOO_MANY_GAMES = Text(
    "too_many_games",
    "Game {game} cannot be played: the best of {best_of} was already won after game {after}.",
    "第{game}局不应进行：{best_of}局制比赛在第{after}局后已决出胜负。",
)
BAD_DECIDER = Text(
    "bad_decider",
    "A decider is recorded for game {game}, but there is no such game.",
    "记录了第{game}局的加赛结果，但没有这一局。",
)
DECIDER_NOT_NEEDED = Text(
    "decider_not_needed",
    "Game {game} did not end level at time, so it has no decider.",
    "第{game}局并非到时打平，无需加赛。",
)
