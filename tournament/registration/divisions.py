"""Divisions (A/B/C 分组) at registration: split an event's entries by rating into N events.

Vocabulary
----------
division
    One of N events made from a registration event: division A has the strongest entries
    (by rating, :func:`tournament.ratings.services.entry_strengths`), B the next, and so on;
    sizes as equal as they can be (the first divisions take one more).
proposal
    What the page shows before anything is written: the entries of each division, and a
    key of the entries and their strengths; the confirm carries the key, so a proposal
    that changed meanwhile (an entry added, a round locked elsewhere) is refused.

Decisions (docs/rules.md §19)
-----------------------------
- The app has no divisions inside one event (stages follow each other); a division is an
  event of its own: ``<slug>-a`` named "<name> A组", with every option of the registration
  event, its dates, venue and host, and copies of its active entries (names, units,
  phones, seeds, 会员号 and the persons they are linked to). The registration event is left
  as it is (its entries stay; the organizer may withdraw it or keep it as the list).
- All or nothing: one transaction; refused when the event has rounds, when a division's
  slug is taken, when a division would have fewer than 2 entries (4 players for an
  individual event), or when the proposal changed.
- Audited: each entry's registration in its division (the registration services' own
  lines), the divisions' creation, and one line on the registration event naming them.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.db import transaction

from rating.seeding import divisions as split
from rules.messages import Message
from tournament.core.actors import Actor
from tournament.core.audit import log_action
from tournament.core.errors import Refused
from tournament.core.identity import link_event
from tournament.core.stamps import public_changed
from tournament.events.services import tournament_create
from tournament.individuals.registration import IndividualData, individual_register
from tournament.models import Individual, Pair, Player, Team, TeamMember, Tournament
from tournament.ratings.services import entry_strengths
from tournament.registration.services import PairData, pair_register
from tournament.teams.registration import TeamData, team_register
from tournament.text.messages.audit import MSG_AUDIT_DIVISION_OF, MSG_AUDIT_DIVISIONS
from tournament.text.messages.ratings import (
    MSG_DIVISIONS_CHANGED,
    MSG_DIVISIONS_COUNT,
    MSG_DIVISIONS_SLUG,
    MSG_DIVISIONS_STARTED,
)

LETTERS = "ABCDEF"
MAX_DIVISIONS = len(LETTERS)
LOT_SEED = 0  # equal strengths: an order drawn from the event's pk and this


@dataclass(frozen=True)
class Division:
    letter: str
    slug: str
    name: str
    entries: list  # Pair | Team | Individual, strongest first
    strengths: list[float]

    @property
    def rows(self) -> list[tuple]:
        return list(zip(self.entries, self.strengths, strict=True))


def proposal(tournament: Tournament, count: int) -> list[Division]:
    """The divisions the confirm would make (reads only)."""
    smallest = 4 if tournament.is_individual_event else 2
    model = Team if tournament.is_team_event else Pair
    model = Individual if tournament.is_individual_event else model
    entries = {
        e.pk: e
        for e in model.objects.filter(tournament=tournament, status=model.ACTIVE).select_related(
            "unit"
        )
    }
    if not 2 <= count <= MAX_DIVISIONS or len(entries) < count * smallest:
        raise Refused(MSG_DIVISIONS_COUNT, max=MAX_DIVISIONS, min=smallest)
    strengths = {pk: s for pk, s in entry_strengths(tournament).items() if pk in entries}
    strengths.update({pk: 0.0 for pk in entries if pk not in strengths})
    parts = split(strengths, count, seed=tournament.pk * 1000 + LOT_SEED)
    return [
        Division(
            letter,
            f"{tournament.slug}-{letter.lower()}",
            f"{tournament.name} {letter}组",
            [entries[pk] for pk in part],
            [strengths[pk] for pk in part],
        )
        for letter, part in zip(LETTERS, parts, strict=False)
    ]


def proposal_key(divisions: list[Division]) -> str:
    """A short key of a proposal: its entries and their strengths, division by division."""
    text = repr([(d.letter, [e.pk for e in d.entries], d.strengths) for d in divisions])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@transaction.atomic
def make_divisions(tournament: Tournament, count: int, key: str, *, by: Actor) -> list:
    """Create the divisions' events with the entries copied; all or nothing."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.round_set.exists():
        raise Refused(MSG_DIVISIONS_STARTED)
    divisions = proposal(tournament, count)
    if proposal_key(divisions) != key:
        raise Refused(MSG_DIVISIONS_CHANGED)
    for d in divisions:
        if Tournament.objects.filter(slug=d.slug).exists():
            raise Refused(MSG_DIVISIONS_SLUG, slug=d.slug)
    made = []
    for d in divisions:
        event = _division_event(tournament, d, by)
        for entry in d.entries:
            _copy_entry(tournament, event, entry, by)
        link_event(event)
        log_action(
            tournament=event,
            by=by,
            action="ratings.division",
            obj=event,
            summary=Message(
                MSG_AUDIT_DIVISION_OF,
                {"name": tournament.name, "letter": d.letter, "n": len(d.entries)},
            ),
            after={"from": tournament.slug, "entries": [e.name for e in d.entries]},
        )
        made.append(event)
    log_action(
        tournament=tournament,
        by=by,
        action="ratings.divisions",
        obj=tournament,
        summary=Message(MSG_AUDIT_DIVISIONS, {"n": count, "events": [e.name for e in made]}),
        after={d.slug: [e.pk for e in d.entries] for d in divisions},
    )
    public_changed(tournament)
    return made


