"""Partnerships: the pairs two individuals form on one side of a table (个人赛).

A partnership is made the first time a round seats the two together and reused if they
ever partner again, so a pair of an individual event names two people for good.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from tournament.core.bulk import insert_all
from tournament.models import Individual, Pair, Player, Tournament
from tournament.text.pinyin import KEY_MAX


def individuals_of_pairs(tournament: Tournament) -> dict[int, tuple[int, ...]]:
    """Pair id → the individual(s) it names (two for a partnership, one for an own entry)."""
    rows = Player.objects.filter(pair__tournament=tournament).exclude(individual=None)
    found: dict[int, list[int]] = defaultdict(list)
    for pair_id, individual_id in rows.order_by("pair_id", "position").values_list(
        "pair_id", "individual_id"
    ):
        found[pair_id].append(individual_id)
    return {pair: tuple(people) for pair, people in found.items()}


def partnerships(
    tournament: Tournament,
    wanted: Iterable[tuple[int, int]],
    people_of: dict[int, tuple[int, ...]] | None = None,
) -> dict[frozenset, int]:
    """The pair of each two individuals in ``wanted`` (in seat order), made when new;
    ``people_of``: :func:`individuals_of_pairs` when the caller has read it already."""
    if people_of is None:
        people_of = individuals_of_pairs(tournament)
    known = {frozenset(people): pair for pair, people in people_of.items() if len(people) == 2}
    new = list(dict.fromkeys((a, b) for a, b in wanted if frozenset((a, b)) not in known))
    if not new:
        return known
    people = {
        i.pk: i
        for i in Individual.objects.filter(tournament=tournament).only(
            "pk", "name", "name_pinyin", "unit_id", "phone", "person_id"
        )
    }
    # Two statements for the new pairs and their players (tournament.core.bulk): a round
    # of 2,000 players makes up to 1,000 partnerships. Their names are unique in the event
    # (the individuals' are), so the new pairs' keys are read back by name.
    names = {f"{people[a].name}/{people[b].name}": (a, b) for a, b in new}
    insert_all(
        [
            Pair(
                tournament=tournament,
                name=name,
                # the two names' keys joined as pinyin_key joins them ("/" kept): no
                # pypinyin call per partnership
                name_pinyin=f"{people[a].name_pinyin}/{people[b].name_pinyin}"[:KEY_MAX],
                unit_id=people[a].unit_id if people[a].unit_id == people[b].unit_id else None,
            )
            for name, (a, b) in names.items()
        ]
    )
    made = Pair.objects.filter(tournament=tournament, name__in=list(names))
    keys = dict(made.values_list("name", "pk"))
    insert_all(
        [
            Player(
                pair_id=keys[name],
                position=n,
                name=p.name,
                name_pinyin=p.name_pinyin,
                phone=p.phone,
                individual=p,
                person_id=p.person_id,  # the player across events (docs/rules.md §18)
            )
            for name, (a, b) in names.items()
            for n, p in ((1, people[a]), (2, people[b]))
        ]
    )
    known.update({frozenset(pair): keys[name] for name, pair in names.items()})
    return known
