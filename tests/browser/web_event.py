"""Driving one event through the web as its organizer, chief referee, referee and players.

Vocabulary: ``D1`` … ``D8`` are the pairs by draw number (read back from the draw page).
The pair with the LOWER draw number wins its table unless a test says otherwise
(:func:`levels`), so each round's pairings follow from the standings by hand; the tests read
them back from the round page and assert them before entering results. Every page of the
chief referee's, the referee's and the players' paths is checked to fit a 390 px phone screen
(:meth:`Event.page`, :meth:`Event.all_pages_fit`). A player's own steps (the side slip's link
and PIN, entering or confirming through it) are in :mod:`tests.browser.web_players`.
"""

from __future__ import annotations

import io
import json
from datetime import datetime, timedelta

from openpyxl import load_workbook
from pypdf import PdfReader

from tests.browser.conftest import WIDER_THAN_SCREEN, login
from tests.browser.taps import (
    pick,
    rows,
    set_checked,
    tap,
    text,
    texts,
    type_in,
    wait_js,
    wait_shown,
    wait_text,
)
from tournament.printing.registry import CONTENT_TYPES

# A page of the chief referee's, the referee's or the players' paths notes itself in its tab's
# sessionStorage when it is wider than the phone's screen: once it has loaded, and again when
# it is left (its own script may have widened it since). The test reads each tab once at the
# end (Event.all_pages_fit) instead of asking after every page, a round trip through
# Playwright's driver each.
WATCH_WIDTH = (
    """(() => {
  const note = () => {
    if ("""
    + WIDER_THAN_SCREEN
    + """ <= 0) return;
    const seen = JSON.parse(sessionStorage.getItem("gd-too-wide") || "[]");
    seen.push(location.pathname + location.search);
    sessionStorage.setItem("gd-too-wide", JSON.stringify(seen));
  };
  addEventListener("load", note);
  addEventListener("pagehide", note);
  window.gdNoteWidth = note;
})();"""
)
READ_WIDTH = """() => {
  if (window.gdNoteWidth) window.gdNoteWidth();
  return JSON.parse(sessionStorage.getItem("gd-too-wide") || "[]");
}"""

# A partner's place button is shown (the sheet shows them once a side's win is tapped).
PLACE_SHOWN = """Array.from(document.querySelectorAll("button"))
  .some(b => b.innerText.trim() === %s && b.offsetParent !== null)"""
# The sheet's last tap is saved: its message no longer says 保存中….
SAVED = "document.getElementById('message').textContent !== '保存中…'"


def choose(page, win: str, partner: str) -> None:
    """Tap the winning side, then the partner's place. On a loaded machine the first tap can
    come before the sheet's script has loaded the table; tap again until the places show."""
    shown = PLACE_SHOWN % json.dumps(partner)
    for _ in range(4):
        tap(page, "button", win)
        try:
            wait_js(page, shown, timeout=5)
            break
        except AssertionError:
            continue
    tap(page, "button", partner)


