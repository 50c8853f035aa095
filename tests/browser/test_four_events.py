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
        page.click("button.primary")
        page.wait_for_url(self.url())

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
    org = phone()
    login(org, live_server.url, "org", "pw-org-2026")
    return live_server.url, org, phone


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


def play_round(event: Event, number: int, special: dict | None = None) -> list:
    """Pair, publish, start, enter (lower draw number wins A+ : 9 unless ``special`` gives a
    table's entry function), confirm and lock one round; the tables as (table, EW, NS)."""
    tables = event.pair_and_publish(number)
    event.start(number)
    special = special or {}
    for table, ew, ns in tables:
        if table in special:
            special[table](table, ew, ns)
        elif ew < ns:
            event.enter(number, table, "A+", "9")
        else:
            event.enter(number, table, "9", "A+")
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
    """S-A (001): 26-point Swiss, 3 rounds. Every win is A+ : 9 (d = 13 − 7 = 6), 19 : 7."""
    base, org, phone = crew
    e = Event(base, "sa", org, None, None, phone)
    e.create(
        "S-A 积分编排26分制",
        "swiss_points26",
        {"rounds": "3", "table_entry": True, "publish_standings": True},
    )
    staff_pages(e, phone, base, first=True)
    e.add_teams(PAIRS)
    e.do_draw("2026")

    # Round 1: adjacent draw numbers, the lower one East–West (RULES.md §11).
    # Table 1 deal by deal: EW 1–2 (2→5), NS 1–2 and 1–3 twice (2→5→7→9), EW 1–2 three
    # times (5→8→J→A), EW 1–2 at its own A passes A: A+ : 9, the same 19 : 7.
    def by_sheet(table, ew, ns):
        ew_wins, ns_wins = ("东西胜", "二游（双下）"), ("南北胜", "三游")
        deals = [ew_wins, ("南北胜", "二游（双下）"), ns_wins, ns_wins] + [ew_wins] * 4
        e.sheet(1, table, deals)

    assert play_round(e, 1, {1: by_sheet}) == [(1, 1, 2), (2, 3, 4), (3, 5, 6), (4, 7, 8)]

    # After round 1: D1 D3 D5 D7 19 (sat EW), D2 D4 D6 D8 7 (sat NS). Round 2 must seat 90 %
    # of the pairs within ±1 EW/NS balance (pairing.swiss rule 3), so every R1-EW pair meets
    # an R1-NS pair; among those, the closest points.
    # Table 3: the referee enters, the NS player confirms with the PIN of their slip;
    # table 4: the EW player enters through their slip, the referee confirms.
    def ref_then_player(table, ew, ns):
        e.enter(2, table, *(("A+", "9") if ew < ns else ("9", "A+")))
        player_confirms(e, 2, table, "NS")

    def player_then_ref(table, ew, ns):
        player_enters(e, 2, table, "EW", *(("A+", "9") if ew < ns else ("9", "A+")))
        referee_confirms(e, 2, table)

    r2 = play_round(e, 2, {3: ref_then_player, 4: player_then_ref})
    assert r2 == [(1, 2, 7), (2, 8, 3), (3, 6, 1), (4, 4, 5)]
    assert play_round(e, 3) == [(1, 3, 1), (2, 2, 4), (3, 7, 5), (4, 8, 6)]

    # By hand: wins W / losses L per pair, 19 a win and 7 a loss, 级差分 ±6:
    #   D1 WWW 57 +18 | D2 LWW 45 +6 | D3 WWL 45 +6 | D5 WLW 45 +6
    #   D4 LWL 33 −6 | D6 LLW 33 −6 | D7 WLL 33 −6 | D8 LLL 21 −18
    # Under points26 级差分 = points − 39 ties with points, so 对手分 (sum of the opponents'
    # points) decides: D2 = D1 57 + D7 33 + D4 33 = 123; D3 = D4 33 + D8 21 + D1 57 = 111;
    # D5 = D6 33 + D4 33 + D7 33 = 99; D4 = D3 45 + D5 45 + D2 45 = 135;
    # D6 = D5 45 + D1 57 + D8 21 = 123; D7 = D8 21 + D2 45 + D5 45 = 111.
    assert e.ranking(phone(), "名次", "积分", "级差分", "对手分") == [
        (1, "1", "57", "18", "123"),
        (2, "2", "45", "6", "123"),
        (3, "3", "45", "6", "111"),
        (5, "4", "45", "6", "99"),
        (4, "5", "33", "-6", "135"),
        (6, "6", "33", "-6", "123"),
        (7, "7", "33", "-6", "111"),
        (8, "8", "21", "-18", "111"),
    ]
    # Awards 一等奖 1, 二等奖 2, 三等奖 3 (the profile's tiers): six certificates.
    awards = ["一等奖", "二等奖", "二等奖", "三等奖", "三等奖", "三等奖"]
    order = [1, 2, 3, 5, 4, 6]
    assert certificate_lines(e.certificates()) == [
        (e.draw[d], place, award)
        for place, (d, award) in enumerate(zip(order, awards, strict=True), 1)
    ]
