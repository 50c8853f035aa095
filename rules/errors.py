"""Errors a referee or an organizer can fix: a stable code and its parameters, no sentence.

Every :class:`RuleError` carries ``code`` (one of the constants below), ``params`` and
``msg``, the :class:`~rules.messages.Message` the Django layer renders in the reader's
language (its table of texts is ``tournament.messages``). Tests and the app import the
constants instead of typing the codes again.

>>> err = RuleError(BAD_PARTNER, value=5)
>>> err.msg
Message(code='bad_partner', params={'value': 5})
>>> str(err)
'bad_partner (value=5)'

Parameters are plain values (a level, a token, a count) or a code of the cores' vocabulary
under a fixed name (see :mod:`rules.messages`): ``end_reason`` (:data:`rules.steps.END_REASONS`)
and ``foul_kind`` (:data:`rules.steps.FOUL_KINDS`); the Django layer shows their labels.
"""

from __future__ import annotations

from typing import Any

from rules.messages import Message


class RuleError(ValueError):
    """A step, option, level or notation that breaks the rules; fixable by the user.

    A subclass of ``ValueError`` so that callers validating input can catch both.
    ``str(error)`` is the code and its parameters, for logs and tracebacks only.
    """

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.step_index: int | None = None  # set by replay(): which step was refused
        self.params = params
        self.msg = Message(code, params)  # rendered by code in the Django layer
        super().__init__(code)

    def __str__(self) -> str:
        shown = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        return f"{self.code} ({shown})" if shown else self.code


# --- steps of a match (params) -----------------------------------------------------------
AFTER_END = "after_end"  # end_reason: why the match ended
BAD_STEP = "bad_step"  # step: what was given
BAD_SIDE = "bad_side"  # value
BAD_PARTNER = "bad_partner"  # value: the partner's place
BAD_LEVEL = "bad_level"  # value
BAD_LEVELS = "bad_levels"  # value: a level change
BAD_FOUL_KIND = "bad_foul_kind"  # value, allowed
BAD_WARNING_KIND = "bad_warning_kind"  # value, allowed
LEVELS_NOT_ALLOWED = "levels_not_allowed"  # foul_kind: a kind with a fixed penalty
BAD_REASON = "bad_reason"  # value, allowed
NOT_FINISHED = "not_finished"

# --- final results entered without deals -------------------------------------------------
BOTH_PASSED_A = "both_passed_a"
NEEDS_TIME = "needs_time"  # ew, ns: the two levels

# --- rule sets ---------------------------------------------------------------------------
BAD_OPTION = "bad_option"  # name, allowed
BAD_OPTION_VALUE = "bad_option_value"  # name, value, allowed

# --- notation ----------------------------------------------------------------------------
BAD_TOKEN = "bad_token"  # position, token, column

# --- knockout ----------------------------------------------------------------------------
GAME_UNFINISHED = "game_unfinished"  # game
TOO_MANY_GAMES = "too_many_games"  # game, best_of, after
BAD_DECIDER = "bad_decider"  # game
DECIDER_NOT_NEEDED = "decider_not_needed"  # game
