"""Names of knockout rounds and matches, as plain keys (no Django, no wording).

Vocabulary
----------
pairs left
    How many pairs a knockout round starts with: 2 in the final, 4 in the semi-finals, 8 in
    the quarter-finals… A bracket of ``size`` slots has ``size >> (r - 1)`` pairs left in
    its round ``r`` (round 1 first).
round key
    ``("final", 1)``, ``("semi_final", 2)``, ``("fraction", n)`` for the 1/n finals (n the
    number of matches: 1/4决赛 has 4) or ``("round", r)`` when nothing shorter names it.
    ``("third_place", 0)`` is the match for third place. The app words them (and translates).
bracket id
    ``"R{round}-{index}"`` or ``"3rd"`` (see :mod:`pairing.bracket`).

>>> knockout_round_key(2), knockout_round_key(8)
(('final', 1), ('fraction', 4))
>>> parse_bracket_id("R2-3"), parse_bracket_id("3rd")
((2, 3), None)
"""

from __future__ import annotations

import re

THIRD_PLACE_ID = "3rd"
_ID = re.compile(r"R(\d+)-(\d+)$")


def knockout_round_key(pairs_left: int, round_number: int = 0) -> tuple[str, int]:
    """The key of a knockout round that starts with ``pairs_left`` pairs."""
    if pairs_left == 2:
        return ("final", 1)
    if pairs_left == 4:
        return ("semi_final", 2)
    if pairs_left >= 8 and pairs_left & (pairs_left - 1) == 0:
        return ("fraction", pairs_left // 2)
    return ("round", round_number)


def pairs_left(size: int, round_number: int) -> int:
    """Pairs left in round ``round_number`` (from 1) of a bracket of ``size`` slots."""
    return size >> (round_number - 1)


def parse_bracket_id(bracket_id: str) -> tuple[int, int] | None:
    """(round, index) of a bracket match id; None for the third-place match or no id."""
    m = _ID.match(bracket_id or "")
    return (int(m.group(1)), int(m.group(2))) if m else None


def match_key(bracket_id: str, size: int) -> tuple[str, int] | None:
    """The round key of the bracket match ``bracket_id`` (None when it is not one)."""
    if bracket_id == THIRD_PLACE_ID:
        return ("third_place", 0)
    parsed = parse_bracket_id(bracket_id)
    if parsed is None or size < 2:
        return None
    return knockout_round_key(pairs_left(size, parsed[0]), parsed[0])
