"""A player's history in an individual event (选手的历次成绩): each round's table, seat,
partner and opponents, the side's levels and the player's share, and the rank after it
(docs/rules.md §17.4, §17.5)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scoring import score_individual_table
from tournament.individuals.standings import individual_records, individual_rules
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


def player_history(
    tournament: Tournament, player: Individual, *, public: bool, ranks: Mapping[int, int | None]
) -> list[RoundLine]:
    """The player's rounds in order (counted rounds only: locked ones for the public);
    ``ranks``: their rank after each round (tournament.public.rank_history)."""
    rules = individual_rules(tournament)
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
                rank=ranks.get(record.round),
            )
        )
    return lines
