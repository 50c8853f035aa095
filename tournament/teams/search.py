"""Finding a team by what someone types: its draw number, its name, a member's name, its
unit (the draw page, the line-up page); the pairs' counterpart is
:mod:`tournament.registration.search`."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from tournament.core.errors import Invalid
from tournament.core.normalize import normalize_name
from tournament.models import Team, Tournament

# Message codes: texts in tournament/text/messages/teams.py (none: the pairs' text).
MSG_QUERY_EMPTY = "team_query_empty"
MSG_QUERY_NONE = "pair_query_none"
MSG_QUERY_MANY = "team_query_many"


def team_matching(teams: QuerySet[Team], query: str) -> QuerySet[Team]:
    """The teams of ``teams`` that match ``query`` (all of them for an empty query)."""
    query = normalize_name(query)
    if not query:
        return teams
    lower = query.lower()
    q = (
        Q(name__icontains=query)
        | Q(members__name__icontains=query)
        | Q(unit__name__icontains=query)
        | Q(name_pinyin__icontains=lower)
        | Q(members__name_pinyin__icontains=lower)
    )
    return teams.filter(pk__in=teams.filter(q).values("pk"))  # once each, whatever matched


def named_team(tournament: Tournament, query: str | None) -> Team:
    """The team that ``query`` names (draw number, exact name, or the one match)."""
    query = normalize_name(query)
    if not query:
        raise Invalid(MSG_QUERY_EMPTY)
    teams = Team.objects.filter(tournament=tournament).select_related("unit")
    exact = teams.filter(name=query).first()
    if exact is None and query.isdigit():
        exact = teams.filter(draw_number=int(query)).first()
    if exact is not None:
        return exact
    found = list(team_matching(teams, query).order_by("name_pinyin")[:5])
    if len(found) == 1:
        return found[0]
    if not found:
        raise Invalid(MSG_QUERY_NONE, query=query)
    count = team_matching(teams, query).count()
    raise Invalid(MSG_QUERY_MANY, query=query, n=count, teams=[team.name for team in found])
