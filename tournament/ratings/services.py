"""The adapter between the database and the pure :mod:`rating` core (等级分).

It reads every table of every LOCKED round of every event, in chronological order, turns
each pair into its persons (``Player.person``: a pairs event's players, a team's pair's
players, an individual partnership's players alike), asks :func:`rating.rate` and keeps
the answer in the cache under a fingerprint of what it read.

Decisions (docs/rules.md §19)
-----------------------------
- Only locked rounds count: a result still open can change.
- Order: the event's start date (events without one after the dated ones), then the event,
  the round number and the table number.
- Forfeits (弃权) and defeats (判负) do not count: the table was not played on its merits
  (a pair that did not come says nothing about its strength). Byes do not count.
- A table counts when it has both final levels: the side the result names as winner wins
  (a knockout's, a time tie's), else the higher final level; equal levels and no winner is
  a draw. The margin is the difference of the final levels (级差), at least 1 for a win.
- A row not linked to a person is left out of its side; a side left empty skips the table.
  A line-up's or a partnership's seat counts as its member's or individual's person.
- Persons merged away count as the person they were merged into.
- Cached: the rating is recomputed only when the fingerprint changes (the locked rounds'
  ids, versions and change numbers, the events' dates, the person links and merges).
"""

from __future__ import annotations

import hashlib
from collections import defaultdict

from django.core.cache import cache
from django.db.models import Count, F, Max, Q, Sum
from django.db.models.functions import Coalesce

from rating import PRIOR_MU, PlayerRating, RatedTable, rate, strength
from rating.seeding import seeded_numbers
from rules.levels import LEVELS
from tournament.models import (
    Individual,
    Person,
    PersonMerge,
    Player,
    Round,
    Table,
    Team,
    TeamMember,
    Tournament,
)

# Measured in bench/rating.py (docs/rules.md §19): the margin helps the prediction.
USE_MARGIN = True
MODEL = "plackett_luce"
# An entry's strength (seeding, divisions) is its persons' mean mu; a person without a
# rating counts as a newcomer (the prior mu, 25). Measured in bench/rating.py: the mean mu
# predicts later results better than the mean ordinal (docs/rules.md §19).
UNKNOWN_STRENGTH = PRIOR_MU
CACHE_SECONDS = 24 * 3600
LEVEL_INDEX = {level: i for i, level in enumerate(LEVELS)}


def fingerprint() -> str:
    """What the rating depends on, in a few aggregate queries (never the rows)."""
    rounds = Round.objects.filter(status=Round.LOCKED).aggregate(
        n=Count("pk"), ids=Sum("pk"), v=Sum("version"), c=Sum("change_seq"), m=Max("pk")
    )
    links = [
        model.objects.aggregate(n=Count("pk"), p=Sum("person_id"), m=Max("pk"))
        for model in (Player, TeamMember, Individual)
    ]
    merges = PersonMerge.objects.aggregate(
        n=Count("pk"), undone=Count("pk", filter=Q(undone_at__isnull=False))
    )
    merged = Person.objects.filter(merged_into__isnull=False).aggregate(
        n=Count("pk"), into=Sum("merged_into_id"), ids=Sum("pk")
    )
    dates = list(Tournament.objects.order_by("pk").values_list("pk", "start_date"))
    key = repr((rounds, links, merges, merged, dates, USE_MARGIN, MODEL))
    return hashlib.sha256(key.encode()).hexdigest()[:24]


def _merged() -> dict[int, int]:
    """Absorbed person → the person they now are."""
    into = dict(
        Person.objects.filter(merged_into__isnull=False).values_list("pk", "merged_into_id")
    )
    resolved = {}
    for pk in into:
        target, seen = into[pk], {pk}
        while target in into and target not in seen:
            seen.add(target)
            target = into[target]
        resolved[pk] = target
    return resolved


def rated_tables() -> list[RatedTable]:
    """Every counted table of every locked round, in chronological order."""
    rows = (
        Table.objects.filter(round__status=Round.LOCKED, ns__isnull=False, forfeit="")
        .filter(defeat_side="")
        .order_by(
            F("round__tournament__start_date").asc(nulls_last=True),
            "round__tournament_id",
            "round__number",
            "number",
        )
        .values_list("ew_id", "ns_id", "winner", "ew_level", "ns_level")
    )
    merged = _merged()
    events = set(Round.objects.filter(status=Round.LOCKED).values_list("tournament_id", flat=True))
    sides: dict[int, list[int]] = defaultdict(list)
    # A seat of a team's line-up or of an individual's partnership is its member's or its
    # individual's person, also when the seat itself was made before the link.
    person_of = Coalesce("person_id", "member__person_id", "individual__person_id")
    players = Player.objects.filter(pair__tournament_id__in=events).annotate(who=person_of)
    seats = players.filter(who__isnull=False).values_list("pair_id", "who")
    for pair, person in seats.iterator(chunk_size=5000):
        sides[pair].append(merged.get(person, person))
    out = []
    for ew, ns, winner, ew_level, ns_level in rows.iterator(chunk_size=5000):
        outcome = _outcome(winner, ew_level, ns_level)
        a, b = sides.get(ew), sides.get(ns)
        if outcome is None or not a or not b or len(a) > 2 or len(b) > 2:
            continue
        out.append(RatedTable((tuple(sorted(a)), tuple(sorted(b))), *outcome))
    return out


