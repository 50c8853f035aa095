"""Printing: one round naming, natural name order, the bracket chart, score sheets,
results/standings notices, certificates, workbook and clerk sheet, print language."""

from __future__ import annotations

import io

from openpyxl import load_workbook
from pypdf import PdfReader

from pairing.bracket import advance, knockout_bracket
from tests.app.printing.conftest import pages_text
from tests.app.printing.test_parts import EVENT
from tournament.models import Pair, Round, Stage, Table
from tournament.models.table_guard import exempt
from tournament.printing import registry
from tournament.printing.bracket import BracketPdf, bracket_from_state
from tournament.printing.data import PrintedPair
from tournament.printing.makers import Request
from tournament.printing.signin import by_pinyin
from tournament.text.pinyin import name_sort_key
from tournament.text.titles import bracket_round_title, round_title, table_title


def render(tournament, kind, fmt="pdf", **kw) -> bytes:
    out = io.BytesIO()
    registry.run(Request(tournament=tournament, kind=kind, fmt=fmt, **kw), out)
    return out.getvalue()


# -- one naming of rounds ------------------------------------------------------------------


def test_knockout_rounds_are_named_by_the_pairs_left():
    assert [bracket_round_title(i, 16) for i in range(4)] == [
        "1/8决赛",
        "1/4决赛",
        "半决赛",
        "决赛",
    ]
    assert table_title("R3-1", 8) == "决赛" and table_title("3rd", 8) == "三四名决赛"
    assert table_title("R1-2", 16) == "1/8决赛" and table_title("", 16) == ""


def knockout_round(event, pairs: list[Pair], games: int = 1) -> Round:
    """A knockout stage of four after the event's Swiss rounds, its final round paired."""
    event.games = games
    event.save()
    bracket = knockout_bracket([t.pk for t in pairs], third_place=True)
    a, b, c, d = bracket.seeds
    bracket = advance(advance(bracket, "R1-1", a), "R1-2", b)
    stage = Stage.objects.create(
        tournament=event,
        order=2,
        name="决赛阶段",
        kind="knockout",
        rounds=2,
        state={"bracket": bracket.to_dict()},
    )
    r = Round.objects.create(tournament=event, stage=stage, number=3, status=Round.PUBLISHED)
    Table.objects.create(round=r, number=1, ew_id=a, ns_id=b, bracket_id="R2-1", bracket_game=1)
    Table.objects.create(round=r, number=2, ew_id=c, ns_id=d, bracket_id="3rd", bracket_game=1)
    return r


def test_round_title_is_shared_by_pages_and_pdfs(event, organizer):
    from tests.conftest import login

    pairs = list(Pair.objects.filter(tournament=event).order_by("draw_number")[:4])
    r = knockout_round(event, pairs)
    assert round_title(Round.objects.get(tournament=event, number=1)) == "第1轮"
    assert round_title(r) == "第3轮 决赛、三四名决赛"
    page = login(organizer).get(f"/t/{event.slug}/rounds/3/").content.decode()
    assert "第3轮 决赛、三四名决赛" in page
    text = pages_text(render(event, "scoresheets", round=3, base_url="http://x"))
    assert "第3轮 决赛、三四名决赛" in text[0]
    assert "三四名决赛" in text[1] and "加赛胜方" in text[0]


# -- natural order of names ---------------------------------------------------------------


def test_names_with_numbers_sort_by_value():
    names = ["二队", "六队", "三队", "四队", "五队", "一队", "十二队", "十队", "十一队"]
    assert sorted(names, key=name_sort_key) == [
        "一队",
        "二队",
        "三队",
        "四队",
        "五队",
        "六队",
        "十队",
        "十一队",
        "十二队",
    ]
    assert sorted(["10队", "2队", "1队"], key=name_sort_key) == ["1队", "2队", "10队"]
    assert sorted(["一心队", "金陵十队", "金陵九队"], key=name_sort_key)[:2] == [
        "金陵九队",
        "金陵十队",
    ]


def test_signin_list_and_team_page_use_the_natural_order(organizer):
    from tests.app.finished_event import build_event
    from tests.conftest import login

    names = ["二队", "十队", "一队", "十二队", "三队", "2队", "10队", "1队"]
    t = build_event(organizer, slug="nat", size=len(names), names=names)
    order = [p.name for p in by_pinyin(PrintedPair(i, n, "", ()) for i, n in enumerate(names))]
    assert [n for n in order if n[0].isdigit()] == ["1队", "2队", "10队"]
    assert [n for n in order if not n[0].isdigit()] == ["一队", "二队", "三队", "十队", "十二队"]
    book = load_workbook(io.BytesIO(render(t, "signin", "xlsx")))
    listed = [row[2] for row in book.active.iter_rows(values_only=True) if row[2] in names]
    assert listed == ["1队", "一队", "2队", "二队", "三队", "10队", "十队", "十二队"]
    page = login(organizer).get(f"/t/{t.slug}/teams/").content.decode()
    assert page.index(">二队<") < page.index(">三队<") < page.index(">十二队<")
    assert page.index(">2队<") < page.index(">10队<")


