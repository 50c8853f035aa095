"""Scoring and standings core of the Guandan (掼蛋) tournament manager.

Pure Python, no Django: plain records in, dataclasses out. The Django app is an adapter
around this API.

>>> from scoring import score_match
>>> s = score_match("points26", ew="A+", ns="K")
>>> (s.ew_points, s.ns_points, s.ew_level_points, s.ns_level_points)
(15, 11, 2, -2)

Modules: :mod:`~scoring.systems` (one match), :mod:`~scoring.records` (records and
per-pair tallies), :mod:`~scoring.metrics` (the tiebreak registry and its vocabulary),
:mod:`~scoring.standings`, :mod:`~scoring.history`, :mod:`~scoring.awards`,
:mod:`~scoring.units`, :mod:`~scoring.rotation`, :mod:`~scoring.knockout`,
:mod:`~scoring.stages` (the final places of a multi-stage event),
:mod:`~scoring.team_matches` (one team match of a team event: its tables added up per
team, team match points 2/1/0) and :mod:`~scoring.team_ranking` (team standings by the
pairs' tiebreak engine, and the best pairs across all teams).
"""

from scoring.awards import AWARD_TIER_PRESETS, DEFAULT_AWARD_TIERS, awards
from scoring.errors import ScoringError
from scoring.history import HistoryLine, pair_history
from scoring.individual_ranking import (
    DEFAULT_INDIVIDUAL_TIEBREAKS,
    INDIVIDUAL_METRICS,
    IndividualRecord,
    IndividualRules,
    IndividualStandingRow,
    PlayerScore,
    individual_standings,
    score_individual_table,
)
from scoring.knockout import bracket_order, rank_by_bracket
from scoring.metrics import DEFAULT_TIEBREAKS, METRICS, Metric, lot_number
from scoring.records import MatchRecord, score_record
from scoring.rotation import RotationRow, rotation_totals
from scoring.stages import KnockoutStage, final_places
from scoring.standings import StandingRow, StandingsRules, standings
from scoring.systems import (
    BYE_POLICIES,
    DEFAULT_BYE_POLICY,
    DEFEAT_REASONS,
    SYSTEMS,
    MatchScore,
    ScoreOptions,
    SeatScore,
    counts_pass_upgrade,
    score_match,
)
from scoring.team_matches import (
    TEAM_MATCH_POINTS,
    TeamMatch,
    TeamMatchScore,
    TeamSide,
    score_team_match,
)
from scoring.team_ranking import (
    DEFAULT_TEAM_RANK,
    DEFAULT_TEAM_TIEBREAKS,
    TEAM_METRICS,
    TEAM_RANKS,
    TeamRules,
    TeamStandingRow,
    best_pairs,
    team_standings,
)
from scoring.units import UnitRow, unit_ranking

__all__ = [
    "AWARD_TIER_PRESETS",
    "BYE_POLICIES",
    "DEFAULT_AWARD_TIERS",
    "DEFAULT_BYE_POLICY",
    "DEFAULT_INDIVIDUAL_TIEBREAKS",
    "DEFAULT_TEAM_RANK",
    "DEFAULT_TEAM_TIEBREAKS",
    "DEFAULT_TIEBREAKS",
    "DEFEAT_REASONS",
    "INDIVIDUAL_METRICS",
    "METRICS",
    "SYSTEMS",
    "TEAM_MATCH_POINTS",
    "TEAM_METRICS",
    "TEAM_RANKS",
    "HistoryLine",
    "IndividualRecord",
    "IndividualRules",
    "IndividualStandingRow",
    "KnockoutStage",
    "ScoreOptions",
    "MatchRecord",
    "MatchScore",
    "Metric",
    "PlayerScore",
    "RotationRow",
    "ScoringError",
    "SeatScore",
    "StandingRow",
    "StandingsRules",
    "TeamMatch",
    "TeamMatchScore",
    "TeamRules",
    "TeamSide",
    "TeamStandingRow",
    "UnitRow",
    "awards",
    "best_pairs",
    "bracket_order",
    "counts_pass_upgrade",
    "final_places",
    "individual_standings",
    "lot_number",
    "rank_by_bracket",
    "rotation_totals",
    "score_match",
    "score_individual_table",
    "score_record",
    "score_team_match",
    "standings",
    "team_standings",
    "pair_history",
    "unit_ranking",
]
