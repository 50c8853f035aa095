"""Flags saying why a table (or a bye) was made, for the organizer's screen.

Vocabulary
----------
score group
    The pairs with equal points.
float
    A table between two different score groups: the pair with more points *floats down*
    (下浮) to meet a weaker opponent, the other *floats up* (上浮).
rematch avoided
    A previous opponent was closer in points than the opponent actually met: the rule
    against meeting twice changed this table.
unit conflict avoided
    Same, for a pair of the same unit (同单位) when same-unit avoidance is on.
seat forced
    The seat balance decided the seats against the "listed first" default
    (see :mod:`pairing.seats`).
"""

from __future__ import annotations

FLAG_FLOAT_UP = "float_up"
FLAG_FLOAT_DOWN = "float_down"
FLAG_REMATCH_AVOIDED = "rematch_avoided"
FLAG_REMATCH = "rematch"
FLAG_UNIT_AVOIDED = "unit_avoided"
FLAG_SAME_UNIT = "same_unit"
FLAG_FORBIDDEN = "forbidden"
FLAG_SEAT_FORCED = "seat_forced"
FLAG_SEAT_LIMIT = "seat_limit"
FLAG_BYE = "bye"
FLAG_SECOND_BYE = "second_bye"
FLAG_MANUAL = "manual"

DRAW_FLAG_DESCRIPTIONS: dict[str, tuple[str, str]] = {
    FLAG_FLOAT_UP: ("上浮", "Floated up: met a pair with more points"),
    FLAG_FLOAT_DOWN: ("下浮", "Floated down: met a pair with fewer points"),
    FLAG_REMATCH_AVOIDED: ("避免重复对阵", "A closer opponent was skipped: already met"),
    FLAG_REMATCH: ("重复对阵（无法避免）", "Rematch: no pairing without one exists"),
    FLAG_UNIT_AVOIDED: ("同单位回避", "A closer opponent was skipped: same unit"),
    FLAG_SAME_UNIT: ("同单位对阵", "Both pairs belong to the same unit"),
    FLAG_FORBIDDEN: ("回避对阵（无法避免）", "Pairs set to be kept apart: no pairing avoids it"),
    FLAG_SEAT_FORCED: ("座位强制", "Seats set by the East-West balance, not the listing"),
    FLAG_SEAT_LIMIT: ("座位超限", "A pair's East-West balance goes beyond ±2"),
    FLAG_BYE: ("轮空", "Bye: no opponent this round"),
    FLAG_SECOND_BYE: ("再次轮空", "Bye although another pair has had fewer byes"),
    FLAG_MANUAL: ("人工调整", "Changed by hand after the computer pairing"),
}
"""Flag -> (Chinese label, English description)."""
