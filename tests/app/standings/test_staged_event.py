"""A newcomer's whole event, worked by hand: 20 pairs of 6 units under the 竞赛细则 profile
(``swiss_match_points``: win 2, draw 1, loss 0; 级差分 ±d), four Swiss rounds, then the top
four play a knockout with a 三四名决赛 (docs/rules.md §11.8).

The Swiss pairings and results are written out below (pair numbers; the first pair sits
East–West); the knockout is paired by the app from the Swiss standings. Every expected number
was worked by hand from these tables, e.g.

- pair 1: drew 2 (10:10), beat 9 (K:6, d=7), beat 11 (A+:6, d=9), lost to 7 (10:A, d=4):
  points 1+2+2+0 = 5, 级差分 0+7+9−4 = 12, 对手分 3+5+4+8 (pairs 2, 9, 11, 7) = 20;
- pair 13: lost to 14 (K:A, d=1), drew 4 (J:J), beat 15 (K:6, d=7), beat 3 (A:8, d=6):
  points 5, 级差分 −1+0+7+6 = 12, 对手分 7+3+4+4 (pairs 14, 4, 15, 3) = 18;
- pair 6: beat 5 (A+:K, d=2), drew 14, beat 2 (A+:2, d=13), lost to 17 (Q:A, d=2):
  points 5, 级差分 13, 对手分 0+7+3+6 = 16.

Pairs 1 and 13 tie on points and 级差分; 对手分 20 against 18 puts 1 fifth. Counting the
knockout as rounds 5 and 6 (a bug since fixed) gave 14 two more points, so pair 13's 对手分
became 20 too and its last round (a win) put it fifth. Knockout: 6 beats 7 and 14 beats 17
(semi-finals), 6 beats 14 (final), 17 beats 7 (三四名决赛): places 6, 14, 17, 7 although pair
7 had the most Swiss points (8). Points shown stay the Swiss points: counting the knockout
would have shown the champion with 9 and pair 7 with 8.

Unit ranking (the best 2 pairs' points, docs/rules.md §10): 盱眙 = 7 (8) + 1 (5) = 13,
淮阴 = 14 (7) + 16 (5) = 12, 洪泽 = 6 (5) + 17 (6) = 11, 金湖 = 9 (5) + 19 (4) = 9,
涟水 = 13 (5) + 4 (3) = 8 (ranks 6 + 14 = 20), 清江浦 = 15 (4) + 3 (4) = 8 (ranks 10 + 11
= 21). With the knockout games counted 洪泽 had 9 + 8 = 17 and came first.
"""

from __future__ import annotations

import csv
import io
import re

import pytest
from pypdf import PdfReader

from rules.profiles import profile_options
from tournament.core.actors import user_actor
from tournament.events.services import tournament_create
from tournament.events.stages import stage_add
from tournament.models import Pair, Round, Staff, Table
from tournament.printing.makers import Request
from tournament.printing.registry import run
from tournament.results.checks import ResultValues
from tournament.results.services import confirm_result, submit_result
from tournament.rounds.lifecycle import lock_round, publish_round
from tournament.rounds.pairing import pair_next_round
from tournament.standings.selectors import standings_for

pytestmark = pytest.mark.django_db

