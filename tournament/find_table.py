"""Find my table (查找我的台号): a server-side search of one round's pairings.

Vocabulary
----------
entry
    One pair of the round as the search shows it: the pair, its players and unit, its
    table and seat (or a bye) and its opponent. Plain data, so it caches well.
keys
    What a query is matched against, for the pair's name, each player's name and the
    unit's name: the name itself, its full pinyin without tones, and its initials, all
    lower case without spaces. "诸葛", "zhuge" and "zgl" all find 诸葛亮.

The index of a round is built once per public stamp (:mod:`tournament.computed`); a search
is then a scan of a few thousand short strings.
"""

from __future__ import annotations

import re

from tournament.computed import computed
from tournament.models import Match, Player, Round, Tournament
from tournament.pinyin import pinyin_initials, pinyin_key

MAX_RESULTS = 30  # a search answer stays a few KB even for a one-letter query
QUERY_MAX = 50
_SPACES = re.compile(r"\s+")


def normalise(text: str) -> str:
    """Lower case without any whitespace: how both queries and keys are compared."""
    return _SPACES.sub("", text).lower()


def name_keys(name: str, stored_pinyin: str = "") -> list[str]:
    """The name, its pinyin and its initials (see the module's vocabulary)."""
    if not name:
        return []
    return [
        normalise(name),
        normalise(stored_pinyin or pinyin_key(name)),
        normalise(pinyin_initials(name)),
    ]


def _entry(match: Match, seat: str, players: dict[int, list[tuple[str, str]]]) -> dict:
    team, opponent = (match.ew, match.ns) if seat == "EW" else (match.ns, match.ew)
    names = players.get(team.pk, [])
    unit = team.unit.name if team.unit_id else ""
    keys = name_keys(team.name, team.name_pinyin)
    for name, stored in names:
        keys += name_keys(name, stored)
    if team.unit_id:
        keys += name_keys(unit, team.unit.name_pinyin)
    return {
        "team": team.name,
        "team_id": team.pk,
        "sort": team.name_pinyin,
        "players": "、".join(name for name, _ in names),
        "unit": unit,
        "table": match.table,
        "seat": seat,
        "opponent": opponent.name if opponent is not None else "",
        "bye": match.ns_id is None,
        "keys": "\n".join(keys),  # a query has no newline, so it never spans two keys
    }


def build_index(round_: Round) -> list[dict]:
    """Every pair of the round as an entry, in pinyin order of the pair's name."""
    matches = list(round_.matches.select_related("ew__unit", "ns__unit"))
    team_ids = [m.ew_id for m in matches] + [m.ns_id for m in matches if m.ns_id]
    players: dict[int, list[tuple[str, str]]] = {}
    rows = Player.objects.filter(team_id__in=team_ids).order_by("team_id", "position")
    for team_id, name, stored in rows.values_list("team_id", "name", "name_pinyin"):
        players.setdefault(team_id, []).append((name, stored))
    entries = [_entry(m, "EW", players) for m in matches]
    entries += [_entry(m, "NS", players) for m in matches if m.ns_id is not None]
    entries.sort(key=lambda e: e["sort"])
    return entries


def round_index(tournament: Tournament, round_: Round) -> list[dict]:
    """The round's index, computed once per public stamp (pairings change only with it)."""
    return computed(
        tournament, "find", lambda: build_index(round_), round_.pk, public=True, in_process=True
    )


def search(entries: list[dict], query: str) -> tuple[list[dict], int]:
    """The entries matching ``query`` (at most :data:`MAX_RESULTS`) and how many matched."""
    q = normalise(query[:QUERY_MAX])
    if not q:
        return [], 0
    found = [e for e in entries if q in e["keys"]]
    return found[:MAX_RESULTS], len(found)
