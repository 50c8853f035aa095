"""What each step did, as codes the score sheet reads back to the referee.

Every step adds one or more :class:`Event` to ``state.events``: a stable ``code`` (one of
:data:`EVENT_CODES`), the index of the step that caused it, the side it concerns and the
parameters of its text. The text is no business of the core: the Django layer looks the
code up in its table (``tournament.messages``) and renders ``event.msg`` in the reader's
language.

Parameters that are codes of the vocabulary keep fixed names (see :mod:`rules.messages`):
``side`` and ``opp`` (EW/NS: the event's side and its opponent), ``foul_kind``
(:data:`rules.steps.FOUL_KINDS`), ``end_reason`` (:data:`rules.steps.END_REASONS`) and
``outcome`` (``"draw"``, ``"EW"`` or ``"NS"``: who won at time).

>>> e = make_event(0, "upgrade", "EW", partner=2, gain=3, level="5")
>>> e.code, e.side, e.msg.params
('upgrade', 'EW', {'partner': 2, 'gain': 3, 'level': '5', 'side': 'EW', 'opp': 'NS'})
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.messages import Message
from rules.sides import opponent

# code: what its parameters are (beside ``side`` and ``opp``, filled in for you).
EVENT_CODES: dict[str, str] = {
    "upgrade": "partner (2-4), gain, level: the new level",
    "upgrade_capped": "partner, gain: a climb that stops at A",
    "stays_at_a": "partner: a win at A that is not the side's own A",
    "passed_a": "partner: the side passed A and won the match",
    "attempt_failed": "count, of_limit: a message 'attempt_limit' (limit) or ''",
    "back_to_level": "level: where a side starts again after its last failed attempt",
    "level_change": "delta, old, new: a penalty",
    "level_clamped": "delta, old, new: a penalty held between 2 and A",
    "foul": "foul_kind, count: fouls of the side in this match",
    "warning": "foul_kind, count: warnings of the side in this deal",
    "warning_only": "foul_kind",
    "warnings_to_foul": "",
    "wrong_count_warning": "",
    "trick_stopped": "",
    "out_of_turn_warning": "",
    "time_tie": "the side below the table wins on equal levels at time",
    "three_fouls": "",
    "three_hidden": "",
    "forfeit": "end_reason",
    "time": "ew, ns: the levels; outcome",
}
"""Every code an event may have, with its parameters (the texts are in the Django layer)."""

ATTEMPT_LIMIT = "attempt_limit"
"""The code of the "(n of limit)" part of ``attempt_failed``, a message of its own."""


@dataclass(frozen=True)
class Event:
    """One thing a step did. ``step`` is the step's 0-based position in the match."""

    step: int
    code: str
    side: str | None
    params: dict[str, Any] = field(default_factory=dict, hash=False, compare=True)

    @property
    def msg(self) -> Message:
        """The event as a message, for the Django layer to render."""
        return Message(self.code, self.params)


def make_event(step: int, code: str, side: str | None, **params: Any) -> Event:
    """Build an event of ``code`` (one of :data:`EVENT_CODES`), naming the side and its opponent."""
    if code not in EVENT_CODES:
        raise KeyError(f"unknown event code {code!r}")  # a bug of the engine, not of the user
    if side is not None:
        params |= {"side": side, "opp": opponent(side)}
    return Event(step, code, side, params)
