"""A whole team event (团体赛, docs/rules.md §16) through the web, as its people use it.

The organizer creates the event (团体赛, 2 pairs a team) and its staff, imports eight teams
from a unit's sheet, draws, pairs, changes a team's line-up before publishing round 1 (a
substitute plays), publishes; the referee enters every table on the phone, one pair does not
come (its table forfeited), the chief referee settles a dispute, confirms and locks. A team
withdraws after round 2, so rounds 3 and 4 have a team bye. The team standings and the best
pairs are checked against the numbers worked by hand below, and the PDFs are read back.

Vocabulary: T1 … T8 are the teams by draw number (read back from the draw page). At every
table the pair of the team with the LOWER draw number wins, passing A (A+) and leaving the
other at ``LOSER_LEVEL`` of the winning team: 13 + d : 13 − d in the 26-point system
(docs/rules.md §6.1), d = 13 − the loser's level index. A team match is then won 2 : 0 in
tables, so every team match's points and totals follow from who met whom.
"""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from tests.browser.taps import (
    pick,
    rows,
    set_checked,
    tap,
    text,
    texts,
    type_in,
    wait_shown,
    wait_text,
)
from tests.browser.test_four_events import crew  # noqa: F401
from tests.browser.web_event import Event, staff_pages
from tournament.models import Team

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

# The winner T_w leaves its opponent at this level: d = 13 − index (2 → 0, …, A → 12).
LOSER_LEVEL = {1: "2", 2: "3", 3: "9", 4: "J", 5: "10", 6: "Q", 7: "K", 8: "A"}
MARGIN = {1: 13, 2: 12, 3: 6, 4: 4, 5: 5, 6: 3, 7: 2, 8: 1}
CITIES = ["金陵", "广陵", "淮阴", "姑苏", "庐州", "鸠兹", "彭城", "崇川"]
HEADERS = "队名,单位,组合1选手1,组合1选手2,组合2选手1,组合2选手2,替补1,替补2"


def sheet() -> bytes:
    lines = [HEADERS]
    for city in CITIES:
        players = [f"{city}{n}号" for n in range(1, 5)]
        lines.append(f"{city}队,{city}市掼蛋协会,{','.join(players)},{city}替补,")
    return "\n".join(lines).encode()


class TeamEvent(Event):
    """:class:`Event` for teams: ``draw`` maps draw numbers to team names."""

    def create_teams(self, name: str, settings: dict) -> None:
        page = self.org
        page.goto(self.base + "/t/new/")
        type_in(page, "#id_name", name)
        type_in(page, "#id_slug", self.slug)
        pick(page, "#id_profile", "swiss_points26")
        pick(page, "#id_entry", "teams")
        pick(page, "#id_team_pairs", "2")
        tap(page, "button.primary")
        page.wait_for_url(self.url())
        page.goto(self.url("settings/"))
        for field, value in settings.items():
            if isinstance(value, bool):
                set_checked(page, f"#id_{field}", value)
            else:
                type_in(page, f"#id_{field}", value)
        with page.expect_navigation():
            tap(page, "button.primary")
        assert page.url == self.url(), texts(page, ".error, .errors")

    def import_teams(self) -> None:
        page = self.org
        page.goto(self.url("squads/import/"))
        upload = {"name": "团体报名表.csv", "mimeType": "text/csv", "buffer": sheet()}
        page.set_input_files("input[type=file]", upload)
        with page.expect_navigation():
            tap(page, "form[enctype] button.primary")
        wait_shown(page, "确认导入")
        with page.expect_navigation():
            tap(page, "button", "确认导入")

    def team(self, pair_name: str) -> int:
        """The draw number of the team a pair (named "队名·…") belongs to."""
        return self.d(pair_name.split("·")[0])

    def tables(self, page) -> list[tuple[int, int, int]]:
        """(table, EW team, NS team) of the round page shown, by draw number."""
        out = []
        for row in rows(page, "#tables tbody tr[data-table]"):
            row = [c.strip() for c in row]
            if row[2] and row[2] != "轮空":
                out.append((int(row[0]), self.team(row[1]), self.team(row[2])))
        return sorted(out)

    def pair_draft(self, number: int) -> None:
        page = self.org
        page.goto(self.url("rounds/"))
        with page.expect_navigation():
            tap(page, "button", "编排下一轮")
        assert page.url == self.url(f"rounds/{number}/adjust/")

    def publish(self, number: int) -> list[tuple[int, int, int]]:
        page = self.org
        page.goto(self.url(f"rounds/{number}/adjust/"))
        with page.expect_navigation():
            tap(page, "button", "公布对阵")
        wait_text(page, "#round-status", "已公布")
        return self.tables(page)

    def line_up(self, team: str, choices: dict[str, str]) -> None:
        """Change a team's line-up on its page (selects ``#id_pair<i>_<j>`` → roster number)."""
        page = self.org
        pk = Team.objects.get(name=team).pk
        page.goto(self.url(f"squads/{pk}/line-up/"))
        for select, member in choices.items():
            pick(page, f"#id_{select}", member)
        with page.expect_navigation():
            tap(page, "form.form button.primary")

    def team_ranking(self, page) -> list[tuple]:
        """(draw number, 名次, 积分, 各台得分之和, 级差分) per row of the team standings."""
        page.goto(self.url("standings/"))
        heads = [h.strip() for h in texts(page, "#team-standings thead th")]
        out = []
        for row in rows(page, "#team-standings tbody tr"):
            cells = dict(zip(heads, row, strict=False))
            name = cells["团体"].split("\n")[0].split(" ")[0]
            out.append(
                (self.d(name), *(cells[c] for c in ("名次", "积分", "各台得分之和", "级差分")))
            )
        return out

    def withdraw(self, team: str) -> None:
        page = self.org
        page.goto(self.url(f"squads/?q={team}"))
        with page.expect_navigation():  # to the page that asks first
            tap(page, "button", "退赛")
        assert "确定让“" in text(page, "body")
        with page.expect_navigation():
            tap(page, "button.primary, button.danger", "退赛")
        assert Team.objects.get(name=team).status == "withdrawn"


