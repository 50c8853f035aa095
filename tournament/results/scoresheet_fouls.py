"""Fouls and warnings on a deal-by-deal score sheet: they come only from the foul log.

A sheet's foul or warning step (``{"foul": side, ...}``, ``{"warning": side, ...}``, see
:mod:`rules.steps`) is written by :func:`tournament.results.fouls.record_foul`, which logs the
foul and adds its step (:func:`tournament.results.fouls.foul_step`). A sheet saved from a form
keeps those steps as they are and adds none: :func:`check_foul_steps`, called by
:func:`tournament.results.services.save_scoresheet`. Apart from :mod:`tournament.results.fouls`
because that module saves through ``save_scoresheet`` (one import direction).
"""

from __future__ import annotations

from tournament.core.errors import Refused
from tournament.models import Table

MSG_FOULS_BY_BUTTON = "fouls_by_button"  # message codes: texts in text/messages/services.py
MSG_FOULS_KEPT = "fouls_kept"
MSG_FOULS_ON_RECORD = "fouls_on_record"


def is_foul_step(step) -> bool:
    """True for a sheet step that is a foul or a warning."""
    return isinstance(step, dict) and ("foul" in step or "warning" in step)


def check_foul_steps(table: Table, steps: list, allow_new: bool) -> None:
    """Fouls and warnings on a sheet come only from the foul log: kept, never added here."""
    old = table.deals or []
    if not old and steps and table.fouls.exists():
        raise Refused(MSG_FOULS_ON_RECORD)
    kept = [(i, step) for i, step in enumerate(old) if is_foul_step(step)]
    if any(i >= len(steps) or steps[i] != step for i, step in kept):
        raise Refused(MSG_FOULS_KEPT)
    new_fouls = sum(1 for step in steps if is_foul_step(step)) - len(kept)
    if new_fouls and not allow_new:
        raise Refused(MSG_FOULS_BY_BUTTON)
