"""No page of the referee and player paths scrolls sideways on a 390 px phone."""

from __future__ import annotations

import os

import pytest
from django.urls import reverse

from tests.browser.conftest import signed_in, wider_than_screen
from tests.browser.taps import pick, tap, text, type_in, wait_js, wait_shown
from tests.browser.web_event import Event
from tournament.core.actors import user_actor
from tournament.models import Round, Table
from tournament.models.table_guard import exempt
from tournament.results.checks import ResultValues
from tournament.results.fouls import record_foul
from tournament.results.services import save_scoresheet, submit_result

pytestmark = pytest.mark.django_db(transaction=True)

# Set SHOTS=/some/dir to keep a screenshot of every page walked (for looking at the layout).
SHOTS = os.environ.get("SHOTS")


@pytest.fixture
def event(tournament, pairs8, make_round, register):
    tournament.table_entry = True
    tournament.publish_pairings = True
    tournament.save()
    # A long name (real events have them) must wrap, not widen the page.
    pairs8[0].name = "南京市玄武区老年大学掼蛋协会一队"
    pairs8[0].save()
    # Round 1 locked with results, so the standings have rows (and their 积分 column);
    # round 2 is the one being played.
    round1 = make_round(tournament, pairs8)
    for i, table in enumerate(round1.tables.all()):
        with exempt("fixture"):  # set up directly, outside the write rule
            Table.objects.filter(pk=table.pk).update(
                state=Table.CONFIRMED, ew_level="A+", ns_level=str(3 + i), winner="EW"
            )
    Round.objects.filter(pk=round1.pk).update(status=Round.LOCKED)
    return make_round(tournament, [pairs8[i] for i in (0, 2, 1, 3, 4, 6, 5, 7)], number=2)


def overflow(page, url: str, name: str) -> int:
    page.goto(url)
    if text(page, "#sheet") is not None:  # a score sheet loads its deals after the page
        wait_js(page, "document.querySelector('#sheet[data-ready]')")
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)
    return wider_than_screen(page)


def test_referee_pages_fit_a_phone(live_server, phone, event, referee, chief):
    m1 = Table.objects.get(round=event, number=1)
    m1 = save_scoresheet(
        m1, [{"win": "EW", "partner": 4}], version=m1.version, by=user_actor(referee)
    )
    for _ in range(2):  # a foul and a warning on the sheet: the page used to widen to 535 px
        record_foul(
            Table.objects.get(pk=m1.pk),
            side="NS",
            kind="out_of_turn",
            severity="foul",
            remark="出牌顺序错误，已提醒",
            by=user_actor(referee),
        )
    m2 = Table.objects.get(round=event, number=2)
    submit_result(
        m2, ResultValues("A+", "K", winner="EW"), version=m2.version, by=user_actor(referee)
    )
    submit_result(
        Table.objects.get(pk=m2.pk),
        ResultValues("A+", "5", winner="EW"),
        version=None,
        by=user_actor(chief),
    )
    page = phone()
    signed_in(page, live_server.url, "chief")
    urls = {
        "round_list": reverse("round_list", args=["spring"]),
        "round_control": reverse("round_control", args=["spring", 2]),
        "entry_after_foul": reverse("table_entry", args=["spring", 2, 1]),
        "entry_disputed": reverse("table_entry", args=["spring", 2, 2]),
        "sheet": reverse("table_sheet", args=["spring", 2, 1]),
        "fouls": reverse("round_fouls", args=["spring", 2]),
        "audit": reverse("round_audit", args=["spring", 2]),
        "standings": reverse("standings", args=["spring"]),
        "pairings": reverse("pairings", args=["spring", 2]),
    }
    wide = {name: overflow(page, live_server.url + url, name) for name, url in urls.items()}
    # A foul recorded through the entry page's own form, then the page it comes back to.
    page.goto(live_server.url + reverse("table_entry", args=["spring", 2, 3]))
    pick(page, "#id_severity", "foul")
    type_in(page, "#id_remark", "第三副出牌顺序错误，已当场提醒并按规定处罚")
    with page.expect_navigation():
        tap(page, "button", "记录")
    wait_shown(page, "已记录")
    wide["entry_after_web_foul"] = wider_than_screen(page)
    with page.expect_navigation():
        tap(page, "button", "南北迟到")
    wide["confirm_absent"] = wider_than_screen(page)
    assert {name: px for name, px in wide.items() if px > 0} == {}