class Event:
    """One event driven through the web by its organizer, chief referee and referee pages."""

    def __init__(self, base: str, slug: str, org, chief, ref, phone):
        self.base, self.slug, self.phone = base, slug, phone
        self.org, self.chief, self.ref = org, chief, ref
        self.draw: dict[int, str] = {}  # draw number -> team name
        self.watched: list = []  # the pages whose width is checked (:meth:`page`)
        self.slips: dict[int, bytes] = {}  # round number -> its side-slips PDF

    def page(self, live: bool = False):
        """A new phone page (its own cookies) for the chief referee, the referee or a
        player: every page it shows is checked to fit the phone's screen. ``live``: its
        status polls stay on, run by the test (see the ``crew`` fixture of the events)."""
        page = self.phone(live=True) if live else self.phone()
        page.add_init_script(WATCH_WIDTH)
        self.watched.append(page)
        return page

    def all_pages_fit(self) -> None:
        """No page shown in a watched tab was wider than the phone's screen."""
        too_wide = {}
        for page in self.watched:
            if not page.is_closed():
                page.wait_for_load_state()
                too_wide.update(dict.fromkeys(page.evaluate(READ_WIDTH)))
        assert not too_wide, f"wider than the phone screen: {sorted(too_wide)}"

    def url(self, path: str = "") -> str:
        return f"{self.base}/t/{self.slug}/{path}"

    # --- organizer ---------------------------------------------------------------------
    def create(self, name: str, profile: str, settings: dict[str, str | bool]) -> None:
        page = self.org
        page.goto(self.base + "/t/new/")
        type_in(page, "#id_name", name)
        type_in(page, "#id_slug", self.slug)
        type_in(page, "#id_host", "江苏省掼蛋协会")
        pick(page, "#id_profile", profile)
        tap(page, "button.primary")
        page.wait_for_url(self.url())
        page.goto(self.url("settings/"))
        for field, value in settings.items():
            if isinstance(value, bool):
                set_checked(page, f"#id_{field}", value)
            elif texts(page, f"select#id_{field}"):
                pick(page, f"#id_{field}", value)
            else:
                type_in(page, f"#id_{field}", value)
        with page.expect_navigation():
            tap(page, "button.primary")
        assert page.url == self.url(), texts(page, ".error, .errors")

    def staff(self, username: str, name: str, role: str) -> str | None:
        """Add a staff account; its password (shown once), or None for an existing one."""
        page = self.org
        visit(page, self.url("staff/"))
        type_in(page, "input[name=username]", username)
        type_in(page, "input[name=name]", name)
        pick(page, "select[name=role]", role)
        with page.expect_navigation():
            tap(page, "button", "添加")
        return text(page, "#password-once .password code")

    def add_pairs(self, pairs: list[tuple[str, str, str]]) -> None:
        page = self.org
        page.goto(self.url("teams/add/"))
        for name, p1, p2 in pairs:
            type_in(page, "#id_name", name)
            type_in(page, "#id_player1", p1)
            type_in(page, "#id_player2", p2)
            with page.expect_navigation():
                tap(page, "button", "保存并继续添加")

    def import_pairs(self, pairs: list[tuple[str, str, str]], units: bool = True) -> None:
        """Upload a sign-up sheet shaped like a unit's form (序号, 单位名称, 组合名称, 队员一,
        队员二, 备注, a 合计 line after a blank row), preview it and confirm. Each pair's unit
        is the first character of its name and 单位, or left blank (``units=False``)."""
        lines = ["序号,单位名称,组合名称,队员一,队员二,备注"]
        lines += [
            f"{i},{name[0] + '单位' if units else ''},{name},{p1},{p2},"
            for i, (name, p1, p2) in enumerate(pairs, 1)
        ]
        lines += [",,,,,", f"合计,,{len(pairs)}组,,,"]
        page = self.org
        page.goto(self.url("teams/import/"))
        page.set_input_files(
            "input[type=file]",
            {"name": "报名表.csv", "mimeType": "text/csv", "buffer": "\n".join(lines).encode()},
        )
        with page.expect_navigation():
            tap(page, "button", "上传并预览")
        wait_shown(page, f"将导入 {len(pairs)} 个组合")
        assert "序号" in text(page, ".notes") and "备注" in text(page, ".notes")
        with page.expect_navigation():
            tap(page, "button", "确认导入")

    def add_stage(self, kind: str, top: int) -> None:
        """Add a stage on the stages page, qualifying the previous stage's top ``top``."""
        page = self.org
        page.goto(self.url("stages/"))
        pick(page, "select[name=kind]", kind)
        pick(page, "select[name=qualify]", "top")
        type_in(page, "input[name=count]", str(top))
        with page.expect_navigation():
            tap(page, "button", "添加")

    def do_draw(self, seed: str) -> None:
        page = self.org
        page.goto(self.url("draw/"))
        type_in(page, "input[name=seed]", seed)
        page.once("dialog", lambda dialog: dialog.accept())  # 电脑抽签 asks first
        with page.expect_navigation():
            tap(page, "button", "电脑抽签")
        wait_shown(page, f"抽签随机码：{seed}")
        for row in rows(page, "table.table tbody tr"):
            self.draw[int(row[0])] = row[1]

    def d(self, name: str) -> int:
        return next(n for n, pair in self.draw.items() if pair == name)

    def pair_and_publish(self, number: int) -> list[tuple[int, int, int]]:
        """Pair the next round and publish it: [(table, EW draw number, NS draw number)]."""
        page = self.org
        page.goto(self.url("rounds/"))
        with page.expect_navigation():  # to the draft's adjust page
            tap(page, "button", "编排下一轮")
        assert page.url == self.url(f"rounds/{number}/adjust/")
        with page.expect_navigation():
            tap(page, "button", "公布对阵")
        wait_text(page, "#round-status", "已公布")
        return self.tables(page)

    def tables(self, page) -> list[tuple[int, int, int]]:
        """The tables of the round page shown: (table, EW draw number, NS draw number)."""
        out = []
        for row in rows(page, "#tables tbody tr[data-table]"):
            row = [c.strip() for c in row]
            if row[2] and row[2] != "轮空":
                out.append((int(row[0]), self.d(row[1]), self.d(row[2])))
        return sorted(out)

    # --- chief referee -----------------------------------------------------------------
    def chief_action(self, number: int, label: str, go: bool = True) -> None:
        page = self.chief
        if go:
            page.goto(self.url(f"rounds/{number}/"))
        if label in ("确认全部已录入", "锁定本轮"):  # these ask first (data-ask)
            page.once("dialog", lambda dialog: dialog.accept())
        with page.expect_navigation():
            tap(page, "button", label)

    def start(self, number: int) -> None:
        self.chief_action(number, "开赛计时")

    def confirm_and_lock(self, number: int) -> None:
        """The chief referee's page has shown the round since it was started: one of its
        own status polls brings its tables and buttons up to date without a reload."""
        page = self.chief
        assert page.url == self.url(f"rounds/{number}/")
        page.evaluate("GD_LIVE.poll()")
        self.chief_action(number, "确认全部已录入", go=False)
        self.chief_action(number, "锁定本轮", go=False)
        assert text(self.chief, "#round-status") == "已锁定"

    # --- referee -----------------------------------------------------------------------
    def enter(self, number: int, table: int, ew: str, ns: str, **extra: str) -> None:
        """Final levels through the referee's entry form (``extra``: forfeit, pass_how)."""
        page = self.ref
        page.goto(self.url(f"rounds/{number}/table/{table}/"))
        pick(page, "#id_ew_level", ew)
        pick(page, "#id_ns_level", ns)
        for field, value in extra.items():
            pick(page, f"#id_{field}", value)
        tap(page, "button", "提交成绩")
        page.wait_for_url(self.url(f"rounds/{number}/"))

    def foul(self, number: int, table: int, side: str, kind: str) -> None:
        """Log one foul (犯规) through the foul form of the referee's entry page."""
        page = self.ref
        visit(page, self.url(f"rounds/{number}/table/{table}/"))
        pick(page, "form.foul-form select[name=side]", side)
        pick(page, "form.foul-form select[name=kind]", kind)
        pick(page, "form.foul-form select[name=severity]", "foul")
        with page.expect_navigation():
            tap(page, "form.foul-form button", "记录")

    def sheet(self, number: int, table: int, deals: list[tuple[str, str]]) -> None:
        """Deal by deal on the referee's sheet: (winner "东西胜"/"南北胜", partner button)."""
        page = self.ref
        page.goto(self.url(f"rounds/{number}/table/{table}/sheet/"))
        wait_js(page, "document.querySelector('#sheet[data-ready]')")
        for win, partner in deals:
            choose(page, win, partner)
            wait_js(page, SAVED)
        wait_js(page, "document.getElementById('message').innerText.includes('比赛结束')")

    def clerk_sheet(self, number: int, results: dict[int, tuple[str, ...]]) -> None:
        """A round's results through the clerk's sheet (成绩录入表): the chief referee
        downloads the blank sheet, the clerk writes each table's final levels on it (EW, NS,
        and 过A方式 where the event is scored 100+), and the referee uploads it on the round's
        导入成绩表 page: every table or none."""
        response = self.chief.request.get(self.url(f"export/clerk_sheet.xlsx?round={number}"))
        assert response.ok, response.text()[:500]
        book = load_workbook(io.BytesIO(response.body()))
        sheet = book.worksheets[0]
        headers = [c.value for c in sheet[2]]
        assert headers[0] == "台号" and {"东西", "南北", "到时"} <= set(headers)
        for row in sheet.iter_rows(min_row=3):
            for header, value in zip(CLERK_COLUMNS, results[int(row[0].value)], strict=False):
                row[headers.index(header)].value = value
        filled = io.BytesIO()
        book.save(filled)
        page = self.ref
        page.goto(self.url(f"rounds/{number}/import/"))
        upload = {
            "name": "成绩.xlsx",
            "mimeType": CONTENT_TYPES["xlsx"],
            "buffer": filled.getvalue(),
        }
        page.set_input_files("input[type=file]", upload)
        with page.expect_navigation():
            tap(page, "button", "上传并预览")
        assert len(rows(page, "#preview-rows tbody tr")) == len(results), texts(page, ".errors")
        with page.expect_navigation():
            tap(page, "button", "确认导入")
        assert page.url == self.url(f"rounds/{number}/"), texts(page, ".errors")

    def standings(self, page) -> list[dict[str, str]]:
        """The standings page's rows, each as {column header: cell text}, in rank order."""
        page.goto(self.url("standings/"))
        heads = [h.strip() for h in texts(page, "table.standings thead th")]
        return [
            dict(zip(heads, row, strict=False)) for row in rows(page, "table.standings tbody tr")
        ]

    def ranking(self, page, *columns: str) -> list[tuple]:
        """(draw number, *columns) per row of the standings (a phone's name cell: line 1)."""
        rows_ = self.standings(page)
        return [(self.d(row["队名"].split("\n")[0]), *(row[c] for c in columns)) for row in rows_]

    def certificates(self) -> list[str]:
        """Each page's text of the certificates PDF, downloaded by the chief referee."""
        page = self.chief
        response = page.request.get(self.url("export/certificates.pdf"))
        assert response.ok, response.text()[:500]
        return [p.extract_text() for p in PdfReader(io.BytesIO(response.body())).pages]


