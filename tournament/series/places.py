"""Where each person finished in each event of a series (docs/rules.md §20.3).

An event's places come from its own standings service (pairs, teams or individuals) over
its LOCKED rounds only (what the public may see), whoever asks. They are computed once per
public stamp of the event (:func:`~tournament.core.page_cache.cached_per_stamp`): an event
of 5,000 pairs costs its standings once, not once per visit of the series page.

Vocabulary
----------
entry place
    ``(row id, place)``: the row is a pair (pairs event), a roster member who played a
    locked table (team event: every such member takes the team's place) or an individual.
field
    The entries the event ranked that have a locked round's record (a table or a bye):
    a pair registered but never seated is not part of the field.
person place
    ``(person id, place, field)``: the entry places turned to persons through the rows'
    ``person`` links, read fresh each time (a merge moves links without touching the event).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scoring import team_standings
from tournament.core.page_cache import cached_per_stamp
from tournament.individuals.standings import individual_standings_for
from tournament.models import Individual, Player, TeamMember, Tournament
from tournament.standings.selectors import standings_for
from tournament.teams.standings import team_ids, team_matches, team_rules

PAIRS, TEAMS, INDIVIDUALS = "pairs", "teams", "individuals"


@dataclass(frozen=True)
class EventPlaces:
    kind: str
    ranks: tuple[int, ...]  # the place of every entry of the field (teams: of each team)
    places: tuple[tuple[int, int], ...]  # (row id, place): pair, member or individual

    @property
    def field(self) -> int:
        return len(self.ranks)


def kind_of(tournament: Tournament) -> str:
    if tournament.is_team_event:
        return TEAMS
    return INDIVIDUALS if tournament.is_individual_event else PAIRS


def _pairs(tournament: Tournament) -> EventPlaces:
    rows = [r for r in standings_for(tournament, public=True) if r.rounds_played]
    return EventPlaces(PAIRS, tuple(r.rank for r in rows), tuple((r.pair, r.rank) for r in rows))


def _individuals(tournament: Tournament) -> EventPlaces:
    rows = [r for r in individual_standings_for(tournament, public=True) if r.rounds_played]
    return EventPlaces(
        INDIVIDUALS, tuple(r.rank for r in rows), tuple((r.player, r.rank) for r in rows)
    )


def _teams(tournament: Tournament) -> EventPlaces:
    matches = team_matches(tournament, public=True)
    rows = team_standings(matches, team_rules(tournament), teams=team_ids(tournament))
    rows = [r for r in rows if r.matches]
    played = {p for m in matches for t in m.tables for p in (t.ew, t.ns) if p is not None}
    # Every line-up pair's members, kept when the pair played (no list of ids in the SQL).
    seats = Player.objects.filter(pair__tournament=tournament).exclude(member=None)
    pairs = seats.values_list("pair_id", "member_id", "member__team_id")
    members = {(member, team) for pair, member, team in pairs if pair in played}
    place = {r.team: r.rank for r in rows}
    places = tuple(sorted((member, place[team]) for member, team in members if team in place))
    return EventPlaces(TEAMS, tuple(r.rank for r in rows), places)


def event_places(tournament: Tournament) -> EventPlaces:
    """The entry places of one event over its locked rounds, cached per public stamp."""
    build = {PAIRS: _pairs, TEAMS: _teams, INDIVIDUALS: _individuals}[kind_of(tournament)]
    return cached_per_stamp(tournament, "series-places", lambda: build(tournament), public=True)


# What the standings show of a person, read with the links (no query of its own).
PERSON_FIELDS = ("number", "name", "name_pinyin", "hidden")


@dataclass
class PersonLinks:
    """Row id -> person ids, by kind of event, and each linked person's shown fields."""

    rows: dict[str, dict[int, set[int]]]
    persons: dict[int, tuple]  # person id -> (number, name, name_pinyin, hidden)


def person_links(
    events: Iterable[tuple[int, EventPlaces]],
) -> PersonLinks:
    """The persons of every row of the events ``(tournament id, places)``: one query per
    kind of event, by event (a list of thousands of row ids would be as many SQL parameters:
    SQLite takes 32,766 at most), with the persons' fields joined in."""
    events_of: dict[str, list[int]] = {PAIRS: [], TEAMS: [], INDIVIDUALS: []}
    for tournament_id, places in events:
        events_of[places.kind].append(tournament_id)
    person = tuple(f"person__{name}" for name in PERSON_FIELDS)
    queries = {
        # Both players of a pair: the pair's place is each player's. A team's line-up pairs
        # are in a team event, never a pairs event, and have their member's person.
        PAIRS: Player.objects.filter(pair__tournament__in=events_of[PAIRS]).values_list(
            "pair_id", "person_id", *person
        ),
        TEAMS: TeamMember.objects.filter(team__tournament__in=events_of[TEAMS]).values_list(
            "pk", "person_id", *person
        ),
        INDIVIDUALS: Individual.objects.filter(tournament__in=events_of[INDIVIDUALS]).values_list(
            "pk", "person_id", *person
        ),
    }
    links = PersonLinks({PAIRS: {}, TEAMS: {}, INDIVIDUALS: {}}, {})
    for kind, rows in queries.items():
        if not events_of[kind]:
            continue
        for row, person_id, *fields in rows.exclude(person=None):
            links.rows[kind].setdefault(row, set()).add(person_id)
            links.persons[person_id] = tuple(fields)
    return links
