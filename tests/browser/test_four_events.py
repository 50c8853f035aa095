"""One complete event of each seed system, from an empty database, through the web only.

Issue 10 ("Done when"): the organizer creates the event and its staff accounts on the staff
page, adds the pairs, draws, pairs and publishes; the chief referee starts, confirms and locks;
the referee enters final levels, a deal-by-deal sheet and the foul log; a player enters
through their side's slip link with the PIN. The final standings and the certificates PDF are
checked against values worked out by hand from RULES.md §6, and every page of the referee and
player paths must fit a 390 px phone screen.

Vocabulary: ``D1`` … ``D8`` are the pairs by draw number (read back from the draw page). In
every event the pair with the LOWER draw number wins its table, unless a comment says
otherwise, so each round's pairings follow from the standings by hand; the test reads them
back from the round page and asserts them before entering results.
"""

from __future__ import annotations

import io
import re

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from pypdf import PdfReader

from tests.browser.conftest import login

pytestmark = pytest.mark.django_db(transaction=True)

OVERFLOW = "document.documentElement.scrollWidth > window.innerWidth"


class Event:
    """One event driven through the web by its organizer, chief referee and referee pages."""

    def __init__(self, base: str, slug: str, org, chief, ref, phone):
        self.base, self.slug, self.phone = base, slug, phone
        self.org, self.chief, self.ref = org, chief, ref
        self.draw: dict[int, str] = {}  # draw number -> team name

    def url(self, path: str = "") -> str:
        return f"{self.base}/t/{self.slug}/{path}"

    # --- organizer ---------------------------------------------------------------------
    def create(self, name: str, profile: str, settings: dict[str, str | bool]) -> None:
        page = self.org
        page.goto(self.base + "/t/new/")
        page.fill("#id_name", name)
        page.fill("#id_slug", self.slug)
        page.fill("#id_host", "江苏省掼蛋协会")
        page.select_option("#id_profile", profile)
        page.click("button.primary")
        page.wait_for_url(self.url())
        page.goto(self.url("settings/"))
        for field, value in settings.items():
            if isinstance(value, bool):
                page.set_checked(f"#id_{field}", value)
            elif page.locator(f"select#id_{field}").count():
                page.select_option(f"#id_{field}", value)
            else:
                page.fill(f"#id_{field}", value)
        with page.expect_navigation():
            page.click("button.primary")
        errors = page.locator(".error, .errors").all_inner_texts()
        assert page.url == self.url(), errors

    def staff(self, username: str, name: str, role: str) -> str | None:
        """Add a staff account; its password (shown once), or None for an existing one."""
        page = self.org
        page.goto(self.url("staff/"))
        page.fill("input[name=username]", username)
        page.fill("input[name=name]", name)
        page.select_option("select[name=role]", role)
        page.get_by_role("button", name="添加").click()
        page.wait_for_load_state()
        shown = page.locator("#password-once .password code")
        return shown.inner_text() if shown.count() else None

    def add_teams(self, teams: list[tuple[str, str, str]]) -> None:
        page = self.org
        page.goto(self.url("teams/add/"))
        for name, p1, p2 in teams:
            page.fill("#id_name", name)
            page.fill("#id_player1", p1)
            page.fill("#id_player2", p2)
            page.get_by_role("button", name="保存并继续添加").click()
            page.wait_for_selector("#id_name >> text=''", state="attached")

    def import_teams(self, teams: list[tuple[str, str, str]]) -> None:
        """Upload a sign-up sheet shaped like a unit's form (序号, 单位名称, 组合名称, 队员一,
        队员二, 备注, a 合计 line after a blank row), preview it and confirm."""
        lines = ["序号,单位名称,组合名称,队员一,队员二,备注"]
        lines += [
            f"{i},{name[0]}单位,{name},{p1},{p2}," for i, (name, p1, p2) in enumerate(teams, 1)
        ]
        lines += [",,,,,", f"合计,,{len(teams)}组,,,"]
        page = self.org
        page.goto(self.url("teams/import/"))
        page.set_input_files(
            "input[type=file]",
            {"name": "报名表.csv", "mimeType": "text/csv", "buffer": "\n".join(lines).encode()},
        )
        page.get_by_role("button", name="上传并预览").click()
        page.wait_for_selector(f"text=将导入 {len(teams)} 个组合")
        assert "序号" in page.inner_text(".notes") and "备注" in page.inner_text(".notes")
        with page.expect_navigation():
            page.get_by_role("button", name="确认导入").click()

    def add_stage(self, kind: str, top: int) -> None:
        """Add a stage on the stages page, qualifying the previous stage's top ``top``."""
        page = self.org
        page.goto(self.url("stages/"))
        page.select_option("select[name=kind]", kind)
        page.select_option("select[name=qualify]", "top")
        page.fill("input[name=count]", str(top))
        with page.expect_navigation():
            page.get_by_role("button", name="添加", exact=True).click()

    def do_draw(self, seed: str) -> None:
        page = self.org
        page.goto(self.url("draw/"))
        page.fill("input[name=seed]", seed)
        page.get_by_role("button", name="电脑抽签").click()
        page.wait_for_selector(f"text=抽签种子：{seed}")
        for row in page.locator("table.table tbody tr").all():
            cells = row.locator("td").all_inner_texts()
            self.draw[int(cells[0])] = cells[1]

    def d(self, name: str) -> int:
        return next(n for n, team in self.draw.items() if team == name)

    def pair_and_publish(self, number: int) -> list[tuple[int, int, int]]:
        """Pair the next round and publish it: [(table, EW draw number, NS draw number)]."""
        page = self.org
        page.goto(self.url("rounds/"))
        page.get_by_role("button", name="编排下一轮").click()
        page.wait_for_load_state()
        page.goto(self.url(f"rounds/{number}/"))
        page.get_by_role("button", name="公布对阵").click()
        page.wait_for_selector("#round-status:text('已公布')")
        return self.tables(page)

    def tables(self, page) -> list[tuple[int, int, int]]:
        """The tables of the round page shown: (table, EW draw number, NS draw number)."""
        out = []
        for row in page.locator("#tables tbody tr[data-table]").all():
            cells = [c.strip() for c in row.locator("td").all_inner_texts()]
            if cells[2] and cells[2] != "轮空":
                out.append((int(cells[0]), self.d(cells[1]), self.d(cells[2])))
        return sorted(out)

    # --- chief referee -----------------------------------------------------------------
    def chief_action(self, number: int, label: str, go: bool = True) -> None:
        page = self.chief
        if go:
            page.goto(self.url(f"rounds/{number}/"))
        fits(page)
        with page.expect_navigation():
            page.get_by_role("button", name=label).click()

    def start(self, number: int) -> None:
        self.chief_action(number, "开赛计时")

    def confirm_and_lock(self, number: int) -> None:
        self.chief_action(number, "确认全部已录入")
        self.chief_action(number, "锁定本轮", go=False)
        assert self.chief.inner_text("#round-status") == "已锁定"

    # --- referee -----------------------------------------------------------------------
    def enter(self, number: int, table: int, ew: str, ns: str, **extra: str) -> None:
        """Final levels through the referee's entry form (``extra``: forfeit, pass_how)."""
        page = self.ref
        page.goto(self.url(f"rounds/{number}/table/{table}/"))
        fits(page)
        page.select_option("#id_ew_level", ew)
        page.select_option("#id_ns_level", ns)
        for field, value in extra.items():
            page.select_option(f"#id_{field}", value)
        page.get_by_role("button", name="提交成绩").click()
        page.wait_for_url(self.url(f"rounds/{number}/"))
        fits(page)

    def foul(self, number: int, table: int, side: str, kind: str) -> None:
        """Log one foul (犯规) through the foul form of the referee's entry page."""
        page = self.ref
        page.goto(self.url(f"rounds/{number}/table/{table}/"))
        form = page.locator("form.foul-form")
        form.locator("select[name=side]").select_option(side)
        form.locator("select[name=kind]").select_option(kind)
        form.locator("select[name=severity]").select_option("foul")
        with page.expect_navigation():
            form.get_by_role("button", name="记录").click()
        fits(page)

    def sheet(self, number: int, table: int, deals: list[tuple[str, str]]) -> None:
        """Deal by deal on the referee's sheet: (winner "东西胜"/"南北胜", partner button)."""
        page = self.ref
        page.goto(self.url(f"rounds/{number}/table/{table}/sheet/"))
        for win, partner in deals:
            page.get_by_role("button", name=win).click()
            page.get_by_role("button", name=partner).click()
            page.wait_for_function("document.getElementById('message').textContent !== '保存中…'")
        page.wait_for_selector("#message:has-text('比赛结束')")
        fits(page)

    def standings(self, page) -> list[dict[str, str]]:
        """The standings page's rows, each as {column header: cell text}, in rank order."""
        page.goto(self.url("standings/"))
        fits(page)
        heads = [h.strip() for h in page.locator("table.standings thead th").all_inner_texts()]
        rows = page.locator("table.standings tbody tr").all()
        return [dict(zip(heads, r.locator("td").all_inner_texts(), strict=False)) for r in rows]

    def ranking(self, page, *columns: str) -> list[tuple]:
        """(draw number, *columns) per row of the standings, in rank order."""
        return [(self.d(row["队名"]), *(row[c] for c in columns)) for row in self.standings(page)]

    def certificates(self) -> list[str]:
        """Each page's text of the certificates PDF, downloaded by the chief referee."""
        page = self.chief
        response = page.request.get(self.url("export/certificates.pdf"))
        assert response.ok, response.text()[:500]
        return [p.extract_text() for p in PdfReader(io.BytesIO(response.body())).pages]


