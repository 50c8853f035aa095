"""One complete event of each competition system (docs/rules.md §13), from an empty database, through the web only.

The organizer creates the event and its staff accounts on the staff
page, adds the pairs (form or sign-up sheet), draws, pairs and publishes; the chief referee
starts, confirms and locks; the referee enters final levels, a deal-by-deal sheet and the foul
log; players enter or confirm through their side's slip link and PIN. Some rounds' results come
on the clerk's sheet instead (成绩录入表: downloaded blank, filled in, uploaded on the round's
导入成绩表 page), as at a venue where clerks collect the paper score sheets. The final standings and
the certificates PDF are checked against values worked out by hand from docs/rules.md §6, and every
page of the referee and player paths must fit a 390 px phone screen (see web_event.py for the
vocabulary: D1 … D8 are the pairs by draw number; the lower one wins unless said otherwise).
"""

from __future__ import annotations

import io
import re

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from tests.browser.conftest import login
from tests.browser.taps import rows, tap, text
from tests.browser.web_event import PAIRS, Event, levels, play_round, staff_pages
from tests.browser.web_players import (
    certificate_lines,
    player_confirms,
    player_enters,
    referee_confirms,
)

# Four whole events through the web take about 45 s: marked slow (still run in CI).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]
# The round pages' status polls, refused by the page itself (see ``crew``).
NO_POLLS = """(() => {
  const fetch = window.fetch;
  window.fetch = (url, init) => String(url).includes("/status.json")
    ? Promise.reject(new TypeError("status polls are off in this test"))
    : fetch(url, init);
})();"""


@pytest.fixture
def crew(live_server, phone):
    """The organizer (created on the command line: the web has no organizer sign-up)
    logged in, and pages for the chief referee and referee once the staff page made them."""
    call_command("add_organizer", "org", "--name", "组织者", stdout=io.StringIO())
    user = User.objects.get(username="org")
    user.set_password("pw-org-2026")
    user.save()

    def page(live: bool = False):
        # The round pages poll status.json every 8 s; the test's SQLite database (shared
        # cache) answers a poll that meets a write with "table is locked". The page's own
        # fetch refuses the poll (as a network error): a Playwright route would stop every
        # request of the page on its way, a quarter of the test's time. A ``live`` page
        # keeps its polls, but its timers are Playwright's clock, held once it has loaded
        # (:func:`hold_timers`): it polls when the test asks it to, between two saves.
        p = phone()
        if live:
            p.clock.install()
        else:
            p.add_init_script(NO_POLLS)
        # CI runs two workers on two cores: give a page more time than the phone default.
        p.set_default_timeout(40000)
        return p

    org = page()
    login(org, live_server.url, "org", "pw-org-2026")
    return live_server.url, org, page


