"""Pairing for Guandan (掼蛋) events: pure Python, plain data in, plain data out.

No Django here: the adapter turns database rows into :class:`Entrant` objects, calls one of
the functions below and stores what comes back. Ids are opaque hashables (the adapter
passes ints); names are the adapter's business.

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
``Pairing(tables, byes, rematches, cost, seed, seat_weight=0.0, notes=())``.
Flags (codes; the app labels them): :data:`DRAW_FLAGS`
(``float_up`` 上浮, ``float_down`` 下浮, ``rematch_avoided`` 避免重复对阵, ``rematch``
重复对阵（无法避免）, ``unit_avoided`` 同单位回避, ``same_unit`` 同单位对阵, ``forbidden``
回避对阵（无法避免）, ``seat_forced``
座位强制, ``seat_limit`` 座位超限, ``bye`` 轮空, ``second_bye`` 再次轮空, ``manual`` 人工调整).

Functions
---------
Draw and round 1 (:mod:`pairing.draw`)
    ``draw_numbers(ids, seed, overrides=None) -> dict[id, int]``;
    ``draw_sheet(numbers) -> [(number, id)]``;
    ``pair_round_one(entrants, seating="first_ew", *, avoid_same_unit="off", forbidden=())
    -> Pairing`` — 1–2, 3–4, … on draw numbers; with an odd count the last draw number has
    the bye; pairs to keep apart (same-unit avoidance, soft or hard; forbidden pairs) move only
    where they would meet.
Swiss, rounds 2 and on (:mod:`pairing.swiss`)
    ``pair_swiss(entrants, *, seed=0, avoid_same_unit="off"|"soft"|"hard",
    seating="first_ew"|"first_ns", forbidden=()) -> Pairing``. ``forbidden`` (回避): pairs
    of ids that must not meet, a hard constraint like hard same-unit avoidance.
Rotation groups (:mod:`pairing.groups`)
    ``group_sizes(n)``; ``rotation_groups(ids_in_order, method="draw"|"serpentine",
    group_count=None) -> [[id]]``; ``pair_rotation_round(groups, round_index, first_table=1,
    seating="first_ew") -> Pairing``; ``movement_table(groups, first_table=1,
    seating="first_ew") -> {id: [Seat]}`` (the pair listed first sits North–South under
    ``"first_ns"``). Totals are
    :func:`scoring.rotation_totals`.
Round robin (单循环, :mod:`pairing.roundrobin`)
    ``round_robin_rounds(n)``; ``round_robin_schedule(ids, seating="first_ew") ->
    [Pairing]`` (Berger tables; a bye a round for an odd count; seats within ±1);
    ``pair_round_robin_round(ids, round_index, seating)``; ``round_robin_movement(ids,
    seating) -> {round: [(table, ew, ns) | (None, bye, None)]}``.
Knockout (:mod:`pairing.bracket`)
    ``knockout_bracket(seeded_ids, units=None, third_place=True) -> Bracket``;
    ``advance(bracket, match_id, winner)``; ``reset(bracket)``; ``Bracket.ready_matches(r)``,
    ``.champion / .runner_up / .third``, ``.to_dict()`` / ``Bracket.from_dict()``. Best of
    three is played game by game by the adapter (a match is decided at two game wins).
    :mod:`pairing.knockout`: ``settle(bracket, results, active) -> Bracket`` (the bracket
    after the match results), ``is_finished(bracket)``, ``next_games(bracket, played) ->
    Pairing | None`` (tables carry ``bracket_id`` and ``game``).
Team events (团体赛, :mod:`pairing.team_seats`)
    ``team_match_tables(x, y, x_line_up, y_line_up, first_table=1) -> (Table, …)`` — table
    *i* has X's pair *i* against Y's pair *i*, X 南北 at the odd tables of the match and 东西
    at the even ones (crossed); ``lay_out_team_round(matches, line_ups, bye=None, *,
    first_table=1, team_size=None) -> TeamRound`` (``TeamMatchTables(number, x, y, x_pairs,
    y_pairs, tables)`` numbered from 1, ``TeamBye(team, pairs)``; ``.as_pairing()`` gives
    the round's tables and a pair bye per pair of a team bye).
Team Swiss (团体积分编排, :mod:`pairing.team_swiss`)
    ``pair_team_swiss(teams, line_ups, *, played=(), byes=(), units=None, points=None,
    avoid_same_unit="off", forbidden=(), seed=0, first_table=1, team_size=None) ->
    TeamSwissRound`` (``.teams``: the engine's :class:`Pairing` of the teams, ``.round``: the
    :class:`TeamRound`, ``.matches``, ``.bye``) — the pairs' Swiss with teams as entrants
    (``team_entrants``); round 1 (nothing played) in the order given.
Individual events (个人赛, :mod:`pairing.individual_swiss`)
    ``pair_individuals(players, *, partners=(), opponents=(), units=None, sit_outs=None,
    avoid_same_unit="off", seating="first_ew", seed=0, first_table=1) -> IndividualRound``
    (``IndividualTable(number, ew, ns, flags)`` with two players a side, ``.sitting_out``,
    ``.repeated_partners``, ``.repeated_opponents``, ``.same_unit_partners``) — ``n % 4``
    players sit out (fewest sit-outs, then lowest-ranked: ``choose_sit_outs``); groups of
    four in rank order, 1st+4th against 2nd+3rd; no repeated partner whenever avoidable;
    flags :data:`INDIVIDUAL_FLAGS`. Round 1: the players in draw order.
Individual movements (:mod:`pairing.individual_movement`)
    ``individual_movement(size, rounds) -> ((IndividualTable, …), …)`` for 8, 12 or 16
    players numbered 1 … size (:data:`MOVEMENT_SIZES`), at most ``movement_rounds(size)`` =
    size − 1 rounds: no two players partners twice, tablemates repeated as little as the
    search finds (docs/rules.md §17.3); ``meetings(schedule)`` counts rounds together.
Manual adjustment (:mod:`pairing.conflicts`)
    ``check_pairing(pairing, entrants, avoid_same_unit="off") -> [Conflict]`` (kinds
    ``rematch``, ``same_unit``, ``seat_imbalance``, ``extra_bye``, and the blocking
    ``duplicate``, ``missing``, ``unknown``); ``Conflict.message(names)``, the message
    the Django layer renders; ``refreshed_flags(pairing, entrants, avoid_same_unit, forbidden) -> {table:
    flags}``: the badges from the same check (``table_conflicts``), which the computer's
    pairings use too. The adapter applies swaps and byes to the stored round and checks
    again; re-pairing from scratch is a new call of ``pair_swiss``.

Errors
------
:class:`PairingError` (a ``ValueError``) is a user error with a ``.code`` (a constant of
:mod:`pairing.errors`) and ``.msg``, the message the Django layer renders; options are
checked on every call. Anything else is a bug.
"""

