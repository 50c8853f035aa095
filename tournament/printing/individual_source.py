"""The database side of an individual event's printouts (个人赛): the players and their seats.

A table of an individual event is a pairs table between two partnerships ("甲/乙", player 1
East or South, player 2 West or North); a sit-out is a bye row of the player's own entry
(:mod:`tournament.individuals.partnerships`). Here each table is read back as the four
players in their seats, so a player finds their table, seat and partner. The standings are
:func:`tournament.individuals.standings.individual_standings_for` as they come.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.utils.translation import gettext_noop

from tournament.individuals.standings import individual_standings_for
from tournament.models import Individual, Tournament
from tournament.printing.data import PrintedPair, PrintedTable
from tournament.text.pinyin import name_sort_key

SEATS = {  # a side → the seat of its player 1 and of its player 2 (translated where drawn)
    "EW": (gettext_noop("东"), gettext_noop("西")),
    "NS": (gettext_noop("南"), gettext_noop("北")),
}


def load_individuals(tournament: Tournament, *, by_own: bool = False) -> dict[int, PrintedPair]:
    """Every player of the event by individual id, in name order, as a one-player
    :class:`PrintedPair` (so a status mark and a registration row read as a pair's);
    ``by_own``: by the id of the player's own entry (check-in is written against it)."""
    rows = Individual.objects.filter(tournament=tournament).values(
        "pk", "own_id", "name", "name_pinyin", "unit__name", "draw_number", "status", "phone"
    )
    out = {}
    for row in sorted(rows, key=lambda r: (name_sort_key(r["name"]), r["name"])):
        key = row["own_id"] if by_own else row["pk"]
        out[key] = PrintedPair(
            id=key,
            name=row["name"],
            unit=row["unit__name"] or "",
            players=(row["name"],),
            pinyin=row["name_pinyin"],
            draw_number=row["draw_number"],
            status=row["status"],
            phones=(row["phone"],) if row["phone"] else (),
        )
    return out


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's place in a round: table (None: sits out), seat and partner."""

    player: PrintedPair
    table: int | None
    side: str  # "EW", "NS", or "" for a sit-out
    seat: str  # 东/西/南/北 (msgid), or "" for a sit-out
    partner: PrintedPair | None


def side_players(
    pair: PrintedPair | None,
    people: Mapping[int, tuple[int, ...]],
    players: Mapping[int, PrintedPair],
) -> tuple[PrintedPair, ...]:
    """The players a partnership (or an own entry) names, in seat order."""
    if pair is None:
        return ()
    return tuple(players[p] for p in people.get(pair.id, ()) if p in players)


def round_seats(
    tables: Iterable[PrintedTable],
    people: Mapping[int, tuple[int, ...]],
    players: Mapping[int, PrintedPair],
) -> list[Seat]:
    """Every player of the round once, in pinyin order of the name."""
    seats = []
    for t in tables:
        if t.is_bye:
            seats += [Seat(p, None, "", "", None) for p in side_players(t.ew, people, players)]
            continue
        for side, pair in (("EW", t.ew), ("NS", t.ns)):
            both = side_players(pair, people, players)
            for i, p in enumerate(both):
                partner = both[1 - i] if len(both) == 2 else None
                seats.append(Seat(p, t.table, side, SEATS[side][min(i, 1)], partner))
    seats.sort(key=lambda s: (name_sort_key(s.player.name), s.player.name))
    return seats


def points_before(tournament: Tournament, number: int, *, public: bool) -> dict[int, int]:
    """Each player's points before round ``number`` (from the players' standings)."""
    rows = individual_standings_for(tournament, after_round=number - 1, public=public)
    return {row.player: row.points for row in rows}
