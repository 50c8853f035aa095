"""Individual events (个人赛): each table's score shared by its players, and the standings
of the players (docs/rules.md §17.4, §17.5).

Vocabulary
----------
player
    One person entered alone; ids are opaque hashables.
individual table record
    What the score sheet of one table says (:class:`IndividualRecord`): the EW partnership
    and the NS partnership (two players each), their final levels or the forfeit/defeat
    written by the referee, each side's fouls, and the players who did not come
    (``absent``). A *sit-out* is a record with one player in ``ew`` and no ``ns``
    (:meth:`IndividualRecord.sit_out`).
player's share
    The side's score of the table, by the event's scoring system exactly as a pairs table
    (:func:`scoring.records.score_record`): each player of a side receives the side's
    points, 级差分, outcome and fouls (:class:`PlayerScore`).
absent player (缺席)
    The table cannot be played. Every absent player scores the *forfeit loss* of the
    system (the score of a pair that forfeits), every player present at the table — the
    absent player's partner and both opponents — the *forfeit win* (the score of the pair
    present at a forfeit), whatever the levels say. Two absent players at one table: each
    loses, the two present win.
sit-out
    Scored by the bye policy, as a pairs bye (``forfeit_win`` by default).
tiebreak chain
    Keys of :data:`INDIVIDUAL_METRICS`, default :data:`DEFAULT_INDIVIDUAL_TIEBREAKS`:
    ``points``, ``level_diff`` (级差分 sum), ``wins`` (tables won; a sit-out counts as the
    bye policy says), ``lot``. ``fouls``, ``progressive`` and ``last_rounds`` may be added.
    ``opp_points`` (对手分) and ``head_to_head`` are refused (``INDIVIDUAL_METRIC``):
    partners and opponents change every round.

The tiebreak engine is the pairs' one (:func:`scoring.standings.rank_ledger`) over a
ledger of one :class:`~scoring.records.Tally` per player.

>>> t = IndividualRecord(1, ew=("A", "B"), ns=("C", "D"), ew_level="A+", ns_level="K")
>>> [(s.player, s.points, s.level_diff) for s in score_individual_table(t, "points26")]
[('A', 15, 2), ('B', 15, 2), ('C', 11, -2), ('D', 11, -2)]
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any

from scoring import errors
from scoring.errors import ScoringError
from scoring.metrics import METRICS, Metric
from scoring.records import Ledger, MatchRecord, Tally, score_record
from scoring.standings import rank_ledger
from scoring.system_numbers import DEFAULT_SCORE_OPTIONS, ScoreOptions
from scoring.systems import (
    DEFAULT_BYE_POLICY,
    DRAW,
    EW,
    LOSS,
    NS,
    WIN,
    check_bye_policy,
    check_system,
    score_match,
)

DEFAULT_INDIVIDUAL_TIEBREAKS: tuple[str, ...] = ("points", "level_diff", "wins", "lot")
"""docs/rules.md §17.5: score, 级差分, tables won, lot."""
_OFFERED = ("points", "level_diff", "wins", "fouls", "progressive", "last_rounds", "lot")
INDIVIDUAL_METRICS: dict[str, Metric] = {key: METRICS[key] for key in _OFFERED}
"""The metrics an individual chain may use (the others mean nothing for a player alone)."""


@dataclass(frozen=True)
class IndividualRecord:
    """One table of one round (or one sit-out), as written on the score sheet."""

    round: int
    ew: tuple[Hashable, ...]
    ns: tuple[Hashable, ...] | None = None
    ew_level: str | None = None
    ns_level: str | None = None
    forfeit: str | None = None
    defeat: tuple[str, str] | None = None
    ew_fouls: int = 0
    ns_fouls: int = 0
    pass_upgrade: int | None = None
    absent: tuple[Hashable, ...] = ()

    def __post_init__(self) -> None:
        # Read from JSON the sides arrive as lists; keep the record hashable.
        object.__setattr__(self, "ew", tuple(self.ew))
        if self.ns is not None:
            object.__setattr__(self, "ns", tuple(self.ns))
        object.__setattr__(self, "absent", tuple(self.absent))
        if isinstance(self.defeat, list):
            object.__setattr__(self, "defeat", tuple(self.defeat))

    @classmethod
    def sit_out(cls, round: int, player: Hashable) -> IndividualRecord:
        """The sit-out of ``player`` in ``round``."""
        return cls(round, ew=(player,))

    @property
    def is_sit_out(self) -> bool:
        return self.ns is None

    @property
    def players(self) -> tuple[Hashable, ...]:
        return (*self.ew, *(self.ns or ()))


@dataclass(frozen=True)
class PlayerScore:
    """One player's share of one table: the side's score (or the forfeit score)."""

    player: Hashable
    round: int
    seat: str
    partner: Hashable | None
    opponents: tuple[Hashable, ...]
    points: int
    level_diff: int
    outcome: str
    fouls: int
    absent: bool = False


def score_individual_table(
    record: IndividualRecord,
    system: str,
    bye_policy: str = DEFAULT_BYE_POLICY,
    options: ScoreOptions = DEFAULT_SCORE_OPTIONS,
) -> tuple[PlayerScore, ...]:
    """Each player's share of the table (EW players first), or the sit-out's score.

    Raises :class:`ScoringError` (``INDIVIDUAL_TABLE``) for a table without two distinct
    players a side, a sit-out of other than one player, an absent player not at the
    table, and levels, a forfeit or a defeat written beside an absent player.
    """
    _check_record(record)
    if record.ns is None:
        (player,) = record.ew
        share = score_record(MatchRecord(record.round, player, None), system, bye_policy, options)
        seat = share.seat(EW)
        return (
            PlayerScore(
                player, record.round, EW, None, (), seat.points, seat.level_points, seat.outcome, 0
            ),
        )
    if record.absent:
        return _forfeited(record, system, options)
    match = MatchRecord(
        record.round,
        ew="EW",
        ns="NS",
        ew_level=record.ew_level,
        ns_level=record.ns_level,
        forfeit=record.forfeit,
        defeat=record.defeat,
        pass_upgrade=record.pass_upgrade,
    )
    score = score_record(match, system, bye_policy, options)
    shares = []
    for seat, side, other, fouls in _sides(record):
        s = score.seat(seat)
        for i, player in enumerate(side):
            shares.append(
                PlayerScore(
                    player,
                    record.round,
                    seat,
                    side[1 - i],
                    other,
                    s.points,
                    s.level_points,
                    s.outcome,
                    fouls,
                )
            )
    return tuple(shares)


def _sides(record: IndividualRecord) -> list[tuple[str, tuple, tuple, int]]:
    assert record.ns is not None
    return [
        (EW, record.ew, record.ns, record.ew_fouls),
        (NS, record.ns, record.ew, record.ns_fouls),
    ]


def _forfeited(
    record: IndividualRecord, system: str, options: ScoreOptions
) -> tuple[PlayerScore, ...]:
    """Absent players lose by forfeit; the players present win by forfeit."""
    awarded = score_match(system, ew=None, ns=None, forfeit=NS, options=options)
    win, loss = awarded.seat(EW), awarded.seat(NS)
    shares = []
    for seat, side, other, fouls in _sides(record):
        for i, player in enumerate(side):
            absent = player in record.absent
            s = loss if absent else win
            shares.append(
                PlayerScore(
                    player,
                    record.round,
                    seat,
                    side[1 - i],
                    other,
                    s.points,
                    s.level_points,
                    s.outcome,
                    fouls,
                    absent,
                )
            )
    return tuple(shares)


def _check_record(record: IndividualRecord) -> None:
    problem = None
    if record.ns is None:
        if len(record.ew) != 1 or record.absent:
            problem = "a sit-out is one player"
    elif len(record.ew) != 2 or len(record.ns) != 2 or len(set(record.players)) != 4:
        problem = "a table is two players a side, four players in all"
    elif not set(record.absent) <= set(record.players):
        problem = "an absent player not at the table"
    elif record.absent and (record.ew_level or record.ns_level or record.forfeit or record.defeat):
        problem = "levels or a forfeit beside an absent player"
    if problem is not None:
        raise ScoringError(errors.INDIVIDUAL_TABLE, detail=f"round {record.round}: {problem}")


@dataclass(frozen=True)
class IndividualRules:
    """The event options that decide the players' standings."""

    system: str
    tiebreaks: tuple[str, ...] = DEFAULT_INDIVIDUAL_TIEBREAKS
    bye_policy: str = DEFAULT_BYE_POLICY
    lot_seed: int = 0
    options: ScoreOptions = DEFAULT_SCORE_OPTIONS

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiebreaks", tuple(self.tiebreaks))
        check_system(self.system)
        check_bye_policy(self.bye_policy)
        for key in self.tiebreaks:
            if key in METRICS and key not in INDIVIDUAL_METRICS:
                raise ScoringError(errors.INDIVIDUAL_METRIC, detail=repr(key))
            if key not in INDIVIDUAL_METRICS:
                raise ScoringError(errors.UNKNOWN_METRIC, detail=repr(key))
        if len(set(self.tiebreaks)) != len(self.tiebreaks):
            raise ScoringError(errors.DUPLICATE_METRIC, detail=repr(self.tiebreaks))
        if not isinstance(self.lot_seed, int) or isinstance(self.lot_seed, bool):
            raise ScoringError(errors.BAD_LOT_SEED, detail=repr(self.lot_seed))


