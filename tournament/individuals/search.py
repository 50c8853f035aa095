"""Finding an individual by what someone types: draw number, name, pinyin or unit."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from tournament.core.errors import Invalid
from tournament.core.normalize import normalize_name
from tournament.models import Individual, Tournament

# Message codes: texts in tournament/text/messages (teams.py; the pairs' "none" text).
MSG_QUERY_EMPTY = "individual_query_empty"
MSG_QUERY_NONE = "pair_query_none"
MSG_QUERY_MANY = "individual_query_many"


def individual_matching(people: QuerySet[Individual], query: str) -> QuerySet[Individual]:
    """The individuals of ``people`` that match ``query`` (all for an empty query)."""
    query = normalize_name(query)
    if not query:
        return people
    return people.filter(
        Q(name__icontains=query)
        | Q(unit__name__icontains=query)
        | Q(name_pinyin__icontains=query.lower())
    )


def named_individual(tournament: Tournament, query: str | None) -> Individual:
    """The individual ``query`` names (draw number, exact name, or the one match)."""
    query = normalize_name(query)
    if not query:
        raise Invalid(MSG_QUERY_EMPTY)
    people = Individual.objects.filter(tournament=tournament).select_related("unit")
    exact = people.filter(name=query).first()
    if exact is None and query.isdigit():
        exact = people.filter(draw_number=int(query)).first()
    if exact is not None:
        return exact
    found = list(individual_matching(people, query).order_by("name_pinyin")[:5])
    if len(found) == 1:
        return found[0]
    if not found:
        raise Invalid(MSG_QUERY_NONE, query=query)
    count = individual_matching(people, query).count()
    raise Invalid(MSG_QUERY_MANY, query=query, n=count, names=[p.name for p in found])
