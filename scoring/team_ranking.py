"""Team standings (团体名次) and the pairs' ranking across all teams (最佳组合, docs/rules.md §16.4).

Vocabulary
----------
team, team match, team match points, team match total
    As in :mod:`scoring.team_matches`.
ranking points (``points``)
    What ranks the teams first, by the option ``team_rank`` (:data:`TEAM_RANKS`):
    ``match_points`` (default), the sum of the team match points; or ``total``, the sum of
    the team match totals (every table score of the team).
team tiebreak chain
    Keys of :data:`TEAM_METRICS`, default :data:`DEFAULT_TEAM_TIEBREAKS`: ranking points,
    ``total`` (table-score total), ``level_diff`` (级差分 sum), ``opp_points`` (the sum of the
    ranking points of every team met: under the default ``team_rank`` the opponents' team
    match points), ``head_to_head`` (two tied teams: the ranking points each scored in
    their team matches against each other), ``lot``. ``match_points`` (team match points),
    ``fouls``, ``wins`` (team matches won), ``progressive`` and ``last_rounds`` may be added.
best pairs (最佳组合)
    Every pair of every team ranked by the pairs' own standings (:func:`scoring.standings`)
    over the same table records, with the pairs' chain ``pair_tiebreaks``.

The engine is the pairs' one: a team becomes a :class:`~scoring.records.Tally` (its
``points`` the ranking points, one entry per team match) and
:func:`scoring.standings.rank_ledger` applies the chain, so the two standings split, label
and draw lots the same way.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any, cast

from scoring import errors
from scoring.errors import ScoringError
from scoring.metrics import DEFAULT_TIEBREAKS, METRICS, Metric
from scoring.records import Ledger, Tally
from scoring.standings import StandingRow, StandingsRules, rank_ledger, standings
from scoring.system_numbers import DEFAULT_SCORE_OPTIONS, ScoreOptions
from scoring.systems import DEFAULT_BYE_POLICY, DRAW, LOSS, WIN, check_bye_policy, check_system
from scoring.team_matches import TeamMatch, TeamMatchScore, TeamSide, score_team_match

TEAM_RANKS: dict[str, str] = {
    "match_points": "按团体赛积分（胜2平1负0）",
    "total": "按各台得分之和",
}
DEFAULT_TEAM_RANK = "match_points"

DEFAULT_TEAM_TIEBREAKS: tuple[str, ...] = (
    "points",
    "total",
    "level_diff",
    "opp_points",
    "head_to_head",
    "lot",
)
"""docs/rules.md §16.4: ranking points, table-score total, 级差分, opponents' points, head to
head, lot."""


@dataclass(eq=False, slots=True)
class TeamTally(Tally):
    """A team's :class:`~scoring.records.Tally` (``points`` = its ranking points, one entry
    of ``by_round``/``against`` per team match) and its two sums besides."""

    total: int = 0
    match_points: int = 0


def _total(ledger: Ledger, team: Hashable, seed: int) -> int:
    return cast(TeamTally, ledger.tallies[team]).total


def _match_points(ledger: Ledger, team: Hashable, seed: int) -> int:
    return cast(TeamTally, ledger.tallies[team]).match_points


_SHARED = ("points", "level_diff", "opp_points", "fouls", "wins", "progressive")
_SHARED_TAIL = ("head_to_head", "last_rounds", "lot")
TEAM_METRICS: dict[str, Metric] = {
    **{key: METRICS[key] for key in _SHARED},
    "total": Metric("total", True, _total),
    "match_points": Metric("match_points", True, _match_points),
    **{key: METRICS[key] for key in _SHARED_TAIL},
}
"""The metrics a team chain may use: the pairs' ones that mean something for a team (read
from its :class:`TeamTally`), and ``total`` and ``match_points``."""


@dataclass(frozen=True)
class TeamRules:
    """The event options that decide the team standings and the best pairs.

    ``bye_policy`` scores each table of a team bye (default ``forfeit_win``: every table won
    by forfeit); ``pair_tiebreaks`` is the chain of the best pairs' ranking.
    """

    system: str
    team_rank: str = DEFAULT_TEAM_RANK
    tiebreaks: tuple[str, ...] = DEFAULT_TEAM_TIEBREAKS
    bye_policy: str = DEFAULT_BYE_POLICY
    lot_seed: int = 0
    options: ScoreOptions = DEFAULT_SCORE_OPTIONS
    pair_tiebreaks: tuple[str, ...] = DEFAULT_TIEBREAKS

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiebreaks", tuple(self.tiebreaks))
        object.__setattr__(self, "pair_tiebreaks", tuple(self.pair_tiebreaks))
        check_system(self.system)
        check_bye_policy(self.bye_policy)
        if self.team_rank not in TEAM_RANKS:
            raise ScoringError(errors.BAD_OPTION, detail=f"team_rank={self.team_rank!r}")
        for key in self.tiebreaks:
            if key not in TEAM_METRICS:
                raise ScoringError(errors.UNKNOWN_METRIC, detail=repr(key))
        if len(set(self.tiebreaks)) != len(self.tiebreaks):
            raise ScoringError(errors.DUPLICATE_METRIC, detail=repr(self.tiebreaks))
        self.pair_rules()  # the pairs' chain is checked by the pairs' rules

    def pair_rules(self) -> StandingsRules:
        """The rules of the best pairs' ranking: the same system, byes, seed and options."""
        return StandingsRules(
            self.system, self.pair_tiebreaks, self.bye_policy, self.lot_seed, self.options
        )