# -- bracket chart --------------------------------------------------------------------------


def test_bracket_chart_shows_qualifying_ranks_scores_and_bold_winners():
    b = knockout_bracket([1, 2, 3, 4], third_place=True)
    b = advance(advance(b, "R1-1", 1), "R1-2", 2)
    chart = bracket_from_state({"bracket": b.to_dict()})
    pairs = {i: PrintedPair(i, f"第{i}号组合", "", ()) for i in range(1, 5)}
    scores = {"R1-1": {1: "2", 4: "1"}, "R1-2": {2: "过A", 3: "J"}}
    data = BracketPdf(EVENT, chart, pairs, "决赛阶段", scores).render_bytes()
    text = pages_text(data)[0]
    assert "[1] 第1号组合" in text and "[4] 第4号组合" in text
    assert "过A" in text and "J" in text and "半决赛" in text and "粗体" in text
    content = PdfReader(io.BytesIO(data)).pages[0].get_contents().get_data().decode("latin-1")
    assert "1.8 w" in content  # the winner's line is thick, not only red


# -- score sheets ---------------------------------------------------------------------------


def test_reprinted_sheet_shows_logged_fouls_and_warnings_and_fills_the_date(event, organizer):
    from tournament.models import Foul

    m = Table.objects.filter(round__tournament=event, round__number=1).exclude(deals=[]).get()
    other = Table.objects.filter(round=m.round, number=1).get()
    Foul.objects.create(
        table=other,
        pair=other.ns,
        kind="signalling",
        severity="warning",
        deal_number=4,
        referee=organizer,
        remark="暗示",
    )
    pages = pages_text(render(event, "scoresheets", round=1, base_url="http://x"))
    first, sheet = pages[0], pages[m.number - 1]
    assert "南北 暗示/暴露牌 警告" in first and "日期：2025年5月1日" in first
    assert "东西 越序出牌 犯规" in sheet and "南北 越序出牌 警告" in sheet
    assert "过A" in sheet and "A+" not in sheet
    assert "开始时间" in sheet and "迟到" in sheet and "本台裁判" in sheet


# -- results and standings notices ----------------------------------------------------------


def test_results_notice_has_fouls_signature_final_tables_and_whole_names(event):
    from tournament.models import Player

    pairs = list(Pair.objects.filter(tournament=event).order_by("draw_number")[:4])
    long = "南京市鼓楼区老年人体育协会掼蛋代表队"
    Pair.objects.filter(pk=pairs[0].pk).update(name=long)
    Player.objects.filter(pair=pairs[0]).update(name="欧阳建国华")
    knockout_round(event, pairs)
    text = "".join(pages_text(render(event, "results", round=3)))
    assert "决赛" in text and "三四名决赛" in text and "裁判长签名" in text
    assert long in text and "欧阳建国华" in text and "…" not in text
    r1 = "".join(pages_text(render(event, "results", round=1)))
    assert "东西犯规1" in r1 and "南北警告1" in r1
    standings = "".join(pages_text(render(event, "standings")))
    assert "裁判长签名" in standings and "说明" in standings and "犯规1" in standings


# -- certificates ---------------------------------------------------------------------------


def test_certificates_are_stamped_until_the_event_is_over_and_signed_by_the_host(event):
    event.host = ""
    event.save()
    text = "".join(pages_text(render(event, "certificates")))
    assert "未完赛" in text and "alice" not in text and "（盖章）" in text
    Round.objects.filter(tournament=event).update(status=Round.LOCKED)
    event.host = "江苏省掼蛋协会"
    event.save()
    text = "".join(pages_text(render(event, "certificates")))
    assert "未完赛" not in text and "江苏省掼蛋协会" in text


def test_create_tournament_takes_the_host_and_print_language(organizer):
    from django.core.management import call_command

    from tournament.models import Tournament

    organizer.is_superuser = True
    organizer.save()
    call_command(
        "create_tournament",
        "hosted",
        "--name",
        "测试赛",
        "--host",
        "市体育总会",
        "--print-language",
        "en",
        "--organizer",
        "alice",
    )
    t = Tournament.objects.get(slug="hosted")
    assert (t.host, t.print_language) == ("市体育总会", "en")


# -- print language -------------------------------------------------------------------------


def test_pdfs_follow_the_events_print_language(event):
    event.print_language = "en"
    event.save()
    sheet = pages_text(render(event, "scoresheets", round=1, base_url="http://x"))[0]
    assert "Round 1" in sheet and "第1轮" not in sheet
    event.print_language = "zh-hans"
    event.save()
    assert "比赛记录表" in pages_text(render(event, "scoresheets", round=1, base_url="http://x"))[0]


# -- spreadsheets ---------------------------------------------------------------------------