UNITS = {
    "盱眙": (7, 1, 12),
    "洪泽": (6, 17, 8),
    "淮阴": (14, 16, 10),
    "涟水": (13, 4, 5),
    "金湖": (9, 19, 18, 2),
    "清江浦": (15, 3, 20, 11),
}
# Per round: (East–West pair, North–South pair, EW final level, NS final level), by table.
SWISS = [
    [
        (1, 2, "10", "10"),
        (3, 4, "A+", "K"),
        (5, 6, "K", "A+"),
        (7, 8, "A+", "2"),
        (9, 10, "J", "J"),
        (11, 12, "A+", "9"),
        (13, 14, "K", "A"),
        (15, 16, "A+", "Q"),
        (17, 18, "6", "A+"),
        (19, 20, "J", "A+"),
    ],
    [
        (7, 18, "K", "10"),
        (11, 20, "K", "9"),
        (15, 3, "6", "A+"),
        (6, 14, "J", "J"),
        (1, 9, "K", "6"),
        (2, 10, "A+", "K"),
        (13, 4, "J", "J"),
        (5, 16, "4", "K"),
        (19, 12, "A+", "3"),
        (17, 8, "A", "10"),
    ],
    [
        (7, 3, "A+", "4"),
        (11, 1, "6", "A+"),
        (2, 6, "2", "A+"),
        (14, 19, "A", "Q"),
        (16, 18, "9", "9"),
        (20, 17, "4", "A"),
        (15, 13, "6", "K"),
        (4, 10, "A", "5"),
        (9, 5, "K", "Q"),
        (8, 12, "9", "A+"),
    ],
    [
        (7, 1, "A", "10"),
        (6, 17, "Q", "A"),
        (14, 11, "A+", "3"),
        (3, 13, "8", "A"),
        (4, 16, "J", "A"),
        (18, 9, "5", "K"),
        (2, 19, "4", "K"),
        (20, 12, "K", "10"),
        (15, 10, "K", "2"),
        (5, 8, "K", "A+"),
    ],
]
# Final standings worked by hand: (place, pair, points, 级差分, 对手分), Swiss rounds only.
FINAL = [
    (1, 6, 5, 13, 16),
    (2, 14, 7, 15, 18),
    (3, 17, 6, 7, 14),
    (4, 7, 8, 31, 14),
    (5, 1, 5, 12, 20),
    (6, 13, 5, 12, 18),
    (7, 16, 5, 9, 10),
    (8, 9, 5, 2, 9),
    (9, 19, 4, 15, 16),
    (10, 15, 4, -2, 15),
    (11, 3, 4, -6, 20),
    (12, 20, 4, -7, 16),
    (13, 11, 4, -11, 18),
    (14, 4, 3, 4, 15),
    (15, 18, 3, -2, 24),
    (16, 2, 3, -20, 15),
    (17, 12, 2, -15, 14),
    (18, 8, 2, -21, 16),
    (19, 10, 1, -22, 15),
    (20, 5, 0, -14, 17),
]
UNIT_RANKING = [(1, "盱眙", 13), (2, "淮阴", 12), (3, "洪泽", 11), (4, "金湖", 9)]
UNIT_RANKING += [(5, "涟水", 8), (6, "清江浦", 8)]


def name(n: int) -> str:
    unit = next(u for u, members in UNITS.items() if n in members)
    return f"{unit}{n}号"


def export(tournament, kind, fmt, round_=None) -> list[list[str]]:
    out = io.BytesIO()
    run(Request(tournament, kind, fmt, round=round_), out)
    return list(csv.reader(io.StringIO(out.getvalue().decode("utf-8-sig"))))


def pdf_text(tournament, kind, round_=None) -> str:
    out = io.BytesIO()
    run(Request(tournament, kind, "pdf", round=round_), out)
    return "\n".join(page.extract_text() for page in PdfReader(out).pages)


def table_after(rows: list[list[str]], first: str) -> list[dict]:
    """The rows under the last header line starting with ``first``, as dicts."""
    start = max(i for i, r in enumerate(rows) if r and r[0] == first)
    header = rows[start]
    return [dict(zip(header, r, strict=False)) for r in rows[start + 1 :] if r and r[0]]


def settle(m: Table, values: ResultValues, referee, chief) -> None:
    m = submit_result(m, values, version=m.version, by=user_actor(referee))
    confirm_result(m, version=m.version, by=user_actor(chief))


def knockout_game(m: Table, winner: int, referee, chief) -> None:
    ew_wins = m.ew_id == winner
    levels = ("A+", "10") if ew_wins else ("10", "A+")
    settle(m, ResultValues(*levels, winner="EW" if ew_wins else "NS"), referee, chief)