def test_s_a_swiss_points26(crew):
    """S-A (docs/rules.md §13.1): 26-point Swiss, 3 rounds; a win by d levels scores 13 + d : 13 − d."""
    base, org, phone = crew
    e = Event(base, "sa", org, None, None, phone)
    e.create(
        "S-A 积分编排26分制",
        "swiss_points26",
        {"rounds": "3", "table_entry": True, "publish_pairings": True, "publish_standings": True},
    )
    staff_pages(e)
    # Two pairs through the form, the others on a sign-up sheet without units (the
    # certificates then name the pair alone).
    e.add_pairs(PAIRS[:2])
    e.import_pairs(PAIRS[2:], units=False)
    e.do_draw("2026")

    # Round 1: adjacent draw numbers, the lower one East–West (docs/rules.md §11.2).
    # Table 1 deal by deal: EW wins 1–2 four times (2→5→8→J→A) and once more at its own A:
    # passes A with NS still at 2, A+ : 2, d = 13: 26 : 0 (the same as levels(1, 2)).
    def by_sheet(table, ew, ns):
        e.sheet(1, table, [("东西胜", "二游（双下）")] * 5)

    assert play_round(e, 1, {1: by_sheet}) == [(1, 1, 2), (2, 3, 4), (3, 5, 6), (4, 7, 8)]

    # After round 1: D1 26, D3 19, D5 18, D7 15 (all sat EW); D8 11, D6 8, D4 7, D2 0 (NS).
    # Round 2 keeps 90 % of the pairs within ±1 EW/NS balance (pairing.swiss rule 3), so each
    # R1-EW pair meets an R1-NS pair, top against top: D1–D8, D3–D6, D5–D4, D7–D2.
    # D4–D5: the referee enters, the NS player confirms with the PIN of their slip;
    # D2–D7: the EW player enters through their slip, the referee confirms.
    def ref_then_player(table, ew, ns):
        e.enter(2, table, *levels(ew, ns))
        player_confirms(e, 2, table, "NS")

    def player_then_ref(table, ew, ns):
        player_enters(e, 2, table, "EW", *levels(ew, ns))
        referee_confirms(e, 2, table)

    special = {frozenset((4, 5)): ref_then_player, frozenset((2, 7)): player_then_ref}
    assert play_round(e, 2, special) == [(1, 8, 1), (2, 6, 3), (3, 4, 5), (4, 2, 7)]
    # After round 2 (26 : 0 for d = 13, 19 : 7 for d = 6, …): D1 52, D3 38, D5 27, D2 25,
    # D4 24, D7 16, D6 15, D8 11. Round 3 pairs neighbours in that order, none a rematch.
    # Round 3's results come on the clerk's sheet, uploaded by the referee.
    assert play_round(e, 3, clerk=True) == [(1, 1, 3), (2, 5, 2), (3, 4, 7), (4, 6, 8)]
    # A player looks up the published pairings, then (below) their pair's history.
    player = e.page()
    player.goto(e.url("pairings/3/"))

    # By hand, docs/rules.md §6 points26 (13 + d : 13 − d) per round:
    #   D1 26 + 26 + 26 = 78, 级差分 13 + 13 + 13 = 39    D2 0 + 25 + 25 = 50, −13 + 12 + 12 = 11
    #   D4 7 + 17 + 17 = 41, −6 + 4 + 4 = 2              D3 19 + 19 + 0 = 38, 6 + 6 − 13 = −1
    #   D6 8 + 7 + 16 = 31, −5 − 6 + 3 = −8              D5 18 + 9 + 1 = 28, 5 − 4 − 12 = −11
    #   D7 15 + 1 + 9 = 25, 2 − 12 − 4 = −14             D8 11 + 0 + 10 = 21, −2 − 13 − 3 = −18
    # 对手分 (sum of the opponents' points): D1 = D2 50 + D8 21 + D3 38 = 109;
    # D2 = 78 + 25 + 28 = 131; D4 = 38 + 28 + 25 = 91; D3 = 41 + 31 + 78 = 150;
    # D6 = 28 + 38 + 21 = 87; D5 = 31 + 41 + 50 = 122; D7 = 21 + 50 + 41 = 112;
    # D8 = 25 + 78 + 31 = 134.
    assert e.ranking(player, "名次", "积分", "级差分", "对手分") == [
        (1, "1", "78", "39", "109"),
        (2, "2", "50", "11", "131"),
        (4, "3", "41", "2", "91"),
        (3, "4", "38", "-1", "150"),
        (6, "5", "31", "-8", "87"),
        (5, "6", "28", "-11", "122"),
        (7, "7", "25", "-14", "112"),
        (8, "8", "21", "-18", "134"),
    ]
    tap(player, "a", e.draw[1])
    player.wait_for_url(re.compile(r"/team/\d+/$"))
    # Awards 一等奖 1, 二等奖 2, 三等奖 3 (the profile's tiers): six certificates.
    awards = ["一等奖", "二等奖", "二等奖", "三等奖", "三等奖", "三等奖"]
    order = [1, 2, 4, 3, 6, 5]
    assert certificate_lines(e.certificates()) == [
        (e.draw[d], place, award)
        for place, (d, award) in enumerate(zip(order, awards, strict=True), 1)
    ]
    e.all_pages_fit()


