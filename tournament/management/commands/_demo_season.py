"""The demo's season (``load_demo --season``; ``guandan demo`` loads it): two finished pairs
events of one league, whose players meet again, so the association's pages have something
to show: a player's page across events, the series standings, the ratings.

Forty players, the first twenty-four with a 会员号 and the rest with a mobile number: the
identity rule (docs/rules.md §18) finds each of them again in the second event, where the
partnerships are new. Results come from hidden strengths with a seeded random generator,
so every run of the demo plays the same season.
"""

from __future__ import annotations

import csv
import io
import random
from datetime import date

from tournament.core.actors import Actor, user_actor
from tournament.events.services import tournament_create
from tournament.models import Table, Tournament
from tournament.models.result_values import ResultValues
from tournament.registration.services import pairs_import
from tournament.results.services import confirm_result, submit_result
from tournament.rounds.lifecycle import lock_round, publish_round
from tournament.rounds.pairing import draw, pair_next_round
from tournament.series.services import series_add, series_create

SERIES_SLUG = "demo-league"
EVENTS = (
    ("demo-season-1", "2026江淮掼蛋联赛·第一站（演示）", date(2026, 10, 10), "city"),
    ("demo-season-2", "2026江淮掼蛋联赛·第二站（演示）", date(2026, 11, 14), "province"),
)
SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗"
GIVEN = ["建国", "秀英", "志强", "丽娟", "海燕", "晓明", "春花", "国庆", "玉兰", "德华"]
UNITS = ("鼓楼区掼蛋俱乐部", "扬州市体育总会", "淮安市棋牌协会", "合肥市掼蛋俱乐部")
VENUE = "南京市体育馆"
HOST = "江苏省掼蛋协会（演示）"
LEVELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
HEADER = ("队名", "单位", "选手1", "选手1会员号", "选手2", "选手2会员号", "电话", "电话2")


def _players() -> list[tuple[str, str, str, float]]:
    """(name, 会员号, phone, hidden strength) of the league's forty players."""
    rng = random.Random(2026)
    players = []
    for i in range(40):
        name = SURNAMES[i % 20] + GIVEN[(i + 3 * (i // 20)) % 10]  # forty names
        number = f"JH{i + 1:04d}" if i < 24 else ""
        phone = "" if number else f"139{i:08d}"
        players.append((name, number, phone, rng.gauss(0, 1)))
    return players


def _sheet(players, order: list[int]) -> bytes:
    """A registration sheet of 16 pairs: the players at ``order``, two by two."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(HEADER)
    for n in range(16):
        a, b = players[order[2 * n]], players[order[2 * n + 1]]
        unit = UNITS[order[2 * n] % len(UNITS)]
        name = f"{a[0]}/{b[0]}"
        writer.writerow((name, unit, a[0], a[1], b[0], b[1], a[2], b[2]))
    return out.getvalue().encode("utf-8")


def _play(tournament: Tournament, strengths: dict[str, float], rng, by: Actor) -> None:
    """Play every round: the stronger side (by its players' strengths and luck) passes A."""
    draw(tournament, seed=rng.randrange(1_000_000), by=by)
    for _ in range(tournament.rounds):
        round_ = pair_next_round(tournament, by=by)
        publish_round(round_, by=by)
        for table in Table.objects.filter(round=round_).exclude(ns=None).order_by("number"):
            ew = sum(strengths[p.name] for p in table.ew.players.all())
            ns = sum(strengths[p.name] for p in table.ns.players.all())
            loser = rng.choice(LEVELS)
            ew_wins = ew + rng.gauss(0, 1.5) > ns
            values = ResultValues("A+", loser) if ew_wins else ResultValues(loser, "A+")
            table = submit_result(table, values, version=None, by=by)
            confirm_result(table, version=None, by=by)
        round_.refresh_from_db()
        lock_round(round_, by=by)


def load_season(organizer) -> str:
    """Create and play the season's two events and their series (the organizer entering
    and confirming every table); return the series' name."""
    by = user_actor(organizer)
    players = _players()
    strengths = {name: strength for name, _, _, strength in players}
    rng = random.Random(7)
    series = series_create(
        slug=SERIES_SLUG,
        name="2026江淮掼蛋联赛（演示）",
        by_user=organizer,
        host=HOST,
        best_n=2,
        published=True,
    )
    orders = [list(range(32)), rng.sample(range(8, 40), 32)]
    for (slug, name, day, event_class), order in zip(EVENTS, orders, strict=True):
        tournament = tournament_create(
            organizer=organizer,
            by=by,
            slug=slug,
            name=name,
            venue=VENUE,
            host=HOST,
            start_date=day,
            end_date=day,
            rounds=5,
            publish_pairings=True,
            publish_standings=True,
        )
        pairs_import(tournament=tournament, data=_sheet(players, order), filename="联赛.csv", by=by)
        _play(tournament, strengths, rng, by)
        series_add(series=series, event_slug=slug, event_class=event_class, by=by)
    return series.name