def visit(page, url: str) -> None:
    """Go to ``url``, unless the page shows it already (the answer to the form just sent)."""
    if page.url != url:
        page.goto(url)


def staff_pages(event: Event) -> None:
    """Create the chief referee's and the referee's accounts on the staff page (each password
    is shown once), and log each into a page of their own."""
    chief_pw = event.staff("chief", "王裁判长", "chief_referee")
    ref_pw = event.staff("ref", "李裁判", "referee")
    assert chief_pw and ref_pw and chief_pw != ref_pw
    event.chief, event.ref = event.page(live=True), event.page()
    login(event.chief, event.base, "chief", chief_pw)
    hold_timers(event.chief)
    login(event.ref, event.base, "ref", ref_pw)


def hold_timers(page) -> None:
    """Stop the page's timers (a Playwright clock installed before it loaded): its status
    polls and its round clock run only when the test moves the clock or calls a poll."""
    page.clock.pause_at(datetime.now() + timedelta(seconds=1))


CLERK_COLUMNS = ("东西", "南北", "过A方式")  # a row's values in :meth:`Event.clerk_sheet`
PAIRS = [(f"{c}队", f"{c}甲", f"{c}乙") for c in "一二三四五六七八"]


# The winner D_w passes A (A+ = 13) and leaves its opponent at LOSER_LEVEL[w]: a margin
# d = 13 − that level's index (2 → 0 … A → 12): D1 13, D2 12, D3 6, D4 4, D5 5, D6 3, D7 2,
# D8 1. The margins differ, so no two pairs tie in a Swiss stage and the lot (抽签), which
# depends on database ids, never decides a pairing or a place.
LOSER_LEVEL = {1: "2", 2: "3", 3: "9", 4: "J", 5: "10", 6: "Q", 7: "K", 8: "A"}