def test_swiss_then_knockout_worked_by_hand(organizer, chief, referee, register):
    options = {**profile_options("swiss_match_points"), "format": "staged", "rounds": 4}
    t = tournament_create(
        organizer=organizer, slug="xuyi", name="县运会掼蛋", profile="swiss_match_points", **options
    )
    Staff.objects.create(tournament=t, user=chief, role=Staff.CHIEF_REFEREE)
    Staff.objects.create(tournament=t, user=referee, role=Staff.REFEREE)
    pk = {}
    for n in range(1, 21):
        unit = next(u for u, members in UNITS.items() if n in members)
        pk[n] = register(t, name(n), unit).pk
        Pair.objects.filter(pk=pk[n]).update(draw_number=n)
    number = {v: k for k, v in pk.items()}
    stage_add(
        t, kind="knockout", name="决赛阶段", rounds=2, qualify={"top": 4}, by=user_actor(None)
    )
    swiss = t.stages.get(kind="swiss")

    for index, tables in enumerate(SWISS, start=1):
        round_ = Round.objects.create(
            tournament=t, stage=swiss, number=index, status=Round.PUBLISHED
        )
        for table, (ew, ns, ew_level, ns_level) in enumerate(tables, start=1):
            m = Table.objects.create(round=round_, number=table, ew_id=pk[ew], ns_id=pk[ns])
            settle(m, ResultValues(ew_level, ns_level), referee, chief)
        lock_round(Round.objects.get(pk=round_.pk), by=user_actor(chief))

    # Semi-finals: the app seeds 7, 14, 17, 6 (the Swiss top four) as 7–6 and 14–17.
    semis = pair_next_round(t, by=user_actor(None))
    publish_round(semis, by=user_actor(organizer))
    games = {m.bracket_id: m for m in semis.tables.all()}
    assert {b: {number[m.ew_id], number[m.ns_id]} for b, m in games.items()} == {
        "R1-1": {7, 6},
        "R1-2": {14, 17},
    }
    knockout_game(games["R1-1"], pk[6], referee, chief)
    knockout_game(games["R1-2"], pk[14], referee, chief)
    lock_round(Round.objects.get(pk=semis.pk), by=user_actor(chief))

    # While the final is being played the four are on top, in their Swiss order.
    final_round = pair_next_round(t, by=user_actor(None))
    publish_round(final_round, by=user_actor(organizer))
    playing = [number[r.pair] for r in standings_for(t, after_round=5)]
    assert playing[:6] == [7, 14, 17, 6, 1, 13]
    games = {m.bracket_id: m for m in final_round.tables.all()}
    knockout_game(games["R2-1"], pk[6], referee, chief)
    knockout_game(games["3rd"], pk[17], referee, chief)
    lock_round(Round.objects.get(pk=final_round.pk), by=user_actor(chief))

    rows = standings_for(t, public=True)
    got = [(r.rank, number[r.pair], r.points, r.level_diff, r.values["opp_points"]) for r in rows]
    assert got == FINAL

    # The results notice of the last round: its standings section, as printed.
    # The results notice of the last round prints the same standings, and why each pair
    # is where it is: the bracket for places 2–4, the stage reached for place 5.
    text = pdf_text(t, "results", round_=6)
    lines = [line for line in text.splitlines() if re.match(r"\d+ \S+号 ", line)]
    assert len(lines) == 22  # the two tables of round 6, then the 20 ranked pairs
    for line, (place, n, points, level_diff, opp) in zip(lines[2:], FINAL, strict=True):
        assert line.startswith(f"{place} {name(n)} "), line
        assert f"号乙 {points} {level_diff:+d} {opp} 0 " in line, line
    assert [line.split()[-1] for line in lines[3:7]] == ["淘汰赛名次"] * 3 + ["晋级阶段"]

    units = table_after(export(t, "units", "csv"), "名次")
    assert [(int(r["名次"]), r["单位"], int(r["得分"])) for r in units] == UNIT_RANKING