def _division_event(tournament: Tournament, d: Division, by: Actor) -> Tournament:
    fields = {
        name: getattr(tournament, name)
        for name in (
            *Tournament.OPTION_FIELDS,
            *("start_date", "end_date", "venue", "host", "tiebreaks", "award_tiers"),
            *("confirmation_required", "table_entry", "seed_by_rating", "print_language"),
        )
    }
    return tournament_create(
        organizer=tournament.organizer, by=by, name=d.name, slug=d.slug, **fields
    )


def _copy_entry(source: Tournament, event: Tournament, entry, by: Actor) -> None:
    """Register a copy of ``entry`` in ``event``, with its rows' persons and 会员号."""
    unit = entry.unit.name if entry.unit_id else ""
    if isinstance(entry, Individual):
        data = IndividualData(name=entry.name, unit=unit, phone=entry.phone, seed=entry.seed)
        new = individual_register(tournament=event, data=data, by=by)
        Individual.objects.filter(pk=new.pk).update(
            person=entry.person_id, member_no=entry.member_no
        )
    elif isinstance(entry, Team):
        members = list(entry.members.order_by("number"))
        playing = 2 * source.team_pairs
        data = TeamData(
            name=entry.name,
            unit=unit,
            players=tuple(m.name for m in members[:playing]),
            substitutes=tuple(m.name for m in members[playing:]),
            seed=entry.seed,
            phones={m.number: m.phone for m in members if m.phone},
        )
        new = team_register(tournament=event, data=data, by=by)
        for m in members:
            TeamMember.objects.filter(team=new, number=m.number).update(
                person=m.person_id, member_no=m.member_no
            )
    else:
        _copy_pair(event, entry, unit, by)


def _copy_pair(event: Tournament, pair: Pair, unit: str, by: Actor) -> None:
    players = {p.position: p for p in pair.players.all()}
    one, two = players.get(1), players.get(2)
    data = PairData(
        name=pair.name,
        unit=unit,
        player1=one.name if one else "",
        player2=two.name if two else "",
        phone1=one.phone if one else "",
        phone2=two.phone if two else "",
        seed=pair.seed,
    )
    new = pair_register(tournament=event, data=data, by=by)
    for position, p in players.items():
        Player.objects.filter(pair=new, position=position).update(
            person=p.person_id, member_no=p.member_no
        )