@dataclass(frozen=True)
class IndividualStandingRow:
    """One ranked player; ``values``, ``decided_by`` and ``lot_draw`` as in
    :class:`~scoring.standings.StandingRow`; ``sit_outs`` counts the player's sit-outs and
    ``forfeits`` the tables the player was absent from."""

    rank: int
    player: Hashable
    points: int
    level_diff: int
    values: dict[str, Any] = field(hash=False)
    decided_by: str | None
    lot_draw: int | None
    tables: int
    wins: int
    draws: int
    losses: int
    fouls: int
    sit_outs: int
    forfeits: int
    rounds_played: tuple[int, ...] = ()


def individual_standings(
    records: Iterable[IndividualRecord],
    rules: IndividualRules,
    *,
    players: Iterable[Hashable] | None = None,
    after_round: int | None = None,
) -> list[IndividualStandingRow]:
    """Rank the players after ``after_round`` (default: every round of ``records``).

    ``players`` lists every player to rank in a stable order (a player without a table
    still appears); without it every player found in ``records`` is ranked, in order of
    appearance. Raises :class:`ScoringError` for a bad record (``INDIVIDUAL_TABLE``), a
    player twice in one round (``PLAYED_TWICE``) or a round below 1 (``BAD_ROUND``).
    """
    listed = list(dict.fromkeys(players)) if players is not None else None
    shares = player_scores(records, rules, after_round=after_round)
    ledger = individual_ledger(shares, players=listed)
    ranked = listed if listed is not None else ledger.pairs
    chain = [INDIVIDUAL_METRICS[key] for key in rules.tiebreaks]
    groups, lot_used, columns = rank_ledger(ledger, ranked, chain, rules.lot_seed)
    absences: dict[Hashable, int] = {}
    for share in shares:
        absences[share.player] = absences.get(share.player, 0) + share.absent
    rows: list[IndividualStandingRow] = []
    for label, group in groups:
        rank = len(rows) + 1
        for position, player in enumerate(group):
            t = ledger.tallies[player]
            rows.append(
                IndividualStandingRow(
                    rank=rank,
                    player=player,
                    points=t.points,
                    level_diff=t.level_diff,
                    values={m.key: columns[m.key][player] for m in chain},
                    decided_by=label if position == 0 else None,
                    lot_draw=columns["lot"][player]
                    if "lot" in columns and player in lot_used
                    else None,
                    tables=t.tables - t.byes,
                    wins=t.wins,
                    draws=t.draws,
                    losses=t.losses,
                    fouls=t.fouls,
                    sit_outs=t.byes,
                    forfeits=absences.get(player, 0),
                    rounds_played=tuple(sorted(t.by_round)),
                )
            )
    return rows


