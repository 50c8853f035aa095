"""Each profile end to end through the app's services: the documents' numbers come out.

- rotation_hundred: a pair that passes A with 双下 every round scores 345 = 3 × 115
  (《扑克牌（掼蛋）比赛规则》, docs/rules.md §6.3: "三轮得分的总和即为总得分。最高分：345分");
- swiss_match_points: three fouls in the log lose the round 2:0, 级差分 +10:-10 (docs/rules.md §7.3),
  and the same log under swiss_points26 loses nothing;
- knockout: equal levels at time, the pair 台下 advances (docs/rules.md §5.3).
"""

from __future__ import annotations

import pytest

from rules.profiles import profile_options
from tournament.core.actors import user_actor
from tournament.events.services import tournament_create
from tournament.events.stages import update_bracket
from tournament.models import Round, Staff, Table
from tournament.results.checks import check_result, result_from_deals
from tournament.results.fouls import record_foul
from tournament.results.services import confirm_result, save_scoresheet, submit_result
from tournament.rounds.lifecycle import lock_round, publish_round
from tournament.rounds.pairing import draw, pair_next_round
from tournament.standings.selectors import ruleset, standings_for

pytestmark = pytest.mark.django_db


def _event(organizer, chief, referee, profile: str, slug: str):
    t = tournament_create(
        organizer=organizer, slug=slug, name=slug, **profile_options(profile), profile=profile
    )
    Staff.objects.create(tournament=t, user=chief, role=Staff.CHIEF_REFEREE)
    Staff.objects.create(tournament=t, user=referee, role=Staff.REFEREE)
    return t


def _enter(m, values, referee, chief):
    m = submit_result(m, values, version=m.version, by=user_actor(referee))
    confirm_result(m, version=m.version, by=user_actor(chief))


def test_rotation_hundred_reaches_345(organizer, chief, referee, register):
    t = _event(organizer, chief, referee, "rotation_hundred", "rot")
    pairs = [register(t, f"队{i}") for i in range(1, 5)]
    draw(t, seed=3, by=user_actor(None))
    star = pairs[0].pk
    for _ in range(3):
        r = pair_next_round(t, by=user_actor(None))
        publish_round(r, by=user_actor(organizer))
        for m in r.tables.exclude(ns=None):
            star_side = "EW" if m.ew_id == star else "NS" if m.ns_id == star else "EW"
            levels = ("A+", "2") if star_side == "EW" else ("2", "A+")
            # Final levels as the referee enters them, with how the pass was won: 1–2.
            values = check_result(
                ruleset(t), ew_level=levels[0], ns_level=levels[1], pass_partner="2"
            )
            _enter(m, values, referee, chief)
        lock_round(Round.objects.get(pk=r.pk), by=user_actor(chief))
    rows = {row.pair: row for row in standings_for(t, public=True)}
    assert rows[star].points == 345


@pytest.mark.parametrize(
    ("profile", "expected"),
    [("swiss_match_points", (2, 0, 10, -10)), ("swiss_points26", (13, 13, 0, 0))],
)
def test_three_fouls_lose_the_round_only_under_swiss_match_points(
    organizer, chief, referee, register, profile, expected
):
    t = _event(organizer, chief, referee, profile, "sb")
    for i in range(1, 3):
        register(t, f"队{i}")
    draw(t, seed=1, by=user_actor(None))
    r = pair_next_round(t, by=user_actor(None))
    publish_round(r, by=user_actor(organizer))
    m = r.tables.get(number=1)
    for kind in ("time_delay", "signalling", "other"):
        record_foul(
            Table.objects.get(pk=m.pk),
            side="NS",
            kind=kind,
            severity="foul",
            by=user_actor(referee),
        )
    m = Table.objects.get(pk=m.pk)
    if profile == "swiss_points26":  # no defeat: the table still needs its levels
        assert (m.ns_fouls, m.defeat_side) == (3, "")
        m = submit_result(
            m,
            check_result(ruleset(t), ew_level="7", ns_level="7", ns_fouls=3),
            version=m.version,
            by=user_actor(referee),
        )
    confirm_result(m, version=m.version, by=user_actor(chief))
    rows = {row.pair: row for row in standings_for(t, public=False)}
    ew, ns = rows[m.ew_id], rows[m.ns_id]
    assert (ew.points, ns.points, ew.level_diff, ns.level_diff) == expected


def test_a_knockout_tie_at_time_goes_to_the_pair_downstage(organizer, chief, referee, register):
    t = _event(organizer, chief, referee, "knockout", "ko")
    for i in range(1, 5):
        register(t, f"队{i}")
    draw(t, seed=2, by=user_actor(None))
    r = pair_next_round(t, by=user_actor(None))
    publish_round(r, by=user_actor(organizer))
    winners = []
    for m in r.tables.exclude(ns=None).order_by("number"):
        # EW climbs to 5 first (1–2), NS catches up to 5 with the last deal: time.
        sheet = [{"win": "EW", "partner": 2}, {"win": "NS", "partner": 2}, {"time": True}]
        assert result_from_deals(ruleset(t), sheet).winner == "EW"
        m = save_scoresheet(m, sheet, version=m.version, by=user_actor(referee))
        confirm_result(m, version=m.version, by=user_actor(chief))
        winners.append(m.ew_id)
    bracket = update_bracket(t, t.stages.get())
    assert [m.winner for m in bracket.rounds[0]] == winners  # 台下 (EW here) advanced
    assert {bracket.final.ew, bracket.final.ns} == set(winners)