def levels(ew: int, ns: int) -> tuple[str, str]:
    """Final (EW, NS) levels: the pair of the lower-numbered team wins."""
    if ew < ns:
        return "A+", LOSER_LEVEL[ew]
    return LOSER_LEVEL[ns], "A+"


def play(e: TeamEvent, number: int, tables, special=None) -> None:
    e.start(number)
    special = special or {}
    for table, ew, ns in tables:
        (special.get(table) or (lambda t, a, b: e.enter(number, t, *levels(a, b))))(table, ew, ns)
    e.confirm_and_lock(number)


def dispute(e: TeamEvent, number: int, table: int, ew: int, ns: int) -> None:
    """The referee enters the right result; the chief referee, by mistake, another: a
    dispute. The chief referee then takes the referee's entry (采用此成绩)."""
    e.enter(number, table, *levels(ew, ns))
    page = e.chief
    page.goto(e.url(f"rounds/{number}/table/{table}/"))
    pick(page, "#id_ew_level", "K")
    pick(page, "#id_ns_level", "A+")
    with page.expect_navigation():
        tap(page, "button", "提交成绩")
    page.goto(e.url(f"rounds/{number}/table/{table}/"))
    wait_shown(page, "争议：各方录入的成绩")
    entries = page.locator("#dispute .entry")
    right = next(i for i in range(entries.count()) if "ref · " in entries.nth(i).inner_text())
    with page.expect_navigation():
        entries.nth(right).locator("button", has_text="采用此成绩").click()


