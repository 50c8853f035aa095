"""Steps: what a referee records during a match, as plain JSON-safe dicts.

Vocabulary
----------
step
    One line of the score sheet, in time order. The six kinds, in canonical form:

    ``{"win": "EW", "partner": 2}``
        a deal won by EW whose 头游's partner finished 2nd (1–2, opponents 双下);
        ``partner`` is 2, 3 or 4.
    ``{"penalty": "NS", "levels": 1}``
        a bare level change ordered by the referee (+ up, − down), with no foul counted.
    ``{"foul": "NS", "kind": "out_of_turn"}``
        a foul (犯规) with the penalty of its kind (:data:`FOUL_KINDS`); the kinds without a
        fixed penalty accept ``"levels"`` (a change to the offending side, e.g. ``-1``).
    ``{"warning": "NS", "kind": "out_of_turn"}``
        a warning (警告); two to one side in one deal make one foul.
    ``{"forfeit_by": "NS", "reason": "late"}``
        the match ends against NS (:data:`END_REASONS` other than ``passed_a``/``time``).
    ``{"time": True}``
        time is up (到时): the match ends on the levels as they stand.

:func:`normalize_step` accepts the spellings a referee may use (``"ns"``, ``"南北"``,
``"3"``) and returns the canonical dict, or raises :class:`~rules.errors.RuleError`.

>>> normalize_step({"win": "ew", "partner": "2"})
{'win': 'EW', 'partner': 2}
"""

from __future__ import annotations

from typing import Any

from rules.errors import (
    BAD_FOUL_KIND,
    BAD_LEVELS,
    BAD_PARTNER,
    BAD_REASON,
    BAD_STEP,
    BAD_WARNING_KIND,
    LEVELS_NOT_ALLOWED,
    RuleError,
)
from rules.sides import normalize_side

Step = dict[str, Any]

FOUL_KINDS: dict[str, str] = {
    "out_of_turn": "越序出牌",
    "card_hiding": "藏（偷）牌",
    "wrong_count": "报牌错误",
    "time_delay": "超时",
    "signalling": "暗示/暴露牌",
    "other": "其他违规",
}
"""Kinds of foul with their Chinese names (docs/rules.md §7)."""

# Kinds whose penalty is fixed by the rules; the others take an optional "levels".
FIXED_PENALTY_KINDS = frozenset({"out_of_turn", "card_hiding", "wrong_count"})

WARNING_KINDS: dict[str, str] = {
    k: FOUL_KINDS[k] for k in ("out_of_turn", "time_delay", "signalling", "other")
}
"""Kinds a warning may have. Card hiding is never a mere warning; a first wrong card
count is recorded as a ``wrong_count`` foul step, which the engine turns into a warning."""

END_REASONS: dict[str, str] = {
    "passed_a": "过A",
    "time": "到时",
    "three_fouls": "累计三次犯规判负",
    "three_hidden": "累计三次藏牌判负",
    "forfeit": "弃权",
    "late": "迟到弃权",
}
"""Why a match ended, with Chinese labels."""

FORFEIT_REASONS = ("three_fouls", "three_hidden", "forfeit", "late")

_KEYS = {
    "win": {"win", "partner"},
    "penalty": {"penalty", "levels"},
    "foul": {"foul", "kind", "levels"},
    "warning": {"warning", "kind"},
    "forfeit_by": {"forfeit_by", "reason"},
    "time": {"time"},
}
MAX_LEVELS = 12


def step_type(step: object) -> str:
    """Return which of the six kinds a step is (its first key), or raise ``bad_step``."""
    if isinstance(step, dict):
        for kind, keys in _KEYS.items():
            if kind in step and set(step) <= keys:
                return kind
    raise RuleError(BAD_STEP, step=step)


def normalize_step(step: object) -> Step:
    """Return the canonical form of a step (see the module docstring)."""
    kind = step_type(step)
    assert isinstance(step, dict)  # step_type checked it
    if kind == "win":
        return {"win": normalize_side(step["win"]), "partner": _partner(step.get("partner"))}
    if kind == "penalty":
        return {"penalty": normalize_side(step["penalty"]), "levels": _levels(step.get("levels"))}
    if kind == "foul":
        return _foul(step)
    if kind == "warning":
        side = normalize_side(step["warning"])
        return {"warning": side, "kind": _kind(step.get("kind"), WARNING_KINDS, BAD_WARNING_KIND)}
    if kind == "forfeit_by":
        return {"forfeit_by": normalize_side(step["forfeit_by"]), "reason": _reason(step)}
    if step["time"] is not True:
        raise RuleError(BAD_STEP, step=step)
    return {"time": True}


def _foul(step: dict[str, Any]) -> Step:
    out: Step = {
        "foul": normalize_side(step["foul"]),
        "kind": _kind(step.get("kind"), FOUL_KINDS, BAD_FOUL_KIND),
    }
    if "levels" in step:
        if out["kind"] in FIXED_PENALTY_KINDS:
            raise RuleError(LEVELS_NOT_ALLOWED, foul_kind=out["kind"])
        out["levels"] = _levels(step["levels"])
    return out


def _partner(value: object) -> int:
    # "2" from a form field is fine; True (== 1) and 2.5 are not.
    if isinstance(value, str) and value.strip() in {"2", "3", "4"}:
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool) and value in {2, 3, 4}:
        return value
    raise RuleError(BAD_PARTNER, value=value)


def _levels(value: object) -> int:
    if isinstance(value, str):
        try:
            value = int(value.strip())
        except ValueError:
            raise RuleError(BAD_LEVELS, value=value) from None
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(BAD_LEVELS, value=value)
    if value == 0 or abs(value) > MAX_LEVELS:
        raise RuleError(BAD_LEVELS, value=value)
    return value


def _kind(value: object, kinds: dict[str, str], code: str) -> str:
    if isinstance(value, str) and value.strip().lower() in kinds:
        return value.strip().lower()
    raise RuleError(code, value=value, allowed=", ".join(kinds))


def _reason(step: dict[str, Any]) -> str:
    value = step.get("reason", "forfeit")
    if isinstance(value, str) and value.strip().lower() in FORFEIT_REASONS:
        return value.strip().lower()
    raise RuleError(BAD_REASON, value=value, allowed=", ".join(FORFEIT_REASONS))