def test_player_pages_fit_a_phone(live_server, phone, event):
    m = Table.objects.get(round=event, number=1)
    code = [m.pk, m.ew_code]
    page = phone()
    urls = {
        "player_entry": reverse("side_entry", args=["spring", *code]),
        "player_sheet": reverse("side_sheet", args=["spring", *code]),
        "player_pairings": reverse("pairings", args=["spring", 2]),
        "player_standings": reverse("standings", args=["spring"]),
        "player_404": reverse("side_entry", args=["spring", m.pk, "wrong"]),
    }
    wide = {name: overflow(page, live_server.url + url, name) for name, url in urls.items()}
    assert {name: px for name, px in wide.items() if px > 0} == {}


# Each word of the round table's headers and state badges, as [text, lines it takes]: a word
# on more than one line was broken in the middle ("Ta/ble", "Ente/red"). A dash may end a
# line ("East–/West"): the parts on either side count as words.
WORD_LINES = """Array.from(document.querySelectorAll(SELECTOR))
  .flatMap(el => Array.from(el.textContent.matchAll(/[^\\s–-]+/g), m => {
    const range = document.createRange(), node = el.firstChild;
    range.setStart(node, m.index);
    range.setEnd(node, m.index + m[0].length);
    return [m[0], new Set(Array.from(range.getClientRects(), r => Math.round(r.top))).size];
  }))"""


def test_english_round_control_keeps_words_whole_on_a_phone(live_server, phone, event, chief):
    m = Table.objects.get(round=event, number=2)
    submit_result(m, ResultValues("A+", "K", winner="EW"), version=m.version, by=user_actor(chief))
    page = phone()
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])
    signed_in(page, live_server.url, "chief")
    assert overflow(page, live_server.url + reverse("round_control", args=["spring", 2]), "en") == 0
    words = page.evaluate(WORD_LINES.replace("SELECTOR", "'table.table th, table.table .badge'"))
    assert "Table" in [w for w, _ in words] and "Entered" in [w for w, _ in words]
    assert [w for w, lines in words if lines > 1] == []


def test_english_overview_and_entry_fit_a_phone(live_server, phone, event, chief):
    """In English the overview's rules list (a label of 55 letters) widened the page to
    575 px, the entry form's right-hand fields stuck out of their card and the export
    page's table scrolled 17 px."""
    page = phone()
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])
    signed_in(page, live_server.url, "chief")
    wide = {
        "en_entry": overflow(
            page, live_server.url + reverse("table_entry", args=["spring", 2, 1]), "en_entry"
        )
    }
    assert "Enter final levels" in text(page, "body")  # the page is in English
    fields = page.evaluate("""Math.max(...Array.from(document.querySelectorAll(
        '.grid2 input, .grid2 select'), el => el.getBoundingClientRect().right)) - innerWidth""")
    urls = {
        "en_overview": reverse("tournament_detail", args=["spring"]),
        "en_exports": reverse("export_index", args=["spring"]),
    }
    wide.update({name: overflow(page, live_server.url + url, name) for name, url in urls.items()})
    assert (wide, fields <= 0) == ({"en_overview": 0, "en_entry": 0, "en_exports": 0}, True)


def test_english_team_list_keeps_its_action_words_whole_on_a_phone(live_server, phone, event):
    """ "Withdraw" showed as "With/dra/w" in the team list's last column."""
    page = phone()
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])
    signed_in(page, live_server.url, "alice")
    assert overflow(page, live_server.url + reverse("pair_list", args=["spring"]), "en_teams") == 0
    words = page.evaluate(
        WORD_LINES.replace("SELECTOR", "'table.table td .link, table.table td a'")
    )
    assert "Withdraw" in [w for w, _ in words] and "Edit" in [w for w, _ in words]
    assert [w for w, lines in words if lines > 1 and w in ("Withdraw", "Edit")] == []


def test_english_team_history_keeps_seats_and_levels_whole_on_a_phone(live_server, phone, event):
    """The seat "North–South" showed as "Nort/h–/Sou/th" and "passed A" as "passe/d A"."""
    page = phone()
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])
    event.tournament.publish_standings = True  # a pair's history is public with the standings
    event.tournament.save()
    # Played North–South in round 1 and lost to passed A.
    pair = Table.objects.get(round__tournament=event.tournament, round__number=1, number=1).ns
    url = live_server.url + reverse("pair_history", args=["spring", pair.pk])
    wide = overflow(page, url, "en_history")
    words = page.evaluate(WORD_LINES.replace("SELECTOR", "'table.table td.words'"))
    assert {"North", "South", "passed"} <= {w for w, _ in words}
    assert ([w for w, lines in words if lines > 1], wide) == ([], 0)


# A block wider than the phone, added by a page's own script.
WIDEN = """() => {
  const block = document.createElement("div");
  block.style.width = "900px";
  block.textContent = "宽";
  document.body.append(block);
}"""


