"""tournament/events/option_labels.py is what scripts/i18n_labels.py makes of the labels the
plain-Python modules hold, so that makemessages keeps their entries in the catalogue."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from rules.steps import END_REASONS, FOUL_KINDS
from tournament.events.option_labels import LABELS

ROOT = Path(__file__).resolve().parents[3]


def _script():
    spec = importlib.util.spec_from_file_location("i18n_labels", ROOT / "scripts/i18n_labels.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_generated_labels_are_the_scripts_and_hold_the_cores_labels():
    assert sorted(LABELS) == _script().labels()  # regenerate: scripts/i18n_labels.py
    assert {*END_REASONS.values(), *FOUL_KINDS.values()} <= set(LABELS)
    assert {"累计三次犯规判负", "累计三次藏牌判负", "迟到弃权"} <= set(LABELS)
