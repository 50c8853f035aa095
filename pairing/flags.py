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

DRAW_FLAGS: tuple[str, ...] = (
    FLAG_FLOAT_UP,
    FLAG_FLOAT_DOWN,
    FLAG_REMATCH_AVOIDED,
    FLAG_REMATCH,
    FLAG_UNIT_AVOIDED,
    FLAG_SAME_UNIT,
    FLAG_FORBIDDEN,
    FLAG_SEAT_FORCED,
    FLAG_SEAT_LIMIT,
    FLAG_BYE,
    FLAG_SECOND_BYE,
    FLAG_MANUAL,
)
"""Every flag code; their labels are the app's (tournament.text.messages.labels)."""