def _outcome(winner: str, ew_level: str, ns_level: str) -> tuple[int | None, int] | None:
    """(winner side 0 EW / 1 NS / None draw, margin) of a stored result; None: no result.
    The side named winner (a knockout's, a time tie's) wins, by the level difference (1
    when the levels are not both written: a knockout match of several games); else the
    higher final level; equal levels, a draw."""
    known = ew_level in LEVEL_INDEX and ns_level in LEVEL_INDEX
    lead = LEVEL_INDEX[ew_level] - LEVEL_INDEX[ns_level] if known else 0
    if winner == "EW" or (not winner and lead > 0):
        return 0, max(abs(lead), 1)
    if winner == "NS" or (not winner and lead < 0):
        return 1, max(abs(lead), 1)
    return (None, 0) if known else None


def current_ratings() -> dict[int, PlayerRating]:
    """Every rated person's rating (person pk → rating), from the cache when unchanged."""
    key = f"ratings:{fingerprint()}"
    stored = cache.get(key)
    if stored is not None:
        return {pk: PlayerRating(*values) for pk, *values in stored}
    ratings = rate(rated_tables(), model=MODEL, use_margin=USE_MARGIN)
    packed = [(pk, r.mu, r.sigma, r.ordinal, r.tables) for pk, r in ratings.items()]
    cache.set(key, packed, CACHE_SECONDS)
    return ratings


def entry_persons(tournament: Tournament) -> dict[int, list[int | None]]:
    """Each entry of an event (pair, team or individual, by pk) and its persons."""
    out: dict[int, list[int | None]] = defaultdict(list)
    if tournament.is_team_event:
        rows = TeamMember.objects.filter(team__tournament=tournament).values_list(
            "team_id", "person_id"
        )
        for pk in Team.objects.filter(tournament=tournament).values_list("pk", flat=True):
            out[pk]
    elif tournament.is_individual_event:
        rows = Individual.objects.filter(tournament=tournament).values_list("pk", "person_id")
    else:
        rows = Player.objects.filter(pair__tournament=tournament, pair__team=None).values_list(
            "pair_id", "person_id"
        )
    for entry, person in rows:
        out[entry].append(person)
    return dict(out)


def entry_strengths(tournament: Tournament) -> dict[int, float]:
    """Each entry's strength: the mean mu of its persons (unknown persons 25)."""
    ratings = current_ratings()
    merged = _merged()
    return {
        entry: strength([merged.get(p, p) for p in persons], ratings, default=UNKNOWN_STRENGTH)
        for entry, persons in entry_persons(tournament).items()
    }


def rated_draw_numbers(
    tournament: Tournament, ids: list[int], seed: int, overrides: dict | None
) -> dict[int, int]:
    """Draw numbers from the entries' ratings (首轮按等级分编排, docs/rules.md §19): pairs
    and teams folded (rank k meets rank k + n/2 in round 1), individuals in rating order
    (their round 1 reads the draw order as a ranking). Hand-fixed numbers stay."""
    strengths = entry_strengths(tournament)
    field = {pk: strengths.get(pk, UNKNOWN_STRENGTH) for pk in ids}
    return seeded_numbers(field, seed, overrides, fold=not tournament.is_individual_event)


def series_published_ratings(series, person_ids: list[int]) -> dict[int, float]:
    """Person → ordinal for a series' public standings: only when the series publishes
    ratings, never a hidden person (the lines say who is), nothing for one never rated."""
    if not series.publish_rating:
        return {}
    ratings = current_ratings()
    return {pk: ratings[pk].ordinal for pk in person_ids if pk in ratings}


def published_ratings(tournament: Tournament, pair_id: int) -> list[tuple[str, float]]:
    """(name, ordinal) of a pair's players for the event's public pages: only when the event
    publishes ratings, never a hidden person, nothing for a player never rated."""
    if not tournament.publish_rating:
        return []
    rows = Player.objects.filter(
        pair_id=pair_id, pair__tournament=tournament, person__hidden=False
    ).order_by("position", "pk")
    persons = list(rows.values_list("name", "person_id", "person__merged_into_id"))
    if not persons:
        return []
    ratings = current_ratings()
    shown = []
    for name, person, merged in persons:
        rating = ratings.get(merged or person)
        if rating is not None:
            shown.append((name, rating.ordinal))
    return shown
