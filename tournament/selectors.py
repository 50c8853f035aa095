"""Reads that turn database rows into the plain data of the pure packages.

The only place that knows both the ORM and the shapes of :mod:`rules`, :mod:`scoring` and
:mod:`pairing`; everything is fetched in a few queries, never inside a loop.

Which results count: a bye always counts; a table counts once its result is entered
(or confirmed). Public pages count only locked rounds, so spectators never see a result
the chief referee has not checked.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Q

from rules import RuleSet
from scoring import MatchRecord, StandingRow, StandingsRules, standings
from tournament.models import Match, Round, Team, Tournament

COUNTED_STATES = (Match.ENTERED, Match.CONFIRMED)


def ruleset(tournament: Tournament) -> RuleSet:
    """The rules engine's options for this tournament."""
    return RuleSet(
        levels=tournament.levels,
        pass_a=tournament.pass_a,
        a_fail=tournament.a_fail,
        time_limit_minutes=tournament.time_limit,
        at_time=tournament.at_time,
        games=tournament.games,
    )


def standings_rules(tournament: Tournament) -> StandingsRules:
    return StandingsRules(
        system=tournament.scoring,
        tiebreaks=tuple(tournament.tiebreaks),
        bye_policy=tournament.bye_policy,
        lot_seed=tournament.lot_seed,
    )


def match_record(round_number: int, row: dict) -> MatchRecord:
    """One ``Match`` row (as a ``values()`` dict) as a scoring record."""
    defeat = (row["defeat_side"], row["defeat_reason"]) if row["defeat_side"] else None
    return MatchRecord(
        round=round_number,
        ew=row["ew_id"],
        ns=row["ns_id"],
        ew_level=row["ew_level"] or None,
        ns_level=row["ns_level"] or None,
        forfeit=row["forfeit"] or None,
        defeat=defeat,
        ew_fouls=row["ew_fouls"],
        ns_fouls=row["ns_fouls"],
    )


_RECORD_FIELDS = (
    "round__number", "ew_id", "ns_id", "ew_level", "ns_level", "forfeit", "defeat_side",
    "defeat_reason", "ew_fouls", "ns_fouls", "state",
)  # fmt: skip


def counted_rounds(tournament: Tournament, *, public: bool) -> list[int]:
    """Round numbers whose results count: locked ones for the public, all paired for staff."""
    rounds = Round.objects.filter(tournament=tournament)
    if public:
        rounds = rounds.filter(status=Round.LOCKED)
    else:
        rounds = rounds.exclude(status=Round.DRAFT)
    return list(rounds.order_by("number").values_list("number", flat=True))


def match_records(
    tournament: Tournament,
    rounds: Iterable[int] | None = None,
    *,
    public: bool = False,
    team: int | None = None,
) -> list[MatchRecord]:
    """Scoring records of every counted table (and bye) in ``rounds`` (of ``team`` only)."""
    numbers = set(counted_rounds(tournament, public=public))
    if rounds is not None:
        numbers &= set(rounds)
    rows = Match.objects.filter(round__tournament=tournament, round__number__in=numbers)
    if team is not None:
        rows = rows.filter(Q(ew_id=team) | Q(ns_id=team))
    rows = rows.values(*_RECORD_FIELDS)
    return [
        match_record(row["round__number"], row)
        for row in rows
        if row["ns_id"] is None or row["state"] in COUNTED_STATES
    ]


def ranked_team_ids(tournament: Tournament) -> list[int]:
    """Every team that appears in the standings: active pairs and any pair that has played."""
    return list(Team.objects.filter(tournament=tournament).values_list("pk", flat=True))


def standings_for(
    tournament: Tournament, *, after_round: int | None = None, public: bool = False
) -> list[StandingRow]:
    """Standings after ``after_round`` (default: every counted round)."""
    records = match_records(tournament, public=public)
    return standings(
        records,
        standings_rules(tournament),
        teams=ranked_team_ids(tournament),
        after_round=after_round,
    )


def next_round_number(tournament: Tournament) -> int:
    """The number the next round will have (1 before any pairing)."""
    last = tournament.round_set.order_by("-number").values_list("number", flat=True).first()
    return (last or 0) + 1


def round_stamp(round_: Round) -> str:
    """A short text that changes whenever the round or any of its tables changes.

    Pages render it and poll it (``round_status_json``) to know when to refresh.
    """
    rows = round_.matches.order_by("pk").values_list("pk", "state", "version")
    return f"{round_.status}:{round_.version}:" + ",".join(f"{p}-{s}-{v}" for p, s, v in rows)


def teams_by_id(tournament: Tournament) -> dict[int, Team]:
    """All teams with their unit and players, for labelling plain results."""
    teams = (
        Team.objects.filter(tournament=tournament)
        .select_related("unit")
        .prefetch_related("players")
    )
    return {team.pk: team for team in teams}
