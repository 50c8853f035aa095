"""A whole individual event (个人赛, docs/rules.md §17) through the web.

The organizer creates the event (个人赛) and its staff, imports eighteen players from a
sheet (姓名, 单位, 手机), draws, and pairs five Swiss rounds; each round seats sixteen players
four to a table with new partners and two sit out. The referee enters every table on the
phone; in round 2 one side forfeits its table. The standings are checked against each
player's score worked out in the test from the tables the pages showed, by the rules of
docs/rules.md §6.1 and §17.4 (the same arithmetic as a referee with a pencil):

- at a table the side holding the player with the LOWER draw number wins, passing A (A+)
  and leaving the other side at ``LOSER[table]``: 13 + d : 13 − d, d = 13 − the loser's
  level index, each player of a side taking the side's score and 级差分;
- a forfeited table: 18 : 0, ±5; a sit-out scores as a forfeit win (``bye_policy``
  forfeit_win): 18, +5.
"""

from __future__ import annotations

import io
from collections import Counter

import pytest
from pypdf import PdfReader

from rules.levels import level_index
from tests.browser.taps import pick, rows, set_checked, tap, text, texts, type_in, wait_shown
from tests.browser.test_four_events import crew  # noqa: F401
from tests.browser.web_event import Event, staff_pages

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

LOSER = {1: "2", 2: "5", 3: "9", 4: "J"}  # the loser's level at each table: d = 13, 10, 6, 4
NAMES = [
    "赵一",
    "钱二",
    "孙三",
    "李四",
    "周五",
    "吴六",
    "郑七",
    "王八",
    "冯九",
    "陈十",
    "褚十一",
    "卫十二",
    "蒋十三",
    "沈十四",
    "韩十五",
    "杨十六",
    "朱十七",
    "秦十八",
]
UNITS = ["南京市掼蛋协会", "扬州市体育总会", "淮安市掼蛋协会"]


def sheet() -> bytes:
    lines = ["姓名,单位,手机"]
    lines += [f"{n},{UNITS[i % 3]},1391234{i:04d}" for i, n in enumerate(NAMES)]
    return "\n".join(lines).encode()


class IndividualEvent(Event):
    """:class:`Event` for players alone: ``draw`` maps draw numbers to names."""

    def create_individuals(self, name: str, settings: dict) -> None:
        page = self.org
        page.goto(self.base + "/t/new/")
        type_in(page, "#id_name", name)
        type_in(page, "#id_slug", self.slug)
        pick(page, "#id_profile", "swiss_points26")
        pick(page, "#id_entry", "individuals")
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

    def import_players(self) -> None:
        page = self.org
        page.goto(self.url("players/import/"))
        upload = {"name": "个人报名表.csv", "mimeType": "text/csv", "buffer": sheet()}
        page.set_input_files("input[type=file]", upload)
        with page.expect_navigation():
            tap(page, "form[enctype] button.primary")
        wait_shown(page, "确认导入")
        with page.expect_navigation():
            tap(page, "button", "确认导入")

    def pair_and_publish(self, number: int):
        """Pair the next round and publish it: ([(table, EW players, NS players)], sit-outs),
        players by draw number."""
        page = self.org
        page.goto(self.url("rounds/"))
        with page.expect_navigation():
            tap(page, "button", "编排下一轮")
        with page.expect_navigation():
            tap(page, "button", "公布对阵")
        tables, out = [], []
        for row in rows(page, "#tables tbody tr[data-table]"):
            row = [c.strip() for c in row]
            if row[2] == "轮空" or not row[2]:
                out.append(self.d(row[1]))
            else:
                tables.append((int(row[0]), self.side(row[1]), self.side(row[2])))
        return sorted(tables), sorted(out)

    def side(self, pair: str) -> tuple[int, int]:
        return tuple(sorted(self.d(name) for name in pair.split("/")))

    def standings_of_players(self, page) -> dict[int, tuple[str, str, str]]:
        """Draw number → (名次, 积分, 级差分) from the players' standings page."""
        page.goto(self.url("standings/"))
        heads = [h.strip() for h in texts(page, "#individual-standings thead th")]
        found = {}
        for row in rows(page, "#individual-standings tbody tr"):
            cells = dict(zip(heads, row, strict=False))
            name = cells["选手"].split("\n")[0].split(" ")[0]
            found[self.d(name)] = (cells["名次"], cells["积分"], cells["级差分"])
        return found


