"""Two small events sharing players for the series tests: a pairs event (4 pairs) and a
team event (2 teams of 2 pairs and a substitute), one locked round each, with the persons
linked by 会员号 (tournament.core.identity.link_event)."""

from __future__ import annotations

from tests.app.teams.team_event import play_round
from tournament.core.actors import user_actor
from tournament.core.identity import link_event
from tournament.events.services import tournament_create
from tournament.models import Tournament
from tournament.registration.services import PairData, pair_register
from tournament.rounds.pairing import draw
from tournament.teams.registration import TeamData, team_register

NUMBERS = {"张三": "M1", "李四": "M2", "王五": "M3", "孙七": "M5"}
PAIRS = [
    ("一队", "张三", "李四"),
    ("二队", "王五", "赵六"),
    ("三队", "孙七", "周八"),
    ("四队", "吴九", "郑十"),
]
TEAMS = [
    ("甲队", ("张三", "王五", "钱一", "钱二"), ("钱三",)),
    ("乙队", ("李四", "孙七", "冯一", "冯二"), ("冯三",)),
]


# The pairs' strength: the stronger pair at a table wins, by its own margin, so that the
# places never hang on seats, lots or database ids: 二队 1st, 三队 2nd, 四队 3rd (lost by
# less), 一队 4th
# (二队 meets 一队 and 三队 meets 四队 in round 1: draw numbers 1–4 in this order).
DRAW = ["二队", "一队", "三队", "四队"]
WINS = {"二队": ("A+", "2"), "三队": ("K", "9")}  # (winner, loser) levels


def pair_levels(table) -> tuple[str, str]:
    ew, ns = table.ew.name, table.ns.name
    winner = ew if ew in WINS else ns
    levels = WINS[winner]
    return levels if winner == ew else levels[::-1]


def team_levels(table) -> tuple[str, str]:
    """甲队's pairs win both tables of the match."""
    return ("A+", "10") if table.ew.team.name == "甲队" else ("10", "A+")


def pairs_event(organizer, slug="spring") -> Tournament:
    by = user_actor(organizer)
    t = tournament_create(organizer=organizer, by=by, name=f"{slug}双人赛", slug=slug, rounds=3)
    for name, p1, p2 in PAIRS:
        data = PairData(
            name=name,
            unit="",
            player1=p1,
            player2=p2,
            member1=NUMBERS.get(p1, ""),
            member2=NUMBERS.get(p2, ""),
        )
        pair_register(tournament=t, data=data, by=by)
    link_event(t)  # registration links already: nothing left to link
    ids = {p.name: p.pk for p in t.pairs.all()}
    draw(t, seed=3, overrides={ids[name]: n for n, name in enumerate(DRAW, 1)}, by=by)
    play_round(t, organizer, pair_levels)
    return t


def team_event(organizer, slug="summer") -> Tournament:
    by = user_actor(organizer)
    t = tournament_create(
        organizer=organizer,
        by=by,
        name=f"{slug}团体赛",
        slug=slug,
        entry="teams",
        team_pairs=2,
        substitutes=1,
        rounds=3,
    )
    for name, players, subs in TEAMS:
        numbers = {i: NUMBERS[p] for i, p in enumerate(players + subs, 1) if p in NUMBERS}
        data = TeamData(name, "", players, subs, numbers=numbers)
        team_register(tournament=t, data=data, by=by)
    link_event(t)
    draw(t, seed=3, by=by)
    play_round(t, organizer, team_levels)
    return t
