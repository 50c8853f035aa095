"""Find my table in a team event (团体赛): what :mod:`tournament.public.find_table` adds.

A player's entry also names their team (``squad``), the team match (``match``, its number
in the round) and the opposing team (``vs_team``). A roster member who plays in none of
the round's pairs (a substitute, or a player the line-up left out) gets an entry of their
own (``bench``): their team's tables (``tables``, "3–4") and no seat.
"""

from __future__ import annotations

from collections import defaultdict

from tournament.models import Player, Team, TeamMember


def team_index(tournament_id: int) -> dict:
    """The event's teams, which team each pair is, who plays in each pair, and the roster."""
    from tournament.public.find_table import name_keys  # find_table imports this module

    teams = {}
    fields = ("pk", "name", "name_pinyin", "unit__name", "unit__name_pinyin")
    for pk, name, stored, unit, unit_pinyin in Team.objects.filter(
        tournament_id=tournament_id
    ).values_list(*fields):
        keys = name_keys(name, stored) + name_keys(unit or "", unit_pinyin or "")
        teams[pk] = {"name": name, "unit": unit or "", "keys": keys}
    players = Player.objects.filter(pair__tournament_id=tournament_id)
    pair_team, playing = {}, defaultdict(set)
    for pair_id, team_id, member_id in players.values_list("pair_id", "pair__team_id", "member_id"):
        pair_team[pair_id] = team_id
        playing[pair_id].add(member_id)
    roster = TeamMember.objects.filter(team__tournament_id=tournament_id).order_by("team", "number")
    members = list(roster.values_list("pk", "team_id", "name", "name_pinyin"))
    return {"teams": teams, "pair_team": pair_team, "playing": playing, "members": members}


def team_fields(index: dict, pair: int, opponent: int | None, match: int | None) -> dict:
    """A pair's entry's team, team match and opposing team."""
    team = index["teams"].get(index["pair_team"].get(pair), {})
    other = index["teams"].get(index["pair_team"].get(opponent), {})
    return {
        "squad": team.get("name", ""),
        "match": match,
        "vs_team": other.get("name", ""),
        "bench": False,
        "tables": "",
    }


def _runs(numbers: list[int]) -> str:
    """3, 4 → "3–4"; one table → "3"."""
    if not numbers:
        return ""
    low, high = min(numbers), max(numbers)
    return str(low) if low == high else f"{low}–{high}"


def bench_entries(index: dict, rows) -> list[dict]:
    """One entry per roster member of a team playing this round who is in none of its
    pairs at the round's tables."""
    from tournament.public.find_table import name_keys

    seen: dict[int, dict] = {}  # team id → its tables, match, opponent, members playing
    for table, ew, ns, match in rows:
        for pair, opponent in ((ew, ns), (ns, ew)):
            team = index["pair_team"].get(pair)
            if pair is None or team is None:
                continue
            found = seen.setdefault(team, {"tables": [], "match": match, "vs": None, "in": set()})
            found["in"] |= index["playing"].get(pair, set())
            if table is not None:
                found["tables"].append(table)
            found["vs"] = index["pair_team"].get(opponent)
    entries = []
    for member_id, team_id, name, stored in index["members"]:
        found = seen.get(team_id)
        if found is None or member_id in found["in"]:
            continue
        team = index["teams"][team_id]
        other = index["teams"].get(found["vs"], {})
        entries.append(
            {
                "team": team["name"],
                "team_id": None,
                "sort": stored,
                "unit": team["unit"],
                "players": [name],
                "keys": "\n".join(name_keys(name, stored) + team["keys"]),
                "table": None,
                "seat": "",
                "bye": not found["tables"],
                "opponent": "",
                "squad": team["name"],
                "match": found["match"],
                "vs_team": other.get("name", ""),
                "bench": True,
                "tables": _runs(found["tables"]),
            }
        )
    return entries