@dataclass(frozen=True)
class TeamStandingRow:
    """One ranked team.

    ``points`` are its ranking points (team match points, or the total under
    ``team_rank="total"``); ``total`` and ``level_diff`` the sums of its table scores and
    级差分; ``match_points`` its team match points. ``values``, ``decided_by`` and
    ``lot_draw`` mean what they mean in :class:`~scoring.standings.StandingRow`.
    """

    rank: int
    team: Hashable
    points: int
    total: int
    match_points: int
    level_diff: int
    values: dict[str, Any] = field(hash=False)
    decided_by: str | None
    lot_draw: int | None
    matches: int
    wins: int
    draws: int
    losses: int
    byes: int
    fouls: int
    rounds_played: tuple[int, ...] = ()


def team_standings(
    matches: Iterable[TeamMatch],
    rules: TeamRules,
    *,
    teams: Iterable[Hashable] | None = None,
    after_round: int | None = None,
) -> list[TeamStandingRow]:
    """Rank the teams after ``after_round`` (default: every round of ``matches``).

    ``teams`` lists every team to rank in a stable order (a team without a match still
    appears); without it every team found in ``matches`` is ranked, in order of appearance.
    """
    team_list = list(dict.fromkeys(teams)) if teams is not None else None
    scores = scored_team_matches(matches, rules, after_round=after_round)
    ledger = team_ledger(scores, rules.team_rank, teams=team_list)
    ranked = team_list if team_list is not None else ledger.pairs
    chain = [TEAM_METRICS[key] for key in rules.tiebreaks]
    groups, lot_used, columns = rank_ledger(ledger, ranked, chain, rules.lot_seed)
    rows: list[TeamStandingRow] = []
    for label, group in groups:
        rank = len(rows) + 1
        for position, team in enumerate(group):
            t = cast(TeamTally, ledger.tallies[team])
            rows.append(
                TeamStandingRow(
                    rank=rank,
                    team=team,
                    points=t.points,
                    total=t.total,
                    match_points=t.match_points,
                    level_diff=t.level_diff,
                    values={m.key: columns[m.key][team] for m in chain},
                    decided_by=label if position == 0 else None,
                    lot_draw=columns["lot"][team]
                    if "lot" in columns and team in lot_used
                    else None,
                    matches=t.tables,
                    wins=t.wins,
                    draws=t.draws,
                    losses=t.losses,
                    byes=t.byes,
                    fouls=t.fouls,
                    rounds_played=tuple(sorted(t.by_round)),
                )
            )
    return rows


def scored_team_matches(
    matches: Iterable[TeamMatch], rules: TeamRules, *, after_round: int | None = None
) -> list[TeamMatchScore]:
    """Score every team match up to ``after_round`` with the rules' system and bye policy."""
    return [
        score_team_match(match, rules.system, rules.bye_policy, rules.options)
        for match in matches
        if after_round is None or match.round <= after_round
    ]


def team_ledger(
    scores: Iterable[TeamMatchScore],
    team_rank: str = DEFAULT_TEAM_RANK,
    *,
    teams: Iterable[Hashable] | None = None,
) -> Ledger:
    """Add the team match scores up per team into a ledger of :class:`TeamTally`.

    Raises :class:`ScoringError` (``TEAM_PLAYED_TWICE``) for a team in two team matches of
    one round.
    """
    entries: dict[Hashable, list[tuple[int, Hashable | None, TeamSide]]] = {
        team: [] for team in teams or ()
    }
    last_round = 0
    for score in scores:
        last_round = max(last_round, score.round)
        x, y = score.x, score.y
        entries.setdefault(x.team, []).append((score.round, y.team if y else None, x))
        if y is not None:
            entries.setdefault(y.team, []).append((score.round, x.team, y))
    tallies: dict[Hashable, Tally] = {
        team: _team_tally(team, found, team_rank) for team, found in entries.items()
    }
    return Ledger(tallies, list(entries), last_round)


def _team_tally(
    team: Hashable, entries: list[tuple[int, Hashable | None, TeamSide]], team_rank: str
) -> TeamTally:
    rounds = [rnd for rnd, _, _ in entries]
    if len(set(rounds)) != len(rounds):
        twice = next(r for r in rounds if rounds.count(r) > 1)
        raise ScoringError(errors.TEAM_PLAYED_TWICE, detail=f"round {twice}, team {team!r}")
    ranking = [side.total if team_rank == "total" else side.points for _, _, side in entries]
    outcomes = [side.outcome for _, _, side in entries]
    opponents = [opponent for _, opponent, _ in entries]
    return TeamTally(
        team,
        points=sum(ranking),
        level_diff=sum(side.level_diff for _, _, side in entries),
        fouls=sum(side.fouls for _, _, side in entries),
        tables=len(entries),
        wins=outcomes.count(WIN),
        draws=outcomes.count(DRAW),
        losses=outcomes.count(LOSS),
        byes=opponents.count(None),
        by_round=dict(zip(rounds, ranking, strict=True)),
        opponents=[opponent for opponent in opponents if opponent is not None],
        against=list(zip(opponents, ranking, strict=True)),
        total=sum(side.total for _, _, side in entries),
        match_points=sum(side.points for _, _, side in entries),
    )


def best_pairs(
    matches: Iterable[TeamMatch],
    rules: TeamRules,
    *,
    pairs: Iterable[Hashable] | None = None,
    after_round: int | None = None,
) -> list[StandingRow]:
    """The pairs of every team ranked by the pairs' standings over the same table records
    (最佳组合): a team bye's tables count as each pair's bye."""
    records = [table for match in matches for table in match.tables]
    return standings(records, rules.pair_rules(), pairs=pairs, after_round=after_round)