def test_the_width_watch_of_the_whole_events_catches_a_page_too_wide(live_server, phone):
    """The four whole events watch every page of the referee's and players' paths
    (web_event.Event.page) instead of asking after each: a page too wide when it loads, when
    it is left, or when the test ends on it is named; a page that fits is not."""
    event = Event(live_server.url, "spring", None, None, None, phone)
    page = event.page()
    page.add_init_script(
        f"if (location.search === '?wide=load') addEventListener('DOMContentLoaded', {WIDEN})"
    )
    login_page = live_server.url + reverse("login")
    page.goto(login_page + "?wide=load")
    page.goto(login_page + "?wide=later")
    page.evaluate(WIDEN)
    page.goto(live_server.url + "/")  # fits
    page.goto(login_page + "?wide=last")
    page.evaluate(WIDEN)
    with pytest.raises(AssertionError) as caught:
        event.all_pages_fit()
    wide = [
        "/accounts/login/?wide=last",
        "/accounts/login/?wide=later",
        "/accounts/login/?wide=load",
    ]
    assert str(caught.value).startswith(f"wider than the phone screen: {wide}")


# Each standings row as [rank, team cell's visible text, its second line shown or not].
STANDING_ROWS = """Array.from(document.querySelectorAll('table.standings tbody tr'), tr => {
  const line = tr.querySelector('.tb-line');
  return [tr.cells[0].innerText.trim(), tr.cells[1].innerText.trim(),
          line !== null && line.getBoundingClientRect().height > 0];
})"""


def test_phone_standings_tell_tied_pairs_apart(live_server, phone, event):
    """The phone hid every tiebreak column after the first: pairs tied on points and the
    first tiebreak looked identical. The later tiebreaks' values now show on a second line
    under the pair's name, and the page still fits."""
    event.tournament.publish_standings = True
    event.tournament.save()
    page = phone()
    url = live_server.url + reverse("standings", args=["spring"])
    assert overflow(page, url, "standings_tb_line") == 0
    rows = page.evaluate(STANDING_ROWS)
    # Round 1's losers differ by level only: 对手分 (the second tiebreak) must show.
    assert len(rows) == 8 and all(shown for _, _, shown in rows)
    assert all("对手分" in cell for _, cell, _ in rows)
    page.set_viewport_size({"width": 1280, "height": 900})  # wide: the columns, no line
    assert page.evaluate(STANDING_ROWS)[0][2] is False


def test_checkboxes_are_finger_sized_and_buttons_in_the_page_font(live_server, phone, event):
    """At 390 px the stage form's checkboxes were 13 px, and every button ("Add", 搜索) was
    drawn in the system's sans beside the page's font."""
    page = phone()
    signed_in(page, live_server.url, "alice")
    assert overflow(page, live_server.url + reverse("stage_list", args=["spring"]), "stages") == 0
    boxes = page.evaluate("""Array.from(document.querySelectorAll('input[type=checkbox]'),
        el => Math.min(el.getBoundingClientRect().width, el.getBoundingClientRect().height))""")
    assert boxes and min(boxes) >= 20
    fonts = page.evaluate("""[getComputedStyle(document.body).fontFamily,
        ...Array.from(document.querySelectorAll('button'), el => getComputedStyle(el).fontFamily)]""")
    assert len(fonts) > 1 and set(fonts) == {fonts[0]}


def test_the_chiefs_two_entry_buttons_do_not_touch_on_a_phone(live_server, phone, event, chief):
    """In English at 390 px "Chief referee ruling (confirm directly)" wrapped above "Submit
    result" with no space between them: one tap could land on the other."""
    m = Table.objects.get(round=event, number=2)
    submit_result(m, ResultValues("A+", "K", winner="EW"), version=m.version, by=user_actor(chief))
    page = phone()
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])
    signed_in(page, live_server.url, "chief")
    url = live_server.url + reverse("table_entry", args=["spring", 2, 2])
    assert overflow(page, url, "en_chief_entry") == 0
    rule, enter = (
        page.locator(f"button[name=action][value={v}]").bounding_box() for v in ("rule", "enter")
    )
    same_row = abs(rule["y"] - enter["y"]) < 1
    gap = (
        enter["x"] - (rule["x"] + rule["width"])
        if same_row
        else enter["y"] - (rule["y"] + rule["height"])
    )
    assert gap >= 6


def test_the_sign_up_challenges_hint_sits_under_its_answer_box(live_server, phone, tournament):
    """At 390 px the hint began beside the answer box and wrapped around it."""
    from tournament.models import SignUpConfig

    SignUpConfig.objects.create(tournament=tournament, is_open=True)
    page = phone()
    assert overflow(page, live_server.url + reverse("signup_page", args=["spring"]), "signup") == 0
    answer = page.locator(".captcha input:not([type=hidden])").bounding_box()
    hint = page.locator(".captcha .muted").bounding_box()
    assert hint["y"] >= answer["y"] + answer["height"]