def fits(page) -> None:
    """The page does not scroll sideways on the 390 px phone."""
    assert not page.evaluate(OVERFLOW), f"{page.url} is wider than the phone screen"


@pytest.fixture
def crew(live_server, phone):
    """The organizer (created on the command line: the web has no organizer sign-up)
    logged in, and pages for the chief referee and referee once the staff page made them."""
    call_command("add_organizer", "org", "--name", "组织者", stdout=io.StringIO())
    user = User.objects.get(username="org")
    user.set_password("pw-org-2026")
    user.save()

    def page():
        # The round pages poll status.json every 8 s; the test's SQLite database (shared
        # cache) answers a poll that meets a write with "table is locked". The live update
        # is tested elsewhere (test_phone_flows.py); here it would only add noise.
        p = phone()
        p.route("**/status.json", lambda route: route.abort())
        return p

    org = page()
    login(org, live_server.url, "org", "pw-org-2026")
    return live_server.url, org, page


def staff_pages(event: Event, phone, base: str, first: bool) -> None:
    """Create (first event) or attach (later events) the chief referee and the referee."""
    chief_pw = event.staff("chief", "王裁判长", "chief_referee")
    ref_pw = event.staff("ref", "李裁判", "referee")
    if first:
        assert chief_pw and ref_pw and chief_pw != ref_pw
        event.chief, event.ref = phone(), phone()
        login(event.chief, base, "chief", chief_pw)
        login(event.ref, base, "ref", ref_pw)
    else:
        assert chief_pw is None and ref_pw is None  # existing accounts: no new password