def test_s_b_swiss_match_points(crew):
    """S-B (docs/rules.md §13.2): 2/1/0 Swiss with 级差分, 3 rounds. A win by d levels is 2 : 0 and 级差分
    ±d; a forfeit and a three-fouls defeat are 2 : 0 and ±10 (docs/rules.md §6, §7)."""
    base, org, phone = crew
    e = Event(base, "sb", org, None, None, phone)
    e.create("S-B 胜2平1负0", "swiss_match_points", {"rounds": "3", "publish_standings": True})
    staff_pages(e)
    e.import_pairs(PAIRS)
    e.do_draw("2026")

    def forfeit(table, ew, ns):  # D8 (NS) does not come: D7 wins 2 : 0, +10 : −10
        e.enter(1, table, "", "", forfeit="NS")

    assert play_round(e, 1, {4: forfeit}) == [(1, 1, 2), (2, 3, 4), (3, 5, 6), (4, 7, 8)]

    def three_fouls(table, ew, ns):  # three delays (a foul each under docs/rules.md §7.1) by D8
        side = "EW" if ew == 8 else "NS"
        for _ in range(3):
            e.foul(2, table, side, "time_delay")
        # The third foul ends the match: the entry page shows the defeat as the result.
        assert f"{'东西' if side == 'EW' else '南北'}犯规3次判负" in text(e.ref, ".match-head")

    # After round 1: D1 +13, D7 +10 (forfeit), D3 +6, D5 +5; D6 −5, D4 −6, D8 −10, D2 −13.
    # As in S-A, R1-EW pairs meet R1-NS pairs top against top: D1–D6, D7–D4, D3–D8, D5–D2.
    r2 = play_round(e, 2, {frozenset((3, 8)): three_fouls})
    assert r2 == [(1, 6, 1), (2, 4, 7), (3, 8, 3), (4, 2, 5)]
    # After round 2: D1 4 +26, D3 4 +16, D7 2 +6, D2 2 −1, D4 2 −2, D5 2 −7, D6 0 −18,
    # D8 0 −20: neighbours meet, none a rematch.
    assert play_round(e, 3, clerk=True) == [(1, 1, 3), (2, 7, 2), (3, 4, 5), (4, 6, 8)]

    # By hand (2 a win; 级差分 ± the margin, ±10 for the forfeit and the three fouls):
    #   D1 WWW 6, 13 + 13 + 13 = 39      D2 LWW 4, −13 + 12 + 12 = 11
    #   D3 WWL 4, 6 + 10 − 13 = 3        D4 LWW 4, −6 + 4 + 4 = 2
    #   D7 WLL 2, 10 − 4 − 12 = −6       D5 WLL 2, 5 − 12 − 4 = −11
    #   D6 LLW 2, −5 − 13 + 3 = −15      D8 LLL 0, −10 − 10 − 3 = −23
    # 级差分, the first tiebreak, orders D2 > D3 > D4 and D7 > D5 > D6. 对手分: D1 = D2 4 +
    # D6 2 + D3 4 = 10; D2 = 6 + 2 + 2 = 10; D3 = 4 + 0 + 6 = 10; D4 = 4 + 2 + 2 = 8;
    # D7 = 0 + 4 + 4 = 8; D5 = 2 + 4 + 4 = 10; D6 = 2 + 6 + 0 = 8; D8 = 2 + 4 + 2 = 8.
    assert e.ranking(e.page(), "名次", "积分", "级差分", "对手分") == [
        (1, "1", "6", "39", "10"),
        (2, "2", "4", "11", "10"),
        (3, "3", "4", "3", "10"),
        (4, "4", "4", "2", "8"),
        (7, "5", "2", "-6", "8"),
        (5, "6", "2", "-11", "10"),
        (6, "7", "2", "-15", "8"),
        (8, "8", "0", "-23", "8"),
    ]
    # The award tiers of 《掼蛋比赛竞赛细则》 (docs/rules.md §10): 一等奖 1st, 二等奖 2nd–3rd, 三等奖 4th–6th.
    awards = ["一等奖", "二等奖", "二等奖", "三等奖", "三等奖", "三等奖"]
    assert certificate_lines(e.certificates()) == [
        (f"{e.draw[d]} · {e.draw[d][0]}单位", place, award)
        for place, (d, award) in enumerate(zip([1, 2, 3, 4, 7, 5], awards, strict=True), 1)
    ]
    e.all_pages_fit()