def player_scores(
    records: Iterable[IndividualRecord], rules: IndividualRules, *, after_round: int | None = None
) -> list[PlayerScore]:
    """Every player's share of every table (and sit-out) up to ``after_round``."""
    shares: list[PlayerScore] = []
    for record in records:
        if type(record.round) is not int or record.round < 1:
            raise ScoringError(errors.BAD_ROUND, detail=repr(record))
        if after_round is None or record.round <= after_round:
            shares += score_individual_table(record, rules.system, rules.bye_policy, rules.options)
    return shares


def individual_ledger(
    shares: Iterable[PlayerScore], *, players: Iterable[Hashable] | None = None
) -> Ledger:
    """Add the players' shares up into a ledger of one :class:`Tally` per player (a
    sit-out counts as a bye; ``opponents`` lists both opponents of every table)."""
    found: dict[Hashable, list[PlayerScore]] = {player: [] for player in players or ()}
    last_round = 0
    for share in shares:
        found.setdefault(share.player, []).append(share)
        last_round = max(last_round, share.round)
    tallies: dict[Hashable, Tally] = {p: _tally(p, mine) for p, mine in found.items()}
    return Ledger(tallies, list(found), last_round)


def _tally(player: Hashable, shares: list[PlayerScore]) -> Tally:
    by_round = {share.round: share.points for share in shares}
    if len(by_round) != len(shares):
        twice = next(r for r in by_round if sum(s.round == r for s in shares) > 1)
        raise ScoringError(errors.PLAYED_TWICE, detail=f"round {twice}, player {player!r}")
    outcomes = [share.outcome for share in shares]
    return Tally(
        player,
        points=sum(share.points for share in shares),
        level_diff=sum(share.level_diff for share in shares),
        fouls=sum(share.fouls for share in shares),
        tables=len(shares),
        wins=outcomes.count(WIN),
        draws=outcomes.count(DRAW),
        losses=outcomes.count(LOSS),
        byes=sum(share.partner is None for share in shares),
        by_round=by_round,
        opponents=[o for share in shares for o in share.opponents],
    )