def levels(table: int, ew: tuple, ns: tuple) -> tuple[str, str]:
    if min(ew) < min(ns):
        return "A+", LOSER[table]
    return LOSER[table], "A+"


def test_an_individual_event_through_the_web(crew, browser):  # noqa: F811
    base, org, phone = crew
    e = IndividualEvent(base, "geren", org, None, None, phone)
    e.create_individuals(
        "2026掼蛋个人赛",
        {"rounds": "5", "publish_pairings": True, "publish_standings": True},
    )
    staff_pages(e)
    e.import_players()
    e.do_draw("2026")
    assert sorted(e.draw) == list(range(1, 19)) and set(e.draw.values()) == set(NAMES)

    points, diff = Counter(), Counter()
    partners, sat_out = Counter(), Counter()
    for number in range(1, 6):
        tables, out = e.pair_and_publish(number)
        assert len(tables) == 4 and len(out) == 2
        if number == 1:  # draw order, 1st + 4th against 2nd + 3rd; 17 and 18 sit out
            assert out == [17, 18]
            assert [(t, set(ew + ns)) for t, ew, ns in tables] == [
                (n + 1, set(range(4 * n + 1, 4 * n + 5))) for n in range(4)
            ]
            assert {tables[0][1], tables[0][2]} == {(1, 4), (2, 3)}
        e.start(number)
        for table, ew, ns in tables:
            partners.update([frozenset(ew), frozenset(ns)])
            if number == 2 and table == 1:  # the side without the lower number forfeits
                loser = "NS" if min(ew) < min(ns) else "EW"
                e.enter(number, table, "", "", forfeit=loser)
                win, lose, d = (ew, ns, 5) if loser == "NS" else (ns, ew, 5)
                points.update(dict.fromkeys(win, 18))
                points.update(dict.fromkeys(lose, 0))
            else:
                ew_level, ns_level = levels(table, ew, ns)
                e.enter(number, table, ew_level, ns_level)
                d = 13 - level_index(LOSER[table])
                win, lose = (ew, ns) if min(ew) < min(ns) else (ns, ew)
                points.update(dict.fromkeys(win, 13 + d))
                points.update(dict.fromkeys(lose, 13 - d))
            diff.update(dict.fromkeys(win, d))
            diff.update(dict.fromkeys(lose, -d))
        for player in out:
            sat_out[player] += 1
            points[player] += 18
            diff[player] += 5
        e.confirm_and_lock(number)
    assert max(partners.values()) == 1, "a partner twice"
    assert max(sat_out.values()) == 1 and len(sat_out) == 10, "a sit-out twice"

    player = e.page()  # a spectator's phone
    shown = e.standings_of_players(player)
    assert {n: (p, dd) for n, (_, p, dd) in shown.items()} == {
        n: (str(points[n]), str(diff[n])) for n in range(1, 19)
    }
    order = sorted(shown, key=lambda n: int(shown[n][0]))
    assert [points[n] for n in order] == sorted(points.values(), reverse=True)
    e.all_pages_fit()
    pdfs(e, order)
    desktop(e, browser, shown)


def pdfs(e: IndividualEvent, order) -> None:
    def pdf(kind: str, query: str = "") -> str:
        response = e.chief.request.get(e.url(f"export/{kind}.pdf{query}"))
        assert response.ok, response.text()[:500]
        return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(response.body())).pages)

    standings = pdf("standings")
    positions = [standings.index(e.draw[n]) for n in order[:5]]
    assert positions == sorted(positions)
    pairings = pdf("pairings", "?round=5")
    assert "轮空" in pairings and all(e.draw[n] in pairings for n in range(1, 19))
    assert e.draw[order[0]] in pdf("certificates")


def desktop(e: IndividualEvent, browser, shown) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="zh-CN")
    page = context.new_page()
    assert e.standings_of_players(page) == shown
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    page.goto(e.url("pairings/5/"))
    body = text(page, "body")
    assert "轮空" in body and "/" in body
    context.close()