PAIRS = [(f"{c}队", f"{c}甲", f"{c}乙") for c in "一二三四五六七八"]


def slip(event: Event, number: int, table: int, side: str) -> tuple[str, str]:
    """The link (the slip's QR, also a link in the PDF) and PIN of one side of a table,
    from the side-slips PDF the referee downloads."""
    response = event.ref.request.get(event.url(f"export/side_slips.pdf?round={number}"))
    assert response.ok, response.text()[:500]
    reader = PdfReader(io.BytesIO(response.body()))
    title = f"第 {table} 台 · {'东西' if side == 'EW' else '南北'}"
    for page in reader.pages:
        text = page.extract_text()
        if title not in text:
            continue
        links = [a.get_object()["/A"]["/URI"] for a in page.get("/Annots", [])]
        # Slips are laid out in reading order, links and texts alike.
        titles = re.findall(r"第 \d+ 台 · (?:东西|南北)", text)
        pins = re.findall(r"PIN\s*(\d{4,6})", text)
        i = titles.index(title)
        return links[i], pins[i]
    raise AssertionError(f"no slip {title}")


# The winner D_w passes A and leaves its opponent at LOSER_LEVEL[w]: a margin
# d = 13 − that level's index (2 → 0 … A → 12) of MARGIN[w]. The margins differ, so no two
# pairs tie in a Swiss stage and the lot (抽签) never decides a pairing or a place.
LOSER_LEVEL = {1: "2", 2: "3", 3: "9", 4: "J", 5: "10", 6: "Q", 7: "K", 8: "A"}
MARGIN = {1: 13, 2: 12, 3: 6, 4: 4, 5: 5, 6: 3, 7: 2, 8: 1}


