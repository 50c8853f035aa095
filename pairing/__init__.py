"""Pairing for Guandan (掼蛋) events: pure Python, plain data in, plain data out.

No Django here: the adapter turns database rows into :class:`Entrant` objects, calls one of
the functions below and stores what comes back. Ids are opaque hashables (the adapter
passes ints); names are the adapter's business (``Pairing.to_json(names=...)``).

Input
-----
``Entrant(id, rank, points=0.0, unit=None, opponents=frozenset(), seat_balance=0, byes=0,
draw_number=None)`` — one *active* pair. ``rank`` is the standings position (1 = top),
``points`` the standings points, ``seat_balance`` games East-West minus games North-South,
``byes`` the byes so far, ``opponents`` the ids met before. Withdrawn and disqualified
pairs are left out; late entries come in with the rank, points and byes the event's rule
gives them.

Output
------
``Table(number, ew, ns, flags)``, ``Bye(entrant, flags)``,
``Pairing(tables, byes, rematches, cost, seed, seat_weight=0.0, notes=())`` with
``Pairing.to_json(names=None, with_flags=False)`` giving
``[{"table": 1, "ew": ..., "ns": ...}, ..., {"table": None, "bye": ...}]``.
Flags and their Chinese/English descriptions: :data:`DRAW_FLAG_DESCRIPTIONS`
(``float_up`` 上浮, ``float_down`` 下浮, ``rematch_avoided`` 避免重复对阵, ``rematch``
重复对阵（无法避免）, ``unit_avoided`` 同单位回避, ``same_unit`` 同单位对阵, ``seat_forced``
座位强制, ``seat_limit`` 座位超限, ``bye`` 轮空, ``second_bye`` 再次轮空, ``manual`` 人工调整).

Functions
---------
Draw and round 1 (:mod:`pairing.draw`)
    ``draw_numbers(ids, seed, overrides=None) -> dict[id, int]``;
    ``draw_sheet(numbers) -> [(number, id)]``;
    ``pair_round_one(entrants, seating="first_ew") -> Pairing`` — 1–2, 3–4, … on draw
    numbers; with an odd count the last draw number has the bye.
Swiss, rounds 2 and on (:mod:`pairing.swiss`)
    ``pair_swiss(entrants, *, seed=0, avoid_same_unit="off"|"soft"|"hard",
    seating="first_ew"|"first_ns") -> Pairing``.
Rotation groups (:mod:`pairing.rotation`)
    ``rotation_groups(entrants_in_order, method="draw"|"serpentine", group_count=None)
    -> [RotationGroup]``; ``rotation_schedule(group) -> [GroupRound]``;
    ``rotation_pairings(groups, seating) -> [Pairing] * 3``;
    ``movement_table(groups, seating) -> {id: [Position]}``;
    ``rotation_totals(groups, scores) -> RotationTotals``.
Knockout (:mod:`pairing.knockout`)
    ``knockout_bracket(seeded_ids, units=None, third_place=True, best_of=1,
    method="seeded"|"draw", seed=None) -> Bracket``; ``advance(bracket, match_id, winner)``;
    ``record_game(bracket, match_id, winner)``; ``Bracket.champion / runner_up / third``.
Stages (:mod:`pairing.stages`)
    ``Stage(kind, rounds, qualify, per_group, extra)``; ``qualifiers``, ``group_qualifiers``.
Manual adjustment (:mod:`pairing.adjust`)
    ``check_pairing(pairing, entrants, avoid_same_unit="off") -> [Conflict]`` (kinds
    ``rematch``, ``same_unit``, ``seat_imbalance``, ``second_bye``, and the blocking
    ``duplicate``, ``missing``, ``unknown``); ``publishable(conflicts)``;
    ``swap(pairing, a, b)``, ``move(pairing, pair, table, seat)``,
    ``give_bye(pairing, pair, instead_of=None)``, ``take_bye(pairing, pair, opponent=None)``,
    ``reseat(pairing, entrants, seating)``, ``renumber(pairing, entrants)``.
    Re-pairing from scratch is a new call of ``pair_swiss``.

Also here
---------
:mod:`pairing.groups`, :mod:`pairing.bracket` and :mod:`pairing.conflicts` were written
alongside by the app's authors and are what the Django adapter imports today for rotation
stages, knockout brackets (storable as JSON) and conflict texts. They overlap with
:mod:`pairing.rotation`, :mod:`pairing.knockout` and :mod:`pairing.adjust`; the names
exported here are the latter.

Errors
------
:class:`PairingError` (a ``ValueError``) is a user error with ``.message_zh`` and ``.code``;
options are checked on every call. Anything else is a bug.
"""

from .adjust import (
    Conflict,
    check_pairing,
    give_bye,
    move,
    publishable,
    renumber,
    reseat,
    swap,
    take_bye,
)
from .draw import draw_numbers, draw_sheet, pair_round_one
from .entrants import Entrant
from .errors import PairingError
from .flags import (
    DRAW_FLAG_DESCRIPTIONS,
    FLAG_BYE,
    FLAG_FLOAT_DOWN,
    FLAG_FLOAT_UP,
    FLAG_MANUAL,
    FLAG_REMATCH,
    FLAG_REMATCH_AVOIDED,
    FLAG_SAME_UNIT,
    FLAG_SEAT_FORCED,
    FLAG_SEAT_LIMIT,
    FLAG_SECOND_BYE,
    FLAG_UNIT_AVOIDED,
)
from .knockout import Bracket, Match, advance, knockout_bracket, record_game, round_name
from .result import Bye, Pairing, Table
from .rotation import (
    GroupRound,
    Position,
    RotationGroup,
    movement_table,
    rotation_groups,
    rotation_pairings,
    rotation_schedule,
    rotation_totals,
)
from .stages import Stage, group_qualifiers, qualifiers
from .swiss import NOTE_SEAT_RULE_UNMET, pair_swiss

__all__ = [
    "DRAW_FLAG_DESCRIPTIONS",
    "FLAG_BYE",
    "FLAG_FLOAT_DOWN",
    "FLAG_FLOAT_UP",
    "FLAG_MANUAL",
    "FLAG_REMATCH",
    "FLAG_REMATCH_AVOIDED",
    "FLAG_SAME_UNIT",
    "FLAG_SEAT_FORCED",
    "FLAG_SEAT_LIMIT",
    "FLAG_SECOND_BYE",
    "FLAG_UNIT_AVOIDED",
    "NOTE_SEAT_RULE_UNMET",
    "Bracket",
    "Bye",
    "Conflict",
    "Entrant",
    "GroupRound",
    "Match",
    "Pairing",
    "PairingError",
    "Position",
    "RotationGroup",
    "Stage",
    "Table",
    "advance",
    "check_pairing",
    "draw_numbers",
    "draw_sheet",
    "give_bye",
    "group_qualifiers",
    "knockout_bracket",
    "move",
    "movement_table",
    "pair_round_one",
    "pair_swiss",
    "publishable",
    "qualifiers",
    "record_game",
    "renumber",
    "reseat",
    "rotation_groups",
    "rotation_pairings",
    "rotation_schedule",
    "rotation_totals",
    "round_name",
    "swap",
    "take_bye",
]
