"""The shapes of the read API's answers (they make the OpenAPI schema's components)."""

from __future__ import annotations

from datetime import date

from ninja import Schema


class TeamRef(Schema):
    id: int
    name: str
    unit: str


class RoundRef(Schema):
    number: int
    status: str
    results: bool  # True when /results/ answers for this round


class EventSummary(Schema):
    slug: str
    name: str
    start_date: date | None
    end_date: date | None
    venue: str
    host: str


class EventDetail(EventSummary):
    format: str
    planned_rounds: int
    time_limit: int
    scoring: str
    tiebreaks: list[str]
    publish_pairings: bool
    publish_standings: bool
    rounds: list[RoundRef]
    # A team event only (absent for pairs): "teams", its pairs per team and team chain.
    entry: str | None = None
    team_pairs: int | None = None
    team_tiebreaks: list[str] | None = None
    # An individual event only: "individuals" in ``entry`` and its players' chain.
    individual_tiebreaks: list[str] | None = None


class PairingTable(Schema):
    table: int | None
    ew: TeamRef
    ns: TeamRef | None  # None: a bye
    # A team event only (absent for pairs): the team match's number in the round and the
    # teams of the two pairs (a bye: ``ns_team`` None).
    match: int | None = None
    ew_team: str | None = None
    ns_team: str | None = None
    # An individual event only: the two players of each side (a sit-out: ``ew_players``
    # the one player sitting out, ``ns_players`` None).
    ew_players: list[str] | None = None
    ns_players: list[str] | None = None


class Pairings(Schema):
    event: str
    round: int
    status: str
    tables: list[PairingTable]


class ResultTable(PairingTable):
    state: str
    ew_level: str
    ns_level: str
    forfeit: str
    defeat_side: str
    defeat_reason: str
    winner: str
    result: str  # the line the pairings page shows, e.g. "A+ : K"


class Results(Schema):
    event: str
    round: int
    status: str
    tables: list[ResultTable]


class StandingLine(Schema):
    rank: int
    team: TeamRef
    players: str
    points: int
    matches: int
    wins: int
    draws: int
    losses: int
    metrics: dict[str, int | float | str | None]  # the tiebreak columns of the page


class TeamStandingLine(Schema):
    """One team of a team event's standings (the page's team table)."""

    rank: int
    team: TeamRef
    points: int  # team match points, or the total under team_rank "total"
    total: int
    match_points: int
    level_diff: int
    matches: int
    wins: int
    draws: int
    losses: int
    metrics: dict[str, int | float | str | None]  # the team tiebreak columns of the page


class BestPairLine(Schema):
    """One pair of the best pairs across all teams (最佳组合)."""

    rank: int
    pair: TeamRef
    team: str
    players: list[str]
    points: int
    level_diff: int


class PlayerStandingLine(Schema):
    """One player of an individual event's standings (the page's table)."""

    rank: int
    player: TeamRef  # the individual's id, name and unit
    points: int
    level_diff: int
    tables: int
    wins: int
    draws: int
    losses: int
    sit_outs: int
    metrics: dict[str, int | float | str | None]  # the individual tiebreak columns of the page


class Standings(Schema):
    event: str
    after_round: int | None  # None: no round is locked yet
    provisional: bool
    rounds: list[int]
    rows: list[StandingLine]
    # A team event only (absent for pairs).
    teams: list[TeamStandingLine] | None = None
    best_pairs: list[BestPairLine] | None = None
    # An individual event only (its ``rows`` empty: partnerships are not ranked).
    players: list[PlayerStandingLine] | None = None


class HistoryEntry(Schema):
    round: int
    opponent: TeamRef | None
    seat: str
    level: str | None
    opponent_level: str | None
    points: int
    level_points: int
    fouls: int
    total: int


class TeamDetail(Schema):
    event: str
    team: TeamRef
    players: list[str]
    status: str
    history: list[HistoryEntry]


class Problem(Schema):
    detail: str