def levels(ew: int, ns: int, upset: frozenset | set = frozenset()) -> tuple[str, str]:
    """Final (EW, NS) levels: the lower draw number wins, unless the pair is ``upset``."""
    win_ew = (ew < ns) != ({ew, ns} == upset)
    loser_level = LOSER_LEVEL[ew if win_ew else ns]
    return ("A+", loser_level) if win_ew else (loser_level, "A+")


def play_round(event: Event, number: int, special: dict | None = None, upset=frozenset()):
    """Pair, publish, start, enter (final levels by :func:`levels` unless ``special`` gives an
    entry function for the table number or for the pair {D_a, D_b}), confirm and lock one
    round; the tables as (table, EW, NS)."""
    tables = event.pair_and_publish(number)
    event.start(number)
    special = special or {}
    for table, ew, ns in tables:
        enter = special.get(table) or special.get(frozenset((ew, ns)))
        if enter:
            enter(table, ew, ns)
        else:
            event.enter(number, table, *levels(ew, ns, upset))
    event.confirm_and_lock(number)
    return tables


def certificate_lines(pages: list[str]) -> list[tuple[str, int, str]]:
    """(pair name, place, award) per certificate page."""
    out = []
    for text in pages:
        pair = re.search(r"（(.+?)）", text).group(1)
        place = int(re.search(r"获得第(\d+)名", text).group(1))
        award = re.search(r"荣获\n(.+)\n", text).group(1)
        out.append((pair, place, award))
    return out


def player_enters(event: Event, number: int, table: int, side: str, ew: str, ns: str) -> None:
    """A player of ``side`` enters the final levels through their slip's link."""
    link, _pin = slip(event, number, table, side)
    page = event.phone()
    page.goto(link)
    fits(page)
    page.select_option("#id_ew_level", ew)
    page.select_option("#id_ns_level", ns)
    page.get_by_role("button", name="提交成绩").click()
    page.wait_for_selector("text=已录入，等待对方确认")
    fits(page)


def player_confirms(event: Event, number: int, table: int, side: str) -> None:
    """A player of ``side`` confirms the referee's entry with their slip's PIN."""
    link, pin = slip(event, number, table, side)
    page = event.phone()
    page.goto(link)
    fits(page)
    page.fill("#id_pin", pin)
    page.get_by_role("button", name="确认无误").click()
    page.wait_for_selector("text=成绩已确认")
    fits(page)


def referee_confirms(event: Event, number: int, table: int) -> None:
    page = event.ref
    page.goto(event.url(f"rounds/{number}/table/{table}/"))
    fits(page)
    page.get_by_role("button", name="确认成绩").click()
    page.wait_for_url(event.url(f"rounds/{number}/"))


