"""The rule options an organizer picks for an event (docs/rules.md §3–§5).

Vocabulary
----------
upgrade (升级)
    Levels a side climbs after winning a deal; set by where the partner of the first player
    out (头游) finished: 2nd (opponents 双下), 3rd or 4th (末游).
passing A (过A)
    Winning a deal played at one's own A level under the ``pass_a`` condition; ends the
    match.
failed attempt (打A未过)
    A deal played at a side's own A level that does not pass A (``a_fail`` says what happens
    on the third one).

>>> rs = RuleSet.preset("plus5", a_fail="three_back_to_J")
>>> rs.upgrade(2), rs.upgrade(3), rs.passes_a(3), rs.a_fail_limit
(5, 3, True, 3)
>>> RuleSet.from_dict(rs.to_dict()) == rs
True
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from rules.errors import BAD_OPTION, BAD_OPTION_VALUE, RuleError
from rules.levels import LEVEL_J, LEVEL_TWO
from rules.profiles import profile_options

# The option labels are the app's too (tournament.text.options uses these dicts): one wording.
LEVEL_PRESETS: dict[str, str] = {
    "jiangsu": "江苏规则：双下升3级，1-3升2级，1-4升1级",
    "plus4": "双下升4级，1-3升2级，1-4升1级",
    "plus5": "双下升5级（双戴花），1-3升3级，1-4升1级",
}
PASS_A_OPTIONS: dict[str, str] = {
    "partner_not_last": "过A：头游且同伴非末游（1-2或1-3）",
    "double_down": "过A：只有双下（1-2）",
}
A_FAIL_OPTIONS: dict[str, str] = {
    "unlimited": "打A不限次数",
    "three_back_to_2": "A三次不过回2",
    "three_back_to_J": "A连续三次不过从J开始",
}
AT_TIME_OPTIONS: dict[str, str] = {
    "finish_deal": "到时打完当前一副",
    "stop_now": "到时立即停止，以最后完成的一副为准",
}
GAMES_OPTIONS: dict[int, str] = {1: "一局决胜", 3: "三局两胜"}
TWO_WARNINGS_OPTIONS: dict[str, str] = {
    "gestures_only": "一副牌中两次越序出牌手势警告判犯规1次",
    "any": "一副牌中任意两次警告判犯规1次",
    "none": "两次警告不判犯规（竞赛细则、分组移位规则）",
}
DELAY_OPTIONS: dict[str, str] = {
    "warning": "超时先警告",
    "foul": "超时直接记犯规1次",
}
OUT_OF_TURN_OPTIONS: dict[str, str] = {
    "foul_plus1": "越序出牌犯规1次，对方升1级",
    "warning_or_exposed": "越序出牌警告（上家管上则为明牌）",
    "stop_trick": "越序出牌终止该轮出牌，不记犯规",
}
TIME_TIE_OPTIONS: dict[str, str] = {
    "draw": "到时级数相同为平局",
    "downstage_wins": "到时级数相同，台下一方（先打到该级者）胜",
}
HUNDRED_AT_TIME_OPTIONS: dict[str, str] = {
    "climbed_only": "到时无人过A：双方只计所升级数",
    "higher_wins": "到时无人过A：级数高者按100+级差计",
}
BOOL_OPTIONS: dict[bool, str] = {False: "否", True: "是"}

# Levels climbed by the winner, by the finishing place of 头游's partner (docs/rules.md §3).
UPGRADES: dict[str, dict[int, int]] = {
    "jiangsu": {2: 3, 3: 2, 4: 1},
    "plus4": {2: 4, 3: 2, 4: 1},
    "plus5": {2: 5, 3: 3, 4: 1},
}
# Partner places that pass A (docs/rules.md §4).
PASSING_PLACES: dict[str, frozenset[int]] = {
    "partner_not_last": frozenset({2, 3}),
    "double_down": frozenset({2}),
}
# Where a side restarts after its third failed attempt at A; None = no limit.
A_FAIL_RESTART: dict[str, int | None] = {
    "unlimited": None,
    "three_back_to_2": LEVEL_TWO,
    "three_back_to_J": LEVEL_J,
}
A_FAIL_LIMIT = 3
MAX_TIME_LIMIT = 600

_CHOICES: dict[str, dict[Any, str]] = {
    "levels": LEVEL_PRESETS,
    "pass_a": PASS_A_OPTIONS,
    "a_fail": A_FAIL_OPTIONS,
    "at_time": AT_TIME_OPTIONS,
    "games": GAMES_OPTIONS,
    "two_warnings": TWO_WARNINGS_OPTIONS,
    "delay": DELAY_OPTIONS,
    "out_of_turn": OUT_OF_TURN_OPTIONS,
    "time_tie": TIME_TIE_OPTIONS,
    "hundred_at_time": HUNDRED_AT_TIME_OPTIONS,
}
_FLAGS = ("three_fouls_defeat", "late_disqualify")


@dataclass(frozen=True)
class RuleSet:
    """Every rule option the engine and the app need; validated on construction.

    ``time_limit_minutes`` and ``at_time`` are carried for the app's clock and for what the
    referee is told when time is up; the engine ends a match where the sheet says ``T``.
    """

    levels: str = "jiangsu"
    pass_a: str = "partner_not_last"
    a_fail: str = "unlimited"
    time_limit_minutes: int = 60
    at_time: str = "finish_deal"
    games: int = 1
    three_fouls_defeat: bool = False
    two_warnings: str = "gestures_only"
    delay: str = "warning"
    out_of_turn: str = "foul_plus1"
    time_tie: str = "draw"
    hundred_at_time: str = "climbed_only"
    late_disqualify: bool = False

    def __post_init__(self) -> None:
        for name, choices in _CHOICES.items():
            value = getattr(self, name)
            if not _is_choice(value, choices):
                allowed = ", ".join(str(c) for c in choices)
                raise RuleError(BAD_OPTION_VALUE, name=name, value=value, allowed=allowed)
        for name in _FLAGS:
            if not isinstance(getattr(self, name), bool):
                value = getattr(self, name)
                raise RuleError(BAD_OPTION_VALUE, name=name, value=value, allowed="True, False")
        minutes = self.time_limit_minutes
        if isinstance(minutes, bool) or not isinstance(minutes, int):
            minutes = -1
        if not 1 <= minutes <= MAX_TIME_LIMIT:
            raise RuleError(
                BAD_OPTION_VALUE,
                name="time_limit_minutes",
                value=self.time_limit_minutes,
                allowed=f"1–{MAX_TIME_LIMIT}",
            )

    @classmethod
    def preset(cls, name: str, **overrides: Any) -> RuleSet:
        """Return the rule set of upgrade preset ``name`` with other options overridden.

        Presets fix only the upgrade table; every other option keeps its default unless
        given, so the organizer sees each choice explicitly.
        """
        if not _is_choice(name, LEVEL_PRESETS):
            raise RuleError(
                BAD_OPTION_VALUE, name="levels", value=name, allowed=", ".join(LEVEL_PRESETS)
            )
        _check_names(overrides, exclude="levels")
        return cls(levels=name, **overrides)

    @classmethod
    def profile(cls, name: str) -> RuleSet:
        """Return the rule set of competition profile ``name`` (docs/rules.md §13).

        The four names are the keys of :data:`rules.profiles.PROFILES`; the profile's
        event options (scoring, seating, tiebreaks …) are in
        :func:`rules.profiles.profile_options`.

        >>> RuleSet.profile("knockout").time_tie
        'downstage_wins'
        """
        return cls.from_event_options(profile_options(name))

    @classmethod
    def from_event_options(cls, options: dict[str, Any]) -> RuleSet:
        """The rule set inside an event's options (app names: ``time_limit`` in minutes).

        Options that are not rules of play (format, scoring, seating …) are ignored; missing
        ones take their defaults.
        """
        names = {f.name for f in fields(cls)}
        data = {key: value for key, value in options.items() if key in names}
        if "time_limit" in options:
            data["time_limit_minutes"] = options["time_limit"]
        return cls(**data)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleSet:
        """Rebuild a rule set saved by :meth:`to_dict`; missing options take defaults."""
        if not isinstance(data, dict):
            raise RuleError(BAD_OPTION, name=data, allowed=", ".join(f.name for f in fields(cls)))
        _check_names(data)
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        """Return the options as a JSON-safe dict (str, int and bool values only)."""
        return asdict(self)

    def upgrade(self, partner: int) -> int:
        """Levels climbed by the winner when 头游's partner finished ``partner``."""
        return UPGRADES[self.levels][partner]

    def passes_a(self, partner: int) -> bool:
        """Whether a win at one's own A with this partner place passes A."""
        return partner in PASSING_PLACES[self.pass_a]

    @property
    def a_fail_limit(self) -> int | None:
        """Failed attempts at A that send a side back, or None for no limit."""
        return None if A_FAIL_RESTART[self.a_fail] is None else A_FAIL_LIMIT

    @property
    def a_fail_restart(self) -> int | None:
        """Level index a side restarts at after its last allowed failure, or None."""
        return A_FAIL_RESTART[self.a_fail]

    @property
    def wins_needed(self) -> int:
        """Games a side must win to take a knockout match (1 of 1, 2 of 3)."""
        return self.games // 2 + 1


def _is_choice(value: object, choices: dict[Any, str]) -> bool:
    # bool is an int in Python: True must not pass for games=1; lists are unhashable.
    return isinstance(value, str | int) and not isinstance(value, bool) and value in choices


def _check_names(options: dict[str, Any], exclude: str = "") -> None:
    allowed = [f.name for f in fields(RuleSet) if f.name != exclude]
    for name in options:
        if name not in allowed:
            raise RuleError(BAD_OPTION, name=name, allowed=", ".join(allowed))
