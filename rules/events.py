"""What each step did, in words a referee reads back from the score sheet.

Every step adds one or more :class:`Event` to ``state.events``: a stable ``code`` for the
app, the index of the step that caused it, and an English and a Chinese sentence.

>>> e = make_event(0, "upgrade", "EW", partner=2, gain=3, level="5")
>>> e.text, e.text_zh
('EW won 1–2: +3, now at 5', '东西1–2胜，升3级，打5')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.sides import SIDES, opponent
from rules.steps import END_REASONS, END_REASONS_EN, FOUL_KINDS

# code: (English, Chinese). {side}/{side_zh} and {opp}/{opp_zh} are filled in for you.
EVENT_TEXTS: dict[str, tuple[str, str]] = {
    "upgrade": (
        "{side} won 1–{partner}: +{gain}, now at {level}",
        "{side_zh}1–{partner}胜，升{gain}级，打{level}",
    ),
    "upgrade_capped": (
        "{side} won 1–{partner}: +{gain} stops at A (A must be played)",
        "{side_zh}1–{partner}胜，升{gain}级止于A（A必打）",
    ),
    "stays_at_a": (
        "{side} won 1–{partner}, not at its own A: stays at A and plays its own A next",
        "{side_zh}1–{partner}胜（非己方A级）：仍为A，下一副打己方A",
    ),
    "passed_a": (
        "{side} won 1–{partner} at A: passed A, wins the match",
        "{side_zh}打A 1–{partner}胜：过A，本场获胜",
    ),
    "attempt_failed": (
        "{side}: attempt at A failed ({count}{of_limit})",
        "{side_zh}打A未过（第{count}次{of_limit_zh}）",
    ),
    "back_to_level": (
        "{side}: third failed attempt at A, back to {level}",
        "{side_zh}打A三次未过，回到{level}重打",
    ),
    "level_change": ("{side} {delta:+d}: {old} → {new}", "{side_zh}{delta:+d}级：{old}→{new}"),
    "level_clamped": (
        "{side} {delta:+d}: {old} → {new} (a penalty never takes a side below 2 nor past A)",
        "{side_zh}{delta:+d}级：{old}→{new}（罚级不低于2、不过A）",
    ),
    "foul": (
        "{side}: foul, {kind} ({count} in this match)",
        "{side_zh}犯规：{kind_zh}（本场第{count}次）",
    ),
    "warning": (
        "{side}: warning, {kind} ({count} in this deal)",
        "{side_zh}警告：{kind_zh}（本副第{count}次）",
    ),
    "warning_only": ("{side}: warning, {kind}", "{side_zh}警告：{kind_zh}"),
    "warnings_to_foul": (
        "{side}: two warnings in one deal make one foul",
        "{side_zh}一副牌中受到2次警告，判罚1次犯规",
    ),
    "wrong_count_warning": (
        "{side}: first wrong card count in this match: cards replayed, warning only",
        "{side_zh}本场首次报牌错误：收回重出，警告一次",
    ),
    "trick_stopped": (
        "{side} played out of turn: the trick is stopped, no foul",
        "{side_zh}越序出牌：停止本轮出牌，不记犯规",
    ),
    "out_of_turn_warning": (
        "{side} played out of turn: warning (an exposed card if the previous player beats it)",
        "{side_zh}越序出牌：警告（上家管上则为明牌）",
    ),
    "time_tie": (
        "Time on equal levels: {side}, below the table (台下), wins",
        "到时级数相同：{side_zh}在台下，获胜",
    ),
    "three_fouls": (
        "{side}: third foul in this match, loses the match",
        "{side_zh}本场累计三次犯规，判负",
    ),
    "three_hidden": (
        "{side}: third hidden card in this match, {opp} wins as A+",
        "{side_zh}本场累计三次藏牌，{opp_zh}按A+获胜",
    ),
    "forfeit": ("{side} forfeits the match ({reason})", "{side_zh}弃权（{reason_zh}）"),
    "time": ("Time: EW {ew}, NS {ns}, {outcome}", "到时：东西{ew}，南北{ns}，{outcome_zh}"),
}


@dataclass(frozen=True)
class Event:
    """One thing a step did. ``step`` is the step's 0-based position in the match."""

    step: int
    code: str
    side: str | None
    text: str
    text_zh: str


def make_event(step: int, code: str, side: str | None, **params: Any) -> Event:
    """Build an event from :data:`EVENT_TEXTS`, filling in side names and kind labels."""
    en, zh = EVENT_TEXTS[code]
    if side is not None:
        params |= {"side": side, "side_zh": SIDES[side]}
        params |= {"opp": opponent(side), "opp_zh": SIDES[opponent(side)]}
    if "kind" in params:
        params.setdefault("kind_zh", FOUL_KINDS.get(params["kind"], params["kind"]))
    if "reason" in params:
        reason = params["reason"]
        params |= {"reason": END_REASONS_EN[reason], "reason_zh": END_REASONS[reason]}
    return Event(step, code, side, en.format(**params), zh.format(**params))