def test_s_a_swiss_points26(crew):
    """S-A (001): 26-point Swiss, 3 rounds; a win by d levels scores 13 + d : 13 − d."""
    base, org, phone = crew
    e = Event(base, "sa", org, None, None, phone)
    e.create(
        "S-A 积分编排26分制",
        "swiss_points26",
        {"rounds": "3", "table_entry": True, "publish_pairings": True, "publish_standings": True},
    )
    staff_pages(e, phone, base, first=True)
    e.add_teams(PAIRS)
    e.do_draw("2026")

    # Round 1: adjacent draw numbers, the lower one East–West (RULES.md §11).
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
    assert play_round(e, 3) == [(1, 1, 3), (2, 5, 2), (3, 4, 7), (4, 6, 8)]
    # A player looks up the published pairings, then (below) their pair's history.
    player = phone()
    player.goto(e.url("pairings/3/"))
    fits(player)

    # By hand, RULES.md §6 points26 (13 + d : 13 − d) per round:
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
    player.get_by_role("link", name=e.draw[1]).click()
    player.wait_for_url(re.compile(r"/team/\d+/$"))
    fits(player)
    # Awards 一等奖 1, 二等奖 2, 三等奖 3 (the profile's tiers): six certificates.
    awards = ["一等奖", "二等奖", "二等奖", "三等奖", "三等奖", "三等奖"]
    order = [1, 2, 4, 3, 6, 5]
    assert certificate_lines(e.certificates()) == [
        (e.draw[d], place, award)
        for place, (d, award) in enumerate(zip(order, awards, strict=True), 1)
    ]


def test_s_b_swiss_match_points(crew):
    """S-B (003): 2/1/0 Swiss with 级差分, 3 rounds. A win by d levels is 2 : 0 and 级差分
    ±d; a forfeit and a three-fouls defeat are 2 : 0 and ±10 (RULES.md §6, §7)."""
    base, org, phone = crew
    e = Event(base, "sb", org, None, None, phone)
    e.create("S-B 胜2平1负0", "swiss_match_points", {"rounds": "3", "publish_standings": True})
    staff_pages(e, phone, base, first=True)
    e.import_teams(PAIRS)
    e.do_draw("2026")

    def forfeit(table, ew, ns):  # D8 (NS) does not come: D7 wins 2 : 0, +10 : −10
        e.enter(1, table, "", "", forfeit="NS")

    assert play_round(e, 1, {4: forfeit}) == [(1, 1, 2), (2, 3, 4), (3, 5, 6), (4, 7, 8)]

    def three_fouls(table, ew, ns):  # three delays (a foul each under 003 §11) by D8
        side = "EW" if ew == 8 else "NS"
        for _ in range(3):
            e.foul(2, table, side, "time_delay")
        # The third foul ends the match: the entry page shows the defeat as the result.
        assert f"{'东西' if side == 'EW' else '南北'}犯规3次判负" in e.ref.inner_text(".match-head")

    # After round 1: D1 +13, D7 +10 (forfeit), D3 +6, D5 +5; D6 −5, D4 −6, D8 −10, D2 −13.
    # As in S-A, R1-EW pairs meet R1-NS pairs top against top: D1–D6, D7–D4, D3–D8, D5–D2.
    r2 = play_round(e, 2, {frozenset((3, 8)): three_fouls})
    assert r2 == [(1, 6, 1), (2, 4, 7), (3, 8, 3), (4, 2, 5)]
    # After round 2: D1 4 +26, D3 4 +16, D7 2 +6, D2 2 −1, D4 2 −2, D5 2 −7, D6 0 −18,
    # D8 0 −20: neighbours meet, none a rematch.
    assert play_round(e, 3) == [(1, 1, 3), (2, 7, 2), (3, 4, 5), (4, 6, 8)]

    # By hand (2 a win; 级差分 ± the margin, ±10 for the forfeit and the three fouls):
    #   D1 WWW 6, 13 + 13 + 13 = 39      D2 LWW 4, −13 + 12 + 12 = 11
    #   D3 WWL 4, 6 + 10 − 13 = 3        D4 LWW 4, −6 + 4 + 4 = 2
    #   D7 WLL 2, 10 − 4 − 12 = −6       D5 WLL 2, 5 − 12 − 4 = −11
    #   D6 LLW 2, −5 − 13 + 3 = −15      D8 LLL 0, −10 − 10 − 3 = −23
    # 级差分, the first tiebreak, orders D2 > D3 > D4 and D7 > D5 > D6. 对手分: D1 = D2 4 +
    # D6 2 + D3 4 = 10; D2 = 6 + 2 + 2 = 10; D3 = 4 + 0 + 6 = 10; D4 = 4 + 2 + 2 = 8;
    # D7 = 0 + 4 + 4 = 8; D5 = 2 + 4 + 4 = 10; D6 = 2 + 6 + 0 = 8; D8 = 2 + 4 + 2 = 8.
    assert e.ranking(phone(), "名次", "积分", "级差分", "对手分") == [
        (1, "1", "6", "39", "10"),
        (2, "2", "4", "11", "10"),
        (3, "3", "4", "3", "10"),
        (4, "4", "4", "2", "8"),
        (7, "5", "2", "-6", "8"),
        (5, "6", "2", "-11", "10"),
        (6, "7", "2", "-15", "8"),
        (8, "8", "0", "-23", "8"),
    ]
    # 003's award tiers: 一等奖 1st, 二等奖 2nd–3rd, 三等奖 4th–6th.
    awards = ["一等奖", "二等奖", "二等奖", "三等奖", "三等奖", "三等奖"]
    assert certificate_lines(e.certificates()) == [
        (f"{e.draw[d]} · {e.draw[d][0]}单位", place, award)
        for place, (d, award) in enumerate(zip([1, 2, 3, 4, 7, 5], awards, strict=True), 1)
    ]


