"""Partnerships: the pairs two individuals form on one side of a table (个人赛).

A partnership is made the first time a round seats the two together and reused if they
ever partner again, so a pair of an individual event names two people for good.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from tournament.models import Individual, Pair, Player, Tournament


def individuals_of_pairs(tournament: Tournament) -> dict[int, tuple[int, ...]]:
    """Pair id → the individual(s) it names (two for a partnership, one for an own entry)."""
    rows = Player.objects.filter(pair__tournament=tournament).exclude(individual=None)
    found: dict[int, list[int]] = defaultdict(list)
    for pair_id, individual_id in rows.order_by("pair_id", "position").values_list(
        "pair_id", "individual_id"
    ):
        found[pair_id].append(individual_id)
    return {pair: tuple(people) for pair, people in found.items()}


def partnerships(tournament: Tournament, wanted: Iterable[tuple[int, int]]) -> dict[frozenset, int]:
    """The pair of each two individuals in ``wanted`` (in seat order), made when new."""
    known = {
        frozenset(people): pair
        for pair, people in individuals_of_pairs(tournament).items()
        if len(people) == 2
    }
    people = {i.pk: i for i in Individual.objects.filter(tournament=tournament)}
    for a, b in wanted:
        key = frozenset((a, b))
        if key in known:
            continue
        first, second = people[a], people[b]
        pair = Pair.objects.create(
            tournament=tournament,
            name=f"{first.name}/{second.name}",
            unit_id=first.unit_id if first.unit_id == second.unit_id else None,
        )
        Player.objects.bulk_create(
            Player(pair=pair, position=n, name=p.name, phone=p.phone, individual=p).with_pinyin()
            for n, p in ((1, first), (2, second))
        )
        known[key] = pair.pk
    return known