def test_s_c_rotation_hundred(crew):
    """S-C (docs/rules.md §13.3): groups of four, three rounds, 100 + level
    difference. A pass counts as A plus the upgrade of the deal that passed it (docs/rules.md §6):
    passed 1–3 (+2) = 14 against a pair at 5 (index 3): d = 11, 111 : 3 (the loser scores the
    levels it climbed); passed 1–2 (+3) = 15 against a pair still at 2: d = 15, 115 : 0."""
    base, org, phone = crew
    e = Event(base, "sc", org, None, None, phone)
    e.create("S-C 分组三轮移位", "rotation_hundred", {"publish_standings": True})
    staff_pages(e)
    e.import_pairs(PAIRS)
    e.do_draw("2026")

    def rotation(number):
        def enter(table, ew, ns):
            if {ew, ns} == {1, 2}:  # D1 passes A 1–2 while D2 is still at 2
                e.enter(number, table, "2", "A+", pass_how="2")
            elif ew < ns:
                e.enter(number, table, "A+", "5", pass_how="3")
            else:
                e.enter(number, table, "5", "A+", pass_how="3")

        return {table: enter for table in range(1, 5)}

    # Rounds 2 and 3 come on the clerk's sheet, whose 过A方式 column says how each pass was
    # won (written both ways a clerk may write 1–3).
    def on_the_sheet(ew, ns):
        return ("A+", "5", "1–3") if ew < ns else ("5", "A+", "三游")

    # Groups by draw number {D1–D4} and {D5–D8}; the pair listed first sits North–South.
    assert play_round(e, 1, rotation(1)) == [(1, 2, 1), (2, 4, 3), (3, 6, 5), (4, 8, 7)]
    assert play_round(e, 2, clerk=on_the_sheet) == [(1, 1, 3), (2, 4, 2), (3, 5, 7), (4, 8, 6)]
    assert play_round(e, 3, clerk=on_the_sheet) == [(1, 1, 4), (2, 3, 2), (3, 5, 8), (4, 7, 6)]

    # By hand: D1 115 + 111 + 111 = 337 (级差分 15 + 11 + 11 = 37); D5 3 × 111 = 333 (33);
    # D6 111 + 111 + 3 = 225 (11); D2 0 + 111 + 111 = 222 (−15 + 11 + 11 = 7);
    # D3 and D7 111 + 3 + 3 = 117 (−11), D4 and D8 3 × 3 = 9 (−33); 对手分 breaks those ties:
    # D3 = D4 9 + D1 337 + D2 222 = 568 > D7 = D8 9 + D5 333 + D6 225 = 567;
    # D4 = D3 117 + D2 222 + D1 337 = 676 > D8 = D7 117 + D6 225 + D5 333 = 675.
    player = e.page()
    assert e.ranking(player, "名次", "积分", "级差分", "对手分") == [
        (1, "1", "337", "37", "348"),
        (5, "2", "333", "33", "351"),
        (6, "3", "225", "11", "459"),
        (2, "4", "222", "7", "463"),
        (3, "5", "117", "-11", "568"),
        (7, "6", "117", "-11", "567"),
        (4, "7", "9", "-33", "676"),
        (8, "8", "9", "-33", "675"),
    ]
    # D1's own page (a player's path): round by round 115, 111, 111; 级差分 15, 11, 11.
    tap(player, "a", e.draw[1])
    player.wait_for_url(re.compile(r"/team/\d+/$"))
    history = rows(player, "table.table tbody tr")  # not the charts' hidden tables
    assert [(r[0], r[4], r[5], r[7]) for r in history] == [
        ("1", "115", "15", "115"),
        ("2", "111", "11", "226"),
        ("3", "111", "11", "337"),
    ]
    awards = ["一等奖", "二等奖", "二等奖", "三等奖", "三等奖", "三等奖"]
    assert certificate_lines(e.certificates()) == [
        (f"{e.draw[d]} · {e.draw[d][0]}单位", place, award)
        for place, (d, award) in enumerate(zip([1, 5, 6, 2, 3, 7], awards, strict=True), 1)
    ]
    e.all_pages_fit()


