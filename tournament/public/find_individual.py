"""Find my table in an individual event (个人赛): one entry per player, not per pair.

A player types their name (or pinyin, initials, unit) and finds their table, seat, partner
(``partner``) and opponents (``opponents``, and ``opponent`` the opposing partnership
"丙/丁"), or that they sit out the round (``bye``: the bye row of their own entry).
"""

from __future__ import annotations

from tournament.individuals.partnerships import individuals_of_pairs
from tournament.models import Individual, Round


def individual_entries(round_: Round) -> list[dict]:
    """Every player of the round (seated or sitting out) as a find-my-table entry."""
    from tournament.public.find_table import name_keys  # find_table imports this module

    tournament_id = round_.tournament_id
    people = {}
    fields = ("pk", "name", "name_pinyin", "unit__name", "unit__name_pinyin")
    for pk, name, stored, unit, unit_pinyin in Individual.objects.filter(
        tournament_id=tournament_id
    ).values_list(*fields):
        keys = name_keys(name, stored) + name_keys(unit or "", unit_pinyin or "")
        people[pk] = {"name": name, "sort": stored, "unit": unit or "", "keys": "\n".join(keys)}
    sides = individuals_of_pairs(round_.tournament)
    entries = []
    for table, ew, ns in round_.tables.values_list("number", "ew_id", "ns_id"):
        for pair, opponent, seat in ((ew, ns, "EW"), (ns, ew, "NS")):
            if pair is None:
                continue
            mine = sides.get(pair, ())
            theirs = [people[p]["name"] for p in sides.get(opponent, ())]
            for person in mine:
                entries.append(
                    _entry(people[person], table, seat, mine, people, theirs, ns is None)
                )
    entries.sort(key=lambda e: e["sort"])
    return entries


def _entry(me: dict, table, seat, side, people, theirs: list[str], bye: bool) -> dict:
    partner = [people[p]["name"] for p in side if people[p]["name"] != me["name"]]
    return {
        "team": me["name"],
        "team_id": None,
        "sort": me["sort"],
        "unit": me["unit"],
        "players": [],
        "keys": me["keys"],
        "table": None if bye else table,
        "seat": "" if bye else seat,
        "bye": bye,
        "opponent": "/".join(theirs),
        "partner": partner[0] if partner else "",
        "opponents": theirs,
    }
