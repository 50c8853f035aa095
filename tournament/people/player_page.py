"""What a person's public page shows (选手主页, ``/players/<id>/``): each event they played
whose standings are published, with their pair, team or partners, each locked round's table
(opponents, levels, points), their place and their rank after each round as a small chart.

Only what the event's public pages show: published standings, locked rounds, read through
the same cached histories (``cached_per_stamp`` under the pages' own names). A hidden person
(不在公开页面显示) is named on none of it: a partner, a team-mate or an opponent who is
hidden reads 不公开, also inside names such as a pair's "张三/李四"
(tournament.core.hidden_people: the one masking of every public answer).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.urls import reverse

from tournament.core.hidden_people import hidden_names_of_events, mask_text
from tournament.core.page_cache import cached_per_stamp
from tournament.individuals.history import player_history
from tournament.models import Individual, Person, Player, TeamMember, Tournament
from tournament.people.directory import tournament_ids
from tournament.public.rank_history import entry_rank_svg, rank_history, ranks_after_rounds
from tournament.standings.rows import history_rows
from tournament.teams.history import team_history
from tournament.text.titles import listing


@dataclass
class Line:
    """One locked round of the person in one event."""

    round: int
    opponents: str  # empty: a bye or a sit-out
    level: str | None
    opponent_level: str | None
    points: int
    partner: str = ""  # an individual event's partner of the round


@dataclass
class EventBlock:
    """One event of the person: the entry they played in, its lines, place and chart."""

    tournament: Tournament
    entry: str  # the pair's or the team's name (empty in an individual event)
    partners: str
    place: int | None
    entries: int
    lines: list[Line] = field(default_factory=list)
    chart: str | None = None
    url: str = ""


def person_events(person: Person) -> list[EventBlock]:
    """The person's events with published standings, newest first."""
    ids = tournament_ids([person.pk])[person.pk]
    events = Tournament.objects.filter(pk__in=ids, publish_standings=True).order_by(
        "-start_date", "-pk"
    )
    hidden = hidden_names_of_events(set(ids))
    blocks: list[EventBlock] = []
    for t in events:
        if t.is_team_event:
            rows = TeamMember.objects.filter(team__tournament=t, person=person)
            blocks += [_team_block(t, m, person, hidden) for m in rows.select_related("team")]
        elif t.is_individual_event:
            rows = Individual.objects.filter(tournament=t, person=person)
            blocks += [_individual_block(t, i, hidden) for i in rows]
        else:
            rows = Player.objects.filter(
                pair__tournament=t, person=person, member=None, individual=None
            )
            blocks += [_pair_block(t, p, hidden) for p in rows.select_related("pair")]
    return blocks


def _place(t: Tournament, entry_id: int) -> tuple[int | None, int]:
    """The entry's rank after the last locked round, and how many were ranked."""
    history = rank_history(t, public=True)
    ranks = history["ranks"].get(entry_id) or [None]
    return ranks[-1], history["entries"]


def _pair_block(t: Tournament, player: Player, hidden: list[str]) -> EventBlock:
    pair = player.pair
    rows = cached_per_stamp(
        t, "history", lambda: history_rows(t, pair.pk, public=True), pair.pk, public=True
    )
    partners = [p.name for p in pair.players.exclude(pk=player.pk)]
    place, entries = _place(t, pair.pk)
    lines = [
        Line(
            r["line"].round,
            mask_text(r["opponent"] or "", hidden),
            r["line"].level,
            r["line"].opponent_level,
            r["line"].points,
        )
        for r in rows
    ]
    return EventBlock(
        t,
        mask_text(pair.name, hidden),
        mask_text(listing(partners), hidden),
        place,
        entries,
        lines,
        entry_rank_svg(t, pair.pk, public=True),
        reverse("pair_history", args=[t.slug, pair.pk]),
    )


def _team_block(t: Tournament, member: TeamMember, person: Person, hidden) -> EventBlock:
    team = member.team
    ranks = ranks_after_rounds(t, team.pk, public=True)
    matches = cached_per_stamp(
        t,
        "team_history",
        lambda: team_history(t, team, public=True, ranks=ranks),
        team.pk,
        public=True,
    )
    own_pairs = set(Player.objects.filter(member=member).values_list("pair__name", flat=True))
    lines = []
    for match in matches:
        table = next((x for x in match.tables if x.pair in own_pairs), None)
        opponents = match.opponent or ""
        if table is not None and table.opponent:
            opponents = f"{opponents} · {table.opponent}" if opponents else table.opponent
        lines.append(
            Line(
                match.round,
                mask_text(opponents, hidden),
                table.level if table else None,
                table.opponent_level if table else None,
                match.points,
            )
        )
    mates = team.members.exclude(pk=member.pk).order_by("number").values_list("name", flat=True)
    place, entries = _place(t, team.pk)
    return EventBlock(
        t,
        mask_text(team.name, hidden),
        mask_text(listing(mates), hidden),
        place,
        entries,
        lines,
        entry_rank_svg(t, team.pk, public=True),
        reverse("team_history", args=[t.slug, team.pk]),
    )


def _individual_block(t: Tournament, player: Individual, hidden: list[str]) -> EventBlock:
    ranks = ranks_after_rounds(t, player.pk, public=True)
    rounds = cached_per_stamp(
        t,
        "player_history",
        lambda: player_history(t, player, public=True, ranks=ranks),
        player.pk,
        public=True,
    )
    lines = [
        Line(
            r.round,
            mask_text(listing(r.opponents), hidden),
            r.level,
            r.opponent_level,
            r.points,
            partner=mask_text(r.partner or "", hidden),
        )
        for r in rounds
    ]
    place, entries = _place(t, player.pk)
    return EventBlock(
        t,
        "",
        "",
        place,
        entries,
        lines,
        entry_rank_svg(t, player.pk, public=True),
        reverse("player_history", args=[t.slug, player.pk]),
    )
