"""A player's history in an individual event (选手的历次成绩): each round's table, seat,
partner and opponents, the side's levels and the player's share, and the rank after it
(docs/rules.md §17.4, §17.5)."""

from __future__ import annotations

from dataclasses import dataclass

from scoring import score_individual_table
from tournament.core.page_cache import cached_per_stamp
from tournament.individuals.standings import (
    individual_records,
    individual_rules,
    individual_standings_for,
)
from tournament.models import Individual, Tournament


@dataclass(frozen=True)
class RoundLine:
    """One round of a player: ``partner`` None for a sit-out."""

    round: int
    seat: str
    partner: str | None
    opponents: tuple[str, ...]
    level: str | None
    opponent_level: str | None
    points: int
    level_diff: int
    absent: bool
    total: int
    rank: int | None


def player_history(tournament: Tournament, player: Individual, *, public: bool) -> list[RoundLine]:
    """The player's rounds in order (counted rounds only: locked ones for the public)."""
    rules = individual_rules(tournament)
    ranks = ranks_by_round(tournament, public=public)
    names = dict(Individual.objects.filter(tournament=tournament).values_list("pk", "name"))
    lines, total = [], 0
    for record in individual_records(tournament, public=public):
        if player.pk not in record.players:
            continue
        shares = score_individual_table(record, rules.system, rules.bye_policy, rules.options)
        share = next(s for s in shares if s.player == player.pk)
        total += share.points
        own, other = (
            (record.ew_level, record.ns_level)
            if share.seat == "EW"
            else (record.ns_level, record.ew_level)
        )
        lines.append(
            RoundLine(
                round=record.round,
                seat=share.seat,
                partner=names.get(share.partner) if share.partner is not None else None,
                opponents=tuple(names.get(p, "") for p in share.opponents),
                level=own,
                opponent_level=other,
                points=share.points,
                level_diff=share.level_diff,
                absent=share.absent,
                total=total,
                rank=ranks.get(record.round, {}).get(player.pk),
            )
        )
    return lines


def ranks_by_round(tournament: Tournament, *, public: bool) -> dict[int, dict[int, int]]:
    """Round → player → rank after it, computed once per stamp for every player's page."""

    def build() -> dict[int, dict[int, int]]:
        numbers = {r.round for r in individual_records(tournament, public=public)}
        return {
            n: {
                row.player: row.rank
                for row in individual_standings_for(tournament, after_round=n, public=public)
            }
            for n in sorted(numbers)
        }

    return cached_per_stamp(tournament, "individual_ranks", build, public=public)
