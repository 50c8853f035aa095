"""Checking a final result entered without its deals (e.g. copied from a paper sheet).

>>> from rules.ruleset import RuleSet
>>> validate_final(RuleSet(), "a+", "ｊ")
('A+', 'J')
"""

from __future__ import annotations

from rules.errors import BAD_LEVEL, BOTH_PASSED_A, NEEDS_TIME, RuleError
from rules.levels import LEVEL_PASSED_A, LevelError, level_index, normalize_level
from rules.ruleset import RuleSet


def validate_final(
    rules: RuleSet, ew: str | int, ns: str | int, *, at_time: bool = True
) -> tuple[str, str]:
    """Return the normalized final levels ``(ew, ns)`` or raise :class:`RuleError`.

    - both levels must be on the scale (any spelling :func:`normalize_level` accepts);
    - at most one side can have passed A: the match ends when the first one does, so A+
      always comes with the other side at A or below;
    - a final where neither side passed A is valid only as a time result (``at_time``).

    ``rules`` is taken for symmetry with the rest of the API: no option changes which
    finals are possible (a side at A may meet any level under every preset).
    """
    del rules  # see the docstring: every option allows the same finals
    ew_level, ns_level = _level(ew), _level(ns)
    passed = [level_index(x) == LEVEL_PASSED_A for x in (ew_level, ns_level)]
    if all(passed):
        raise RuleError(BOTH_PASSED_A)
    if not any(passed) and not at_time:
        raise RuleError(NEEDS_TIME, ew=ew_level, ns=ns_level)
    return ew_level, ns_level


def _level(value: str | int) -> str:
    try:
        return normalize_level(value)
    except LevelError:
        raise RuleError(BAD_LEVEL, value=value) from None