def test_s_d_swiss_then_knockout(crew):
    """S-D: two Swiss rounds (the knockout profile's 2/1/0 + 级差分), then the top 4 play a
    knockout, best of three games, with a third-place match (stage added on the stages page)."""
    base, org, phone = crew
    e = Event(base, "sd", org, None, None, phone)
    e.create(
        "S-D 积分编排后淘汰",
        "knockout",
        {"format": "staged", "rounds": "2", "games": "3", "publish_standings": True},
    )
    staff_pages(e)
    e.import_pairs(PAIRS)
    e.do_draw("2026")
    e.add_stage("knockout", 4)

    # Swiss round 1: D1 +13, D3 +6, D5 +5, D7 +2; D8 −2, D6 −5, D4 −6, D2 −13. Round 2 seats
    # each R1-EW pair against an R1-NS pair, top against top: D1–D8, D3–D6, D5–D4, D7–D2.
    assert play_round(e, 1) == [(1, 1, 2), (2, 3, 4), (3, 5, 6), (4, 7, 8)]
    assert play_round(e, 2, clerk=True) == [(1, 8, 1), (2, 6, 3), (3, 4, 5), (4, 2, 7)]
    # After the Swiss stage (points, 级差分):
    #   D1 4, 13 + 13 = 26   D3 4, 6 + 6 = 12   D5 2, 5 − 4 = 1   D2 2, −13 + 12 = −1
    #   D4 2, −6 + 4 = −2    D7 2, 2 − 12 = −10 D6 0, −5 − 6 = −11 D8 0, −2 − 13 = −15
    # Qualified: Q1 D1, Q2 D3, Q3 D5, Q4 D2; semi-finals Q1–Q4 and Q2–Q3.
    assert play_round(e, 3) == [(1, 1, 2), (2, 3, 5)]
    assert play_round(e, 4, clerk=True) == [(1, 2, 1), (2, 5, 3)]
    # D1 and D3 won 2–0: final D1–D3, third-place match D2–D5. D3 takes the final's game 1.
    assert play_round(e, 5, upset={1, 3}, clerk=True) == [(1, 1, 3), (2, 2, 5)]
    assert play_round(e, 6, clerk=True) == [(1, 3, 1), (2, 5, 2)]
    # 1–1 in the final: a third game; the third-place match is over (D2 2–0).
    assert play_round(e, 7) == [(1, 1, 3)]
    # Final ranking follows the bracket: champion D1, runner-up D3, third-place winner D2,
    # loser D5; then the pairs that did not qualify by their Swiss rank: D4, D7, D6, D8.
    # Points and 级差分 are the Swiss stage's alone (docs/rules.md §11.8: each stage ranks by
    # its own rules; the knockout decides the places, not the points): as after round 2.
    assert e.ranking(e.page(), "名次", "积分", "级差分") == [
        (1, "1", "4", "26"),
        (3, "2", "4", "12"),
        (2, "3", "2", "-1"),
        (5, "4", "2", "1"),
        (4, "5", "2", "-2"),
        (7, "6", "2", "-10"),
        (6, "7", "0", "-11"),
        (8, "8", "0", "-15"),
    ]
    awards = ["一等奖", "二等奖", "二等奖", "三等奖", "三等奖", "三等奖"]
    assert certificate_lines(e.certificates()) == [
        (f"{e.draw[d]} · {e.draw[d][0]}单位", place, award)
        for place, (d, award) in enumerate(zip([1, 3, 2, 5, 4, 7], awards, strict=True), 1)
    ]
    e.all_pages_fit()
