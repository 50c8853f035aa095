"""Errors raised by the pairing package, and the codes of their messages.

A :class:`PairingError` is a *user* error: the organizer can fix it (too few pairs, an
unknown option value, a draw number used twice). It carries a code (one of the constants
below) and the parameters of its text; the Django layer renders ``error.msg`` in the
reader's language (``tournament.messages``). Anything else raised from this package
(``AssertionError``, ``RuntimeError``) is an internal error, i.e. a bug.

>>> err = PairingError(TOO_FEW, minimum=2, count=1)
>>> err.code, err.msg.params
('pairing_too_few', {'minimum': 2, 'count': 1})
"""

from __future__ import annotations

from typing import Any

from rules.messages import Message


class PairingError(ValueError):
    """A fixable problem with the input or the options of a pairing request.

    ``str(error)`` is the code and its parameters, for logs and tracebacks only.
    """

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        self.msg = Message(code, params)
        super().__init__(code)

    def __str__(self) -> str:
        shown = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        return f"{self.code} ({shown})" if shown else self.code


# --- the field (params) ------------------------------------------------------------------
TOO_FEW = "pairing_too_few"  # minimum, count
DUPLICATE = "pairing_duplicate"  # an id appears twice in a list of pairs
DUPLICATE_ENTRANT = "pairing_duplicate_entrant"  # entrant
BAD_POINTS = "pairing_bad_points"  # entrant, points
BAD_FORBIDDEN = "pairing_bad_forbidden"  # item: a pair to keep apart that is not two pairs
# --- options -----------------------------------------------------------------------------
OPTION = "pairing_option"  # name, value, allowed
BAD_SEED = "pairing_bad_seed"  # seed
# --- the draw ----------------------------------------------------------------------------
UNKNOWN_OVERRIDE = "pairing_unknown_override"  # unknown: ids given a number but not drawn
BAD_OVERRIDE = "pairing_bad_override"  # n: the numbers given must be distinct, 1 … n
NO_DRAW = "pairing_no_draw"  # missing
DRAW_CLASH = "pairing_draw_clash"
# --- groups and round robins ---------------------------------------------------------------
GROUP_SIZE = "pairing_group_size"  # count: pairs that cannot make groups of 3 and 4
GROUP_COUNT = "pairing_group_count"  # count, groups, asked
GROUP_MEMBERS = "pairing_group_members"  # a group given with other than 3 or 4 pairs
ROTATION_ROUND = "pairing_rotation_round"  # a rotation stage has rounds 1 to 3
ROUND_ROBIN_ROUND = "pairing_round_robin_round"  # total: its rounds are 1 … total
# --- team events (团体赛) ----------------------------------------------------------------
LINEUP_SIZE = "pairing_lineup_size"  # team, size, expected: a line-up of the wrong length
TEAM_SELF_MATCH = "pairing_team_self_match"  # team: a team match of a team against itself
DUPLICATE_TEAM = "pairing_duplicate_team"  # team: a team placed twice in one round
# --- individual events (个人赛) ------------------------------------------------------------
MOVEMENT_SIZE = "pairing_movement_size"  # size, allowed: a fixed movement of another size
MOVEMENT_ROUNDS = "pairing_movement_rounds"  # size, rounds, maximum: a partner would repeat
# --- knockout brackets -------------------------------------------------------------------
NO_MATCH = "pairing_no_match"  # match
NOT_IN_MATCH = "pairing_not_in_match"  # winner, match
DECIDED = "pairing_decided"  # match: it has a winner already


def check_choice(name: str, value: object, choices: tuple[str, ...]) -> None:
    """Raise :class:`PairingError` unless ``value`` is one of ``choices``."""
    if value not in choices:
        raise PairingError(OPTION, name=name, value=repr(value), allowed="、".join(choices))