def test_s_c_rotation_hundred(crew):
    """S-C (000 third text, 004 third text): groups of four, three rounds, 100 + level
    difference. A pass counts as A plus the upgrade of the deal that passed it (RULES.md §6):
    passed 1–3 (+2) = 14 against a pair at 5 (index 3): d = 11, 111 : 3 (the loser scores the
    levels it climbed); passed 1–2 (+3) = 15 against a pair still at 2: d = 15, 115 : 0."""
    base, org, phone = crew
    e = Event(base, "sc", org, None, None, phone)
    e.create("S-C 分组三轮移位", "rotation_hundred", {"publish_standings": True})
    staff_pages(e, phone, base, first=True)
    e.import_teams(PAIRS)
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

    # Groups by draw number {D1–D4} and {D5–D8}; the pair listed first sits North–South.
    assert play_round(e, 1, rotation(1)) == [(1, 2, 1), (2, 4, 3), (3, 6, 5), (4, 8, 7)]
    assert play_round(e, 2, rotation(2)) == [(1, 1, 3), (2, 4, 2), (3, 5, 7), (4, 8, 6)]
    assert play_round(e, 3, rotation(3)) == [(1, 1, 4), (2, 3, 2), (3, 5, 8), (4, 7, 6)]

    # By hand: D1 115 + 111 + 111 = 337 (级差分 15 + 11 + 11 = 37); D5 3 × 111 = 333 (33);
    # D6 111 + 111 + 3 = 225 (11); D2 0 + 111 + 111 = 222 (−15 + 11 + 11 = 7);
    # D3 and D7 111 + 3 + 3 = 117 (−11), D4 and D8 3 × 3 = 9 (−33); 对手分 breaks those ties:
    # D3 = D4 9 + D1 337 + D2 222 = 568 > D7 = D8 9 + D5 333 + D6 225 = 567;
    # D4 = D3 117 + D2 222 + D1 337 = 676 > D8 = D7 117 + D6 225 + D5 333 = 675.
    assert e.ranking(phone(), "名次", "积分", "级差分", "对手分") == [
        (1, "1", "337", "37", "348"),
        (5, "2", "333", "33", "351"),
        (6, "3", "225", "11", "459"),
        (2, "4", "222", "7", "463"),
        (3, "5", "117", "-11", "568"),
        (7, "6", "117", "-11", "567"),
        (4, "7", "9", "-33", "676"),
        (8, "8", "9", "-33", "675"),
    ]
    awards = ["一等奖", "二等奖", "二等奖", "三等奖", "三等奖", "三等奖"]
    assert certificate_lines(e.certificates()) == [
        (f"{e.draw[d]} · {e.draw[d][0]}单位", place, award)
        for place, (d, award) in enumerate(zip([1, 5, 6, 2, 3, 7], awards, strict=True), 1)
    ]


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
    staff_pages(e, phone, base, first=True)
    e.import_teams(PAIRS)
    e.do_draw("2026")
    e.add_stage("knockout", 4)

    # Swiss round 1: D1 +13, D3 +6, D5 +5, D7 +2; D8 −2, D6 −5, D4 −6, D2 −13. Round 2 seats
    # each R1-EW pair against an R1-NS pair, top against top: D1–D8, D3–D6, D5–D4, D7–D2.
    assert play_round(e, 1) == [(1, 1, 2), (2, 3, 4), (3, 5, 6), (4, 7, 8)]
    assert play_round(e, 2) == [(1, 8, 1), (2, 6, 3), (3, 4, 5), (4, 2, 7)]
    # After the Swiss stage (points, 级差分):
    #   D1 4, 13 + 13 = 26   D3 4, 6 + 6 = 12   D5 2, 5 − 4 = 1   D2 2, −13 + 12 = −1
    #   D4 2, −6 + 4 = −2    D7 2, 2 − 12 = −10 D6 0, −5 − 6 = −11 D8 0, −2 − 13 = −15
    # Qualified: Q1 D1, Q2 D3, Q3 D5, Q4 D2; semi-finals Q1–Q4 and Q2–Q3.
    assert play_round(e, 3) == [(1, 1, 2), (2, 3, 5)]
    assert play_round(e, 4) == [(1, 2, 1), (2, 5, 3)]
    # D1 and D3 won 2–0: final D1–D3, third-place match D2–D5. D3 takes the final's game 1.
    assert play_round(e, 5, upset={1, 3}) == [(1, 1, 3), (2, 2, 5)]
    assert play_round(e, 6) == [(1, 3, 1), (2, 5, 2)]
    # 1–1 in the final: a third game; the third-place match is over (D2 2–0).
    assert play_round(e, 7) == [(1, 1, 3)]
    # Final ranking follows the bracket: champion D1, runner-up D3, third-place winner D2,
    # loser D5; then the pairs that did not qualify by their Swiss rank: D4, D7, D6, D8.
    # Points and 级差分 add the knockout games (2 a game won; ± the winner's margin):
    #   D1 4 + 4 × 2 = 12; 26 + 13 + 13 − 6 + 13 + 13 = 72   (semi 2–0, final 2–1)
    #   D3 4 + 3 × 2 = 10; 12 + 6 + 6 + 6 − 13 − 13 = 4      (semi 2–0, final 1–2)
    #   D2 2 + 2 × 2 = 6; −1 − 13 − 13 + 12 + 12 = −3        (semi 0–2, third 2–0)
    #   D5 2; 1 − 6 − 6 − 12 − 12 = −35                      (semi 0–2, third 0–2)
    assert e.ranking(phone(), "名次", "积分", "级差分") == [
        (1, "1", "12", "72"),
        (3, "2", "10", "4"),
        (2, "3", "6", "-3"),
        (5, "4", "2", "-35"),
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
