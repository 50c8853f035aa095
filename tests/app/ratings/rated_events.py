"""Pairs events for the rating tests: registered through the service, linked to persons
(tournament.core.identity.link_event), drawn and played with the stronger pair (by a
hidden strength: the pair's index) winning every table."""

from __future__ import annotations

import datetime as dt

from tests.app.teams.team_event import play_round
from tournament.core.actors import user_actor
from tournament.core.identity import link_event
from tournament.events.services import tournament_create
from tournament.models import Pair, Tournament
from tournament.registration.services import PairData, pair_register
from tournament.rounds.pairing import draw

NAMES = ["赵一", "钱二", "孙三", "李四", "周五", "吴六", "郑七", "王八", "冯九", "陈十"]


def player(i: int) -> tuple[str, str]:
    """Player ``i``: a name and a phone (the same person in every event)."""
    return f"{NAMES[i % 10]}{i}", f"1380000{i:04d}"


def build_pairs_event(organizer, slug, couples, *, day=1, rounds=0, **options) -> Tournament:
    """``couples``: (i, j) player numbers per pair; pair "P<i>-<j>"."""
    by = user_actor(organizer)
    t = tournament_create(
        organizer=organizer,
        by=by,
        name=f"掼蛋赛{slug}",
        slug=slug,
        rounds=max(rounds, 1),
        start_date=dt.date(2026, 1, day),
        **options,
    )
    for i, j in couples:
        (n1, ph1), (n2, ph2) = player(i), player(j)
        data = PairData(name=f"P{i}-{j}", unit="", player1=n1, player2=n2, phone1=ph1, phone2=ph2)
        pair_register(tournament=t, data=data, by=by)
    link_event(t)
    draw(t, seed=11, by=by)
    for _ in range(rounds):
        play_round(t, organizer, stronger_wins)
    return t


def power(pair: Pair) -> int:
    """A pair's hidden strength: the sum of its players' numbers (higher is stronger)."""
    i, j = (int(x) for x in pair.name[1:].split("-"))
    return i + j


def stronger_wins(table) -> tuple[str, str]:
    return ("A+", "5") if power(table.ew) > power(table.ns) else ("5", "A+")
