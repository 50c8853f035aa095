"""Finding a pair by what a person types, wherever staff look a pair up.

Vocabulary:

query
    The typed text, stripped and cut to :data:`QUERY_MAX` characters: a draw number, or part
    of the pair's name, of a player's name or of the unit's name, in characters or pinyin.
match
    A pair whose name, players' names or unit's name contains the query (pinyin without
    case). Each pair is found once, however many of its names match.
the pair a query names
    The pair whose name is the query exactly; else, for digits, the pair with that draw
    number; else the one pair that matches. A query that matches several names none.

The pair list's search box, the check-in desk and the keep-apart (回避) form use these, so a
name that finds a pair in one finds it in the others.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet

from tournament.core.errors import Invalid
from tournament.models import Pair, Tournament
from tournament.public.find_table import QUERY_MAX

MSG_PAIR_QUERY_EMPTY = "pair_query_empty"
MSG_PAIR_QUERY_MANY = "pair_query_many"
MSG_PAIR_QUERY_NONE = "pair_query_none"

SUGGESTIONS = 20  # the most pairs a list of suggestions or of choices shows


def clean(query: str | None) -> str:
    return (query or "").strip()[:QUERY_MAX]


def matching(pairs: QuerySet[Pair], query: str) -> QuerySet[Pair]:
    """The pairs of ``teams`` that match ``query`` (all of them for an empty query)."""
    query = clean(query)
    if not query:
        return pairs
    lower = query.lower()
    q = (
        Q(name__icontains=query)
        | Q(players__name__icontains=query)
        | Q(unit__name__icontains=query)
        | Q(name_pinyin__icontains=lower)
        | Q(players__name_pinyin__icontains=lower)
    )
    # A pair whose two players both match would come twice from the join: its keys, once.
    return pairs.filter(pk__in=pairs.filter(q).values("pk"))


def named_pair(tournament: Tournament, query: str | None) -> Pair:
    """The pair of ``tournament`` that ``query`` names; :class:`Invalid` saying why not."""
    query = clean(query)
    if not query:
        raise Invalid(MSG_PAIR_QUERY_EMPTY)
    pairs = Pair.objects.filter(tournament=tournament).select_related("unit")
    exact = pairs.filter(name=query).first() or numbered(pairs, query)
    if exact is not None:
        return exact
    found = list(matching(pairs, query).order_by("name_pinyin")[:5])
    if len(found) == 1:
        return found[0]
    if not found:
        raise Invalid(MSG_PAIR_QUERY_NONE, query=query)
    count = matching(pairs, query).count()
    raise Invalid(MSG_PAIR_QUERY_MANY, query=query, n=count, pairs=[pair.name for pair in found])


def offered(tournament: Tournament, query: str | None) -> list[Pair]:
    """The pairs a form offers as ``query`` is typed: the pair with that draw number first,
    then the pairs matching it by name, at most :data:`SUGGESTIONS` (none for no query)."""
    query = clean(query)
    if not query:
        return []
    pairs = Pair.objects.filter(tournament=tournament).select_related("unit")
    found = list(matching(pairs, query).order_by("name_pinyin")[:SUGGESTIONS])
    first = numbered(pairs, query)
    if first is not None:
        found = [first] + [pair for pair in found if pair.pk != first.pk]
    return found[:SUGGESTIONS]


def numbered(pairs: QuerySet[Pair], query: str) -> Pair | None:
    """The pair of ``teams`` whose draw number ``query`` is, if it is a number."""
    return pairs.filter(draw_number=int(query)).first() if query.isdigit() else None
