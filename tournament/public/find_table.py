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

The index of a round is built once per public stamp (:mod:`tournament.core.page_cache`): the
entries and a suffix array of their keys (:mod:`tournament.public.find_index`), so a search
reads the entries that match and no other.
"""

from __future__ import annotations

from tournament.core.normalize import search_key
from tournament.core.page_cache import cached_per_stamp
from tournament.models import Pair, Player, Round, Tournament
from tournament.public.find_index import FindIndex
from tournament.public.find_individual import individual_entries
from tournament.public.find_team import bench_entries, team_fields, team_index
from tournament.text.pinyin import pinyin_initials, pinyin_key

MAX_RESULTS = 30  # a search answer stays a few KB even for a one-letter query
QUERY_MAX = 50


def name_keys(name: str, stored_pinyin: str = "") -> list[str]:
    """The name, its pinyin and its initials, each spelling (see the module's vocabulary)."""
    if not name:
        return []
    return [search_key(name), search_key(stored_pinyin or pinyin_key(name)), *pinyin_initials(name)]


def _pairs(tournament_id: int) -> dict[int, dict]:
    """Each pair of the event as plain data with its search keys (plain rows: fast)."""
    players: dict[int, list[tuple[str, str]]] = {}
    rows = Player.objects.filter(pair__tournament_id=tournament_id).order_by("pair_id", "position")
    for pair_id, name, stored in rows.values_list("pair_id", "name", "name_pinyin"):
        players.setdefault(pair_id, []).append((name, stored))
    fields = ("pk", "name", "name_pinyin", "unit__name", "unit__name_pinyin")
    pairs = {}
    for pk, name, stored, unit, unit_pinyin in Pair.objects.filter(
        tournament_id=tournament_id
    ).values_list(*fields):
        names = players.get(pk, [])
        keys = name_keys(name, stored)
        for player, player_pinyin in names:
            keys += name_keys(player, player_pinyin)
        keys += name_keys(unit or "", unit_pinyin or "")
        pairs[pk] = {
            "team": name,
            "team_id": pk,
            "sort": stored,
            "unit": unit or "",
            "players": [player for player, _ in names],  # joined per language by the view
            "keys": "\n".join(keys),  # a query has no newline, so it never spans two keys
        }
    return pairs


def build_index(round_: Round, *, teams: bool = False) -> list[dict]:
    """Every pair of the round as an entry, in pinyin order of the pair's name; in a team
    event (``teams``) also every roster member not in this round's line-up (a substitute)."""
    pairs = _pairs(round_.tournament_id)
    index = team_index(round_.tournament_id) if teams else None
    entries = []
    rows = round_.tables.values_list("number", "ew_id", "ns_id", "team_match")
    for table, ew, ns, match in rows:
        for pair, opponent, seat in ((ew, ns, "EW"), (ns, ew, "NS")):
            if pair is None:
                continue
            entry = pairs[pair] | {
                "table": table,
                "seat": seat,
                "bye": ns is None,
                "opponent": pairs[opponent]["team"] if opponent is not None else "",
            }
            if index is not None:
                entry |= team_fields(index, pair, opponent, match)
            entries.append(entry)
    if index is not None:
        entries += bench_entries(index, rows)
    entries.sort(key=lambda e: e["sort"])
    return entries


def round_index(tournament: Tournament, round_: Round) -> FindIndex:
    """The round's index, computed once per public stamp (pairings change only with it)."""
    return cached_per_stamp(
        tournament,
        "find-index",
        lambda: FindIndex(
            individual_entries(round_)
            if tournament.is_individual_event
            else build_index(round_, teams=tournament.is_team_event)
        ),
        round_.pk,
        public=True,
        in_process=True,
    )


def search(index: FindIndex, query: str) -> tuple[list[dict], int]:
    """The entries matching ``query`` (at most :data:`MAX_RESULTS`, in the index's order)
    and how many matched."""
    places, total = search_places(index, query)
    return [index.entries[i] for i in places], total


def search_places(index: FindIndex, query: str) -> tuple[list[int], int]:
    """:func:`search`'s entries as their places in the index."""
    q = search_key(query[:QUERY_MAX])
    if not q:
        return [], 0
    places = index.matching(q)
    return places[:MAX_RESULTS], len(places)