def test_a_team_event_through_the_web(crew, browser):  # noqa: F811
    base, org, phone = crew
    e = TeamEvent(base, "tuan", org, None, None, phone)
    e.create_teams(
        "2026苏皖掼蛋团体赛",
        {"rounds": "4", "publish_pairings": True, "publish_standings": True},
    )
    staff_pages(e)
    e.import_teams()
    e.do_draw("2026")
    assert sorted(e.draw) == list(range(1, 9)) and set(e.draw.values()) == {
        f"{c}队" for c in CITIES
    }

    # Round 1: the teams in draw order, 1–2, 3–4, 5–6, 7–8 (docs/rules.md §16.5). Before it
    # is published T3 puts its substitute (roster number 5) in for its player 2: the draft's
    # tables take the new pair at once.
    e.pair_draft(1)
    t3 = e.draw[3]
    e.line_up(t3, {"pair1_2": "5"})
    tables = e.publish(1)
    assert tables == [
        (1, 2, 1),
        (2, 1, 2),
        (3, 4, 3),
        (4, 3, 4),
        (5, 6, 5),
        (6, 5, 6),
        (7, 8, 7),
        (8, 7, 8),
    ]
    round_page = text(e.org, "#tables")
    assert f"{t3}·{t3[:2]}1号/{t3[:2]}替补" in round_page
    play(e, 1, tables)
    # After round 1 (13 + d : 13 − d at both tables of each match, 级差分 ±2d):
    #   T1 52 (+26)  T3 38 (+12)  T5 36 (+10)  T7 30 (+4)   each 2 team match points
    #   T8 22 (−4)   T6 16 (−10)  T4 14 (−12)  T2 0 (−26)   each 0

    # Round 2: neighbours in each score group, X the higher: T1–T3, T5–T7, T8–T6, T4–T2.
    # T4's pair 2 does not come to table 8: it forfeits that table only (18 : 0, ±5).
    e.pair_draft(2)
    tables = e.publish(2)
    assert tables == [
        (1, 3, 1),
        (2, 1, 3),
        (3, 7, 5),
        (4, 5, 7),
        (5, 6, 8),
        (6, 8, 6),
        (7, 2, 4),
        (8, 4, 2),
    ]

    def forfeit(table, ew, ns):
        e.enter(2, table, "", "", forfeit="EW")

    play(e, 2, tables, {8: forfeit})
    # T1 104 (+52)  T5 72 (+20)  T6 48 (−4)  T7 46 (−6)  T2 25 + 18 = 43 (−26 + 12 + 5 = −9)
    # T3 38 (−14)   T8 42 (−10)  T4 14 + 1 + 0 = 15 (−12 − 12 − 5 = −29)
    assert e.team_ranking(e.org) == [
        (1, "1", "4", "104", "52"),
        (5, "2", "4", "72", "20"),
        (6, "3", "2", "48", "-4"),
        (7, "4", "2", "46", "-6"),
        (2, "5", "2", "43", "-9"),
        (3, "6", "2", "38", "-14"),
        (8, "7", "0", "42", "-10"),
        (4, "8", "0", "15", "-29"),
    ]

    # T8 withdraws: seven teams, so a team bye, to the lowest team without one (T4): both its
    # tables won by forfeit, 18 : 0 each, +5 each, 2 team match points (docs/rules.md §16.3).
    e.withdraw(e.draw[8])
    e.pair_draft(3)
    tables = e.publish(3)
    assert "轮空" in text(e.org, "#tables") and e.draw[4] in text(e.org, "#tables")
    assert tables == [(1, 5, 1), (2, 1, 5), (3, 7, 6), (4, 6, 7), (5, 3, 2), (6, 2, 3)]
    play(e, 3, tables, {1: lambda table, ew, ns: dispute(e, 3, table, ew, ns)})
    # T1 156 (+78)  T2 93 (+15)  T6 80 (+2)  T5 72 (−6)  T7 66 (−12)  T4 51 (−19)  T3 40 (−38)

    # Round 4: T3 has the bye now; T1 meets T6 (it met T2, T3 and T5), T2–T5, T7–T4.
    e.pair_draft(4)
    tables = e.publish(4)
    assert tables == [(1, 6, 1), (2, 1, 6), (3, 5, 2), (4, 2, 5), (5, 4, 7), (6, 7, 4)]
    play(e, 4, tables)
    # T1 156 + 52 = 208 (+104), 8 points; T2 93 + 50 = 143 (+39), 6; T4 51 + 2 × 17 = 85
    # (−11), T6 80 + 0 (−24), T3 40 + 36 = 76 (−28), T5 72 + 2 (−30), 4 each; T7 66 + 2 × 9
    # = 84 (−20), 2; T8 42 (−10), 0 (withdrawn, its two rounds kept).
    final = [
        (1, "1", "8", "208", "104"),
        (2, "2", "6", "143", "39"),
        (4, "3", "4", "85", "-11"),
        (6, "4", "4", "80", "-24"),
        (3, "5", "4", "76", "-28"),
        (5, "6", "4", "74", "-30"),
        (7, "7", "2", "84", "-20"),
        (8, "8", "0", "42", "-10"),
    ]
    player = e.page()  # a spectator's phone: the public page counts locked rounds only
    assert e.team_ranking(player) == final
    # Best pairs: T1's two pairs won every table by 13 (26 : 0 four times, 级差分 +13 each).
    best = rows(player, "#best-pairs tbody tr")
    assert {best[0][1].split("\n")[0], best[1][1].split("\n")[0]} == {
        f"{e.draw[1]}·组合1",
        f"{e.draw[1]}·组合2",
    }
    assert [cells[-2:] for cells in best[:2]] == [["104", "52"], ["104", "52"]]
    # T3's substitute played round 1 only: found, with the team.
    t3 = e.draw[3]
    player.goto(e.url(f"pairings/1/?q={t3[:2]}替补"))
    assert t3 in text(player, "body") and "南北" in text(player, "body")
    e.all_pages_fit()
    pdfs(e, final)
    desktop(e, browser, final)


def pdfs(e: TeamEvent, final) -> None:
    """The team standings, the team score sheets and the certificates, read back."""

    def pdf(kind: str, query: str = "") -> str:
        response = e.chief.request.get(e.url(f"export/{kind}.pdf{query}"))
        assert response.ok, response.text()[:500]
        return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(response.body())).pages)

    standings = pdf("standings")
    order = [standings.index(e.draw[n]) for n, *_ in final]
    assert order == sorted(order) and "208" in standings and "最佳组合" in standings
    sheets = pdf("team_sheets", "?round=4")
    assert "团体记录表" in sheets and e.draw[1] in sheets and e.draw[6] in sheets
    assert "52" in sheets  # T1's total against T6: 26 + 26
    certificates = pdf("certificates")
    assert e.draw[1] in certificates and f"{e.draw[1][:2]}1号" in certificates


def desktop(e: TeamEvent, browser, final) -> None:
    """The public pages at 1280 px: the standings with every column, the team matches."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="zh-CN")
    page = context.new_page()
    assert e.team_ranking(page) == final
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    heads = texts(page, "#team-standings thead th")
    assert {"单位", "对手分", "胜/平/负"} <= {h.strip() for h in heads}
    assert all(page.locator("#team-standings thead th").nth(i).is_visible() for i in range(3))
    page.goto(e.url("pairings/4/"))
    assert f"第1场 {e.draw[1]} 对 {e.draw[6]}" in text(page, "body")
    context.close()
