"""A team's and a player's history pages (团体、选手的历次成绩): as a pair's
(:func:`tournament.public.views.pair_history_page`), for team and individual events."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, render

from tournament.core.hidden_people import shown_entry_name
from tournament.core.page_cache import cached_per_stamp
from tournament.core.rights import is_staff_viewer
from tournament.core.view_helpers import load_tournament
from tournament.individuals.history import player_history
from tournament.models import Individual, Team
from tournament.public.conditional import stamped
from tournament.public.rank_history import entry_rank_svg, levels_svg, ranks_after_rounds
from tournament.teams.history import team_history


def _event(request, slug, kind: str):
    tournament = load_tournament(request, slug, None)
    if tournament.entry != kind:
        raise Http404
    staff = is_staff_viewer(request, tournament)
    if not staff and not tournament.publish_standings:
        raise Http404
    return tournament, staff


@stamped
def team_history_page(request, slug, team_id):
    tournament, staff = _event(request, slug, "teams")
    team = get_object_or_404(Team.objects.select_related("unit"), tournament=tournament, pk=team_id)
    ranks = ranks_after_rounds(tournament, team.pk, public=not staff)
    lines = cached_per_stamp(
        tournament,
        "team_history",
        lambda: team_history(tournament, team, public=not staff, ranks=ranks),
        team.pk,
        public=not staff,
    )
    members = list(team.members.select_related("person"))  # linked to their pages
    context = {
        "t": tournament,
        "team": team,
        "lines": lines,
        "members": members,
        "rank_chart": entry_rank_svg(tournament, team.pk, public=not staff),
    }
    return render(request, "public/team_history.html", context)


@stamped
def player_history_page(request, slug, individual_id):
    tournament, staff = _event(request, slug, "individuals")
    player = get_object_or_404(
        Individual.objects.select_related("unit", "person"),
        tournament=tournament,
        pk=individual_id,
    )
    ranks = ranks_after_rounds(tournament, player.pk, public=not staff)
    lines = cached_per_stamp(
        tournament,
        "player_history",
        lambda: player_history(tournament, player, public=not staff, ranks=ranks),
        player.pk,
        public=not staff,
    )
    context = {
        "t": tournament,
        "player": player,
        "title_name": shown_entry_name(tournament.slug, player.name, staff=staff),
        "lines": lines,
        "rank_chart": entry_rank_svg(tournament, player.pk, public=not staff),
        "levels_chart": levels_svg([line for line in lines if line.partner]),
    }
    return render(request, "public/player_history.html", context)