from .bracket import Bracket, BracketMatch, advance, knockout_bracket, reset, seed_order
from .conflicts import Conflict, check_pairing
from .draw import draw_numbers, draw_sheet, pair_round_one
from .entrants import Entrant
from .errors import PairingError
from .flags import (
    DRAW_FLAGS,
    FLAG_BYE,
    FLAG_FLOAT_DOWN,
    FLAG_FLOAT_UP,
    FLAG_FORBIDDEN,
    FLAG_MANUAL,
    FLAG_REMATCH,
    FLAG_REMATCH_AVOIDED,
    FLAG_SAME_UNIT,
    FLAG_SEAT_FORCED,
    FLAG_SEAT_LIMIT,
    FLAG_SECOND_BYE,
    FLAG_UNIT_AVOIDED,
)
from .groups import Seat, group_sizes, movement_table, pair_rotation_round, rotation_groups
from .individual_movement import (
    MOVEMENT_SIZES,
    individual_movement,
    meetings,
    movement_rounds,
)
from .individual_swiss import (
    INDIVIDUAL_FLAGS,
    IndividualRound,
    IndividualTable,
    choose_sit_outs,
    pair_individuals,
)
from .knockout import is_finished, next_games, settle
from .result import Bye, Pairing, Table
from .roundrobin import (
    pair_round_robin_round,
    round_robin_movement,
    round_robin_rounds,
    round_robin_schedule,
)
from .swiss import NOTE_SEAT_RULE_UNMET, pair_swiss
from .team_seats import (
    DEFAULT_TEAM_SIZE,
    TEAM_SIZES,
    TeamBye,
    TeamMatchTables,
    TeamRound,
    lay_out_team_round,
    team_match_tables,
)
from .team_swiss import TeamSwissRound, pair_team_swiss, team_entrants

__all__ = [
    "DEFAULT_TEAM_SIZE",
    "DRAW_FLAGS",
    "FLAG_BYE",
    "FLAG_FLOAT_DOWN",
    "FLAG_FLOAT_UP",
    "FLAG_FORBIDDEN",
    "FLAG_MANUAL",
    "FLAG_REMATCH",
    "FLAG_REMATCH_AVOIDED",
    "FLAG_SAME_UNIT",
    "FLAG_SEAT_FORCED",
    "FLAG_SEAT_LIMIT",
    "FLAG_SECOND_BYE",
    "FLAG_UNIT_AVOIDED",
    "INDIVIDUAL_FLAGS",
    "MOVEMENT_SIZES",
    "NOTE_SEAT_RULE_UNMET",
    "TEAM_SIZES",
    "Bracket",
    "BracketMatch",
    "Bye",
    "Conflict",
    "Entrant",
    "IndividualRound",
    "IndividualTable",
    "Pairing",
    "PairingError",
    "Seat",
    "Table",
    "TeamBye",
    "TeamMatchTables",
    "TeamRound",
    "TeamSwissRound",
    "advance",
    "check_pairing",
    "choose_sit_outs",
    "draw_numbers",
    "draw_sheet",
    "group_sizes",
    "individual_movement",
    "is_finished",
    "knockout_bracket",
    "lay_out_team_round",
    "meetings",
    "movement_rounds",
    "movement_table",
    "next_games",
    "pair_individuals",
    "pair_rotation_round",
    "pair_round_one",
    "pair_round_robin_round",
    "pair_swiss",
    "pair_team_swiss",
    "reset",
    "rotation_groups",
    "round_robin_movement",
    "round_robin_rounds",
    "round_robin_schedule",
    "seed_order",
    "settle",
    "team_entrants",
    "team_match_tables",
]