def test_every_xlsx_names_the_event_and_the_workbook_has_fouls_and_knockout_names(event):
    for kind, kw in (
        ("pairings", {"round": 1}),
        ("results", {"round": 1}),
        ("standings", {}),
        ("units", {}),
        ("signin", {}),
    ):
        ws = load_workbook(io.BytesIO(render(event, kind, "xlsx", **kw))).worksheets[0]
        assert ws["A1"].value.startswith("2025春季掼蛋公开赛 · "), kind
    pairs = list(Pair.objects.filter(tournament=event).order_by("draw_number")[:4])
    knockout_round(event, pairs)
    book = load_workbook(io.BytesIO(render(event, "workbook", "xlsx")))
    assert "第3轮 决赛、三四名决赛" in book.sheetnames
    fouls = list(book["犯规记录"].iter_rows(values_only=True))
    assert fouls[1][:2] == ("轮次", "台号")
    assert {(r[2], r[6]) for r in fouls[2:]} == {("东西", "犯规"), ("南北", "警告")}


def test_clerk_sheet_filled_in_imports_back_with_import_results(event, tmp_path):
    from django.core.management import call_command

    data = render(event, "clerk_sheet", "xlsx", round=2)
    book = load_workbook(io.BytesIO(data))
    ws = book.worksheets[0]
    assert ws["A1"].value == "2025春季掼蛋公开赛 · 第2轮成绩录入表"
    headers = [c.value for c in ws[2]]
    assert headers == [
        "台号",
        "东西抽签号",
        "东西组合",
        "南北抽签号",
        "南北组合",
        "东西",
        "南北",
        "东西犯规",
        "南北犯规",
        "弃权",
        "到时",
    ]
    tables = [row[0].value for row in ws.iter_rows(min_row=3)]
    played = Table.objects.filter(round__tournament=event, round__number=2).exclude(ns=None)
    assert sorted(tables) == sorted(played.values_list("number", flat=True))
    by_table = {m.number: m for m in played.select_related("ew", "ns")}
    for row in ws.iter_rows(min_row=3):
        m = by_table[row[0].value]
        assert (row[1].value, row[3].value) == (m.ew.draw_number, m.ns.draw_number)
        assert m.ew.name in row[2].value and m.ns.name in row[4].value
        row[5].value, row[6].value, row[7].value = "A+", "9", 0
    path = tmp_path / "clerk.xlsx"
    book.save(path)
    with exempt("fixture"):  # set up directly, outside the write rule
        Table.objects.filter(round__tournament=event, round__number=2).exclude(ns=None).update(
            state="empty", ew_level="", ns_level=""
        )
    call_command("import_results", event.slug, "2", str(path))
    assert set(played.values_list("ew_level", "ns_level")) == {("A+", "9")}


def test_long_names_and_units_are_never_cut_while_the_cell_has_room(event):
    from tournament.models import Player, Unit

    t = Pair.objects.filter(tournament=event).order_by("draw_number")[1]
    Unit.objects.filter(pk=t.unit_id).update(
        name="江苏省南京市鼓楼区老年人体育协会掼蛋分会第一代表队"
    )
    Player.objects.filter(pair=t, position=1).update(name="欧阳建国华")
    Player.objects.filter(pair=t, position=2).update(name="司马慕容雪")
    for kind, kw in (("results", {"round": 1}), ("standings", {}), ("pairings", {"round": 1})):
        text = "".join(pages_text(render(event, kind, **kw)))
        assert "…" not in text and "欧阳建国华" in text, kind


def test_a_first_wrong_card_count_prints_as_a_warning(event):
    from tournament.printing.deallines import deal_lines, sheet_fouls
    from tournament.standings.selectors import ruleset

    steps = [{"win": "EW", "partner": 2}, {"foul": "NS", "kind": "wrong_count"}]
    rules = ruleset(event)
    assert deal_lines(rules, steps)[1].note.startswith("南北警告")
    assert [f.severity for f in sheet_fouls(rules, steps)] == ["warning"]


def test_round_list_and_projector_name_knockout_rounds_like_the_pdfs(event, organizer):
    from tests.conftest import login

    pairs = list(Pair.objects.filter(tournament=event).order_by("draw_number")[:4])
    knockout_round(event, pairs)
    client = login(organizer)
    assert "第3轮 决赛、三四名决赛" in client.get(f"/t/{event.slug}/rounds/").content.decode()
    projector = client.get(f"/t/{event.slug}/projector/3/").content.decode()
    assert "第3轮 决赛、三四名决赛" in projector


def test_settings_form_sets_the_host_and_print_language(event, organizer):
    from tests.conftest import login
    from tests.forms import posted_back

    client = login(organizer)
    page = client.get(f"/t/{event.slug}/settings/").content.decode()
    assert 'name="print_language"' in page and 'name="host"' in page
    data = posted_back(page)
    data.update(host=["省体育局"], print_language=["en"])
    assert client.post(f"/t/{event.slug}/settings/", data).status_code == 302
    event.refresh_from_db()
    assert (event.host, event.print_language) == ("省体育局", "en")


def test_export_page_names_rounds_with_round_title(event, organizer):
    from tests.conftest import login

    knockout_round(event, list(Pair.objects.filter(tournament=event).order_by("draw_number")[:4]))
    page = login(organizer).get(f"/t/{event.slug}/export/").content.decode()
    assert "第3轮 决赛、三四名决赛" in page and "成绩录入表" in page