def levels(ew: int, ns: int, upset: frozenset | set = frozenset()) -> tuple[str, str]:
    """Final (EW, NS) levels: the lower draw number wins, unless the pair is ``upset``."""
    win_ew = (ew < ns) != ({ew, ns} == upset)
    loser_level = LOSER_LEVEL[ew if win_ew else ns]
    return ("A+", loser_level) if win_ew else (loser_level, "A+")


def play_round(
    event: Event,
    number: int,
    special: dict | None = None,
    upset=frozenset(),
    clerk=False,
):
    """Pair, publish, start, enter (final levels by :func:`levels` unless ``special`` gives an
    entry function for the table number or for the pair {D_a, D_b}), confirm and lock one
    round; the tables as (table, EW, NS). ``clerk``: the results come on the clerk's sheet
    (:meth:`Event.clerk_sheet`) instead of the referee's entry form: True for
    :func:`levels`, or a function of (EW, NS) that gives a table's row."""
    tables = event.pair_and_publish(number)
    event.start(number)
    special = special or {}
    if clerk:
        assert not special, "a round on the clerk's sheet has every table on it"
        row = clerk if callable(clerk) else lambda ew, ns: levels(ew, ns, upset)
        event.clerk_sheet(number, {table: row(ew, ns) for table, ew, ns in tables})
    else:
        for table, ew, ns in tables:
            enter = special.get(table) or special.get(frozenset((ew, ns)))
            if enter:
                enter(table, ew, ns)
            else:
                event.enter(number, table, *levels(ew, ns, upset))
    event.confirm_and_lock(number)
    return tables
