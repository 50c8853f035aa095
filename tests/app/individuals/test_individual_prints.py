"""An individual event's printouts and exports, read back: PDFs through pypdf, xlsx through
openpyxl. 18 players: four tables a round and two players sitting out. Every odd table is
won by East–West A+ : 10, every even one by North–South Q : 9."""

from __future__ import annotations

import io
import os
import time

import pytest
from openpyxl import load_workbook

from tests.app.conftest import organizers_words
from tests.app.individuals.individual_event import build_individual_event, play_round
from tests.app.printing.conftest import pages_text
from tests.app.printing.test_english_prints import CHINESE, text_of
from tests.conftest import existing_user
from tests.shared_build import shared_build
from tournament.core.actors import user_actor
from tournament.individuals.partnerships import individuals_of_pairs
from tournament.individuals.standings import individual_standings_for
from tournament.models import Individual, Table, Tournament
from tournament.models.result_values import ResultValues
from tournament.printing.makers import Request
from tournament.printing.registry import KINDS, run
from tournament.results.services import submit_result
from tournament.rounds.lifecycle import publish_round
from tournament.rounds.pairing import pair_next_round

pytestmark = pytest.mark.django_db

DUMP = os.environ.get("INDPRINT_DUMP")  # a folder: every file rendered is written there


def render(t, kind, fmt="pdf", **kw) -> bytes:
    out = io.BytesIO()
    run(Request(tournament=t, kind=kind, fmt=fmt, base_url="http://testserver", **kw), out)
    data = out.getvalue()
    if DUMP:
        suffix = "".join(f"-{k}{v}" for k, v in kw.items())
        with open(os.path.join(DUMP, f"{t.slug}-{kind}{suffix}.{fmt}"), "wb") as f:
            f.write(data)
    return data


def levels(table):
    return ("A+", "10") if table.number % 2 else ("9", "Q")


@shared_build
def individual_prints_event():
    """18 players, two rounds played: built once for the module's tests (tests/shared_build.py)."""
    organizer = existing_user("alice", organizer=True)
    t = build_individual_event(organizer, players=18, rounds=3)
    play_round(t, organizer, levels)
    play_round(t, organizer, levels)
    return t.pk


@pytest.fixture
def event(individual_prints_event):
    return Tournament.objects.get(pk=individual_prints_event)


def flat(text: str) -> str:
    return text.replace(" ", "").replace("\n", "")


def seating(t, number):
    """{table: (ew name, [east, west], ns name, [south, north])} and the sit-outs' names,
    from the database."""
    people = individuals_of_pairs(t)
    names = dict(Individual.objects.filter(tournament=t).values_list("pk", "name"))
    tables, out = {}, []
    rows = Table.objects.filter(round__tournament=t, round__number=number).select_related(
        "ew", "ns"
    )
    for x in rows:
        ew = [names[p] for p in people[x.ew_id]]
        if x.ns_id is None:
            out += ew
            continue
        tables[x.number] = (x.ew.name, ew, x.ns.name, [names[p] for p in people[x.ns_id]])
    return tables, sorted(out)


def player_unit(t):
    return {i.name: i.unit.name if i.unit else "" for i in Individual.objects.filter(tournament=t)}


def test_pairings_name_both_players_of_each_side_with_seats_and_the_sit_outs(event):
    pages = pages_text(render(event, "pairings", round=2))
    first = flat(pages[0])
    tables, out = seating(event, 2)
    assert len(tables) == 4 and len(out) == 2
    for number, (ew, (east, west), ns, (south, north)) in tables.items():
        assert ew == f"{east}/{west}" and ns == f"{south}/{north}"  # partnerships "甲/乙"
        assert f"{number}{ew}" in first
        assert f"{east}（东）、{west}（西）" in first and f"{south}（南）、{north}（北）" in first
    assert "本轮轮空的选手" in first and all(name in first for name in out)
    # find your table: each player → table, seat and partner, in pinyin order of names
    found = flat(pages[-1])
    assert "第2轮查找台号（按选手姓名排序）" in found
    units = player_unit(event)
    for number, (_ew, (east, west), _ns, (south, north)) in tables.items():
        for name, seat, partner in (
            (east, "东", west),
            (west, "西", east),
            (south, "南", north),
            (north, "北", south),
        ):
            assert f"{name}{units[name]}{number}{seat}{partner}" in found
    for name in out:
        assert f"{name}{units[name]}—轮空" in found


def test_pairings_before_points_are_the_players_own(event):
    rows = {r.player: r.points for r in individual_standings_for(event, after_round=1)}
    names = dict(Individual.objects.filter(tournament=event).values_list("name", "pk"))
    book = load_workbook(io.BytesIO(render(event, "pairings", "xlsx", round=2)))
    sheet, seats = book.worksheets
    header, *lines = list(sheet.iter_rows(values_only=True))[1:]
    assert header == ("台号", "东西组合", "东", "西", "东西赛前积分") + (
        "南北组合",
        "南",
        "北",
        "南北赛前积分",
    )
    tables, out = seating(event, 2)
    played = {r[0]: r for r in lines if r[0] is not None}
    for number, (ew, (east, west), ns, (south, north)) in tables.items():
        r = played[number]
        assert r[1:4] == (ew, east, west) and r[5:8] == (ns, south, north)
        assert r[4] == f"{rows[names[east]]}/{rows[names[west]]}"
    byes = [r for r in lines if r[0] is None]
    assert sorted(r[1] for r in byes) == out and {r[5] for r in byes} == {"轮空"}
    header, *lines = list(seats.iter_rows(values_only=True))[1:]
    assert header == ("选手", "单位", "台号", "座位", "方", "搭档") and len(lines) == 18
    by_name = {r[0]: r for r in lines}
    for number, (_ew, (east, west), _ns, _nsp) in tables.items():
        assert by_name[east][2:] == (number, "东", "东西", west)
    for name in out:
        assert by_name[name][2:5] == (None, "轮空", None)


def test_pairings_csv_carries_both_lists(event):
    text = render(event, "pairings", "csv", round=2).decode("utf-8-sig")
    assert text.startswith("台号,东西组合,东,西,东西赛前积分,南北组合,南,北,南北赛前积分")
    assert "\r\n第2轮查找台号\r\n选手,单位,台号,座位,方,搭档\r\n" in text


def test_score_sheets_name_the_partnership_and_seat_its_players(event):
    pages = pages_text(render(event, "scoresheets", round=2))
    tables, _out = seating(event, 2)
    assert len(pages) == 4
    for page, (number, (ew, (east, west), ns, (south, north))) in zip(
        pages, sorted(tables.items()), strict=True
    ):
        text = flat(page)
        assert f"第{number}台" in text and ew in text and ns in text
        assert f"{east}{west}" in text and f"{south}{north}" in text  # in seat order
        units = player_unit(event)
        for one, two in ((east, west), (south, north)):
            both = units[one] if units[one] == units[two] else f"{units[one]}/{units[two]}"
            assert f"单位：{both}" in text  # each player's unit when they differ


def test_standings_pdf_lists_players_in_rank_order_with_the_chain(event):
    pages = pages_text(render(event, "standings"))
    text = "".join(flat(p) for p in pages)
    assert "个人名次" in text and "名次依据：积分→级差分→胜局数→抽签" in text
    rows = individual_standings_for(event)
    names = dict(Individual.objects.filter(tournament=event).values_list("pk", "name"))
    places = [text.index(names[row.player]) for row in rows]
    assert places == sorted(places)
    top = rows[0]
    assert f"1{names[top.player]}" in text and f"{top.points}{top.level_diff:+d}" in text


def test_standings_sheet_values_are_the_services(event):
    book = load_workbook(io.BytesIO(render(event, "standings", "xlsx")))
    header, *lines = list(book.worksheets[0].iter_rows(values_only=True))[1:]
    assert header[:7] == ("名次", "姓名", "单位", "积分", "级差分", "胜局数", "抽签")
    assert header[7:13] == ("场次", "胜", "平", "负", "轮空", "缺席")
    names = dict(Individual.objects.filter(tournament=event).values_list("pk", "name"))
    units = player_unit(event)
    expected = [
        (r.rank, names[r.player], r.points, r.level_diff, r.values["wins"], r.tables, r.sit_outs)
        for r in individual_standings_for(event)
    ]
    assert [(r[0], r[1], r[3], r[4], r[5], r[7], r[11]) for r in lines] == expected
    assert all(r[2] == units[r[1]] for r in lines)
    assert sum(r[11] for r in lines) == 4  # two sit-outs a round, two rounds
    assert (
        render(event, "standings", "csv")
        .decode("utf-8-sig")
        .startswith("名次,姓名,单位,积分,级差分,胜局数,抽签,场次")
    )


def test_the_public_standings_count_locked_rounds_only(event, organizer):

    by = user_actor(organizer)
    rnd = pair_next_round(event, by=by)
    publish_round(rnd, by=by)
    first = Table.objects.filter(round=rnd).exclude(ns=None).order_by("number").first()

    submit_result(first, ResultValues(ew_level="A+", ns_level="2"), version=None, by=by)
    public = load_workbook(io.BytesIO(render(event, "standings", "xlsx", public=True)))
    lines = list(public.worksheets[0].iter_rows(values_only=True))[2:]
    rows = individual_standings_for(event, public=True)
    assert [(r[0], r[3]) for r in lines] == [(r.rank, r.points) for r in rows]
    assert sum(r[3] for r in lines) == 2 * (4 * 2 * 26 + 2 * 18)  # rounds 1 and 2 only
    book = load_workbook(io.BytesIO(render(event, "pairings", "xlsx", round=3, public=True)))
    lines = list(book.worksheets[0].iter_rows(values_only=True))[2:]
    assert len([r for r in lines if r[0] is not None]) == 4


def test_certificates_name_the_player_and_the_unit(event, organizer):
    play_round(event, organizer, levels)
    pages = pages_text(render(event, "certificates"))
    rows = [r for r in individual_standings_for(event) if r.rank <= 6]
    assert len(pages) == len(rows)
    units = player_unit(event)
    for page, row in zip(pages, rows, strict=True):
        name = Individual.objects.get(pk=row.player).name
        text = flat(page)
        assert name in text and f"（{units[name]}）" in text and f"获得第{row.rank}名" in text
        assert "未完赛" not in text


def test_results_notice_has_the_tables_and_the_players_standings(event):
    pages = pages_text(render(event, "results", round=2))
    text = "".join(flat(p) for p in pages)
    tables, _out = seating(event, 2)
    assert "第2轮各台成绩" in text and "第2轮后个人名次" in text
    assert all(ew in text and ns in text for ew, _e, ns, _n in tables.values())
    assert text.count("过A:10") == 2 and text.count("9:Q") == 2


def test_workbook_carries_the_players_standings_and_the_players(event):
    book = load_workbook(io.BytesIO(render(event, "workbook", "xlsx")))
    assert book.sheetnames[:2] == ["第1轮", "第2轮"]
    assert "个人名次" in book.sheetnames and "报名名单" in book.sheetnames
    lines = list(book["个人名次"].iter_rows(values_only=True))[2:]
    rows = individual_standings_for(event)
    assert [(r[0], r[3]) for r in lines] == [(r.rank, r.points) for r in rows]
    players = list(book["报名名单"].iter_rows(values_only=True))[2:]
    assert len(players) == 18 and all("/" not in r[2] for r in players)


def test_sign_in_sheet_and_registration_list_name_the_players(event):
    pages = pages_text(render(event, "signin"))
    text = "".join(flat(p) for p in pages)
    assert "签到表（共18人，按姓名排序）" in text and "/" not in text.split("签到表")[-1]
    names = Individual.objects.filter(tournament=event).values_list("name", flat=True)
    assert all(name in text for name in names)
    book = load_workbook(io.BytesIO(render(event, "signin", "xlsx")))
    header, *lines = list(book.worksheets[0].iter_rows(values_only=True))[1:]
    assert header == ("序号", "抽签号", "姓名", "单位", "电话", "状态")
    phones = dict(Individual.objects.filter(tournament=event).values_list("name", "phone"))
    assert len(lines) == 18 and all(phones[r[2]] == r[4] for r in lines)
    assert sorted(r[1] for r in lines) == list(range(1, 19))


def test_units_rank_by_their_best_players(event):
    event.unit_best_k = 2
    event.save()
    rows = individual_standings_for(event)
    units = player_unit(event)
    names = dict(Individual.objects.filter(tournament=event).values_list("pk", "name"))
    best: dict[str, list] = {}
    for r in rows:
        best.setdefault(units[names[r.player]], [])
        if len(best[units[names[r.player]]]) < 2:
            best[units[names[r.player]]].append(r)
    book = load_workbook(io.BytesIO(render(event, "units", "xlsx")))
    header, *lines = list(book.worksheets[0].iter_rows(values_only=True))[1:]
    assert header[:4] == ("名次", "单位", "得分", "计分选手数")
    assert {r[1]: r[2] for r in lines} == {u: sum(x.points for x in b) for u, b in best.items()}
    assert all(
        names[b[0].player] in next(r[4] for r in lines if r[1] == u) for u, b in best.items()
    )
    text = "".join(flat(p) for p in pages_text(render(event, "units")))
    assert "每个单位计成绩最好的2名选手的积分" in text and "/" not in text.split("单位团体成绩")[-1]
    assert "单位团体" in load_workbook(io.BytesIO(render(event, "workbook", "xlsx"))).sheetnames


PRINTS = [
    ("pairings", "pdf", 2),
    ("pairings", "xlsx", 2),
    ("pairings", "csv", 2),
    ("scoresheets", "pdf", 2),
    ("results", "pdf", 2),
    ("standings", "pdf", None),
    ("standings", "xlsx", None),
    ("standings", "csv", None),
    ("certificates", "pdf", None),
    ("workbook", "xlsx", None),
    ("signin", "pdf", None),
    ("signin", "xlsx", None),
    ("units", "pdf", None),
    ("units", "xlsx", None),
]


@pytest.mark.parametrize(("kind", "fmt", "round_number"), PRINTS)
@pytest.mark.usefixtures("english")
def test_an_english_individual_print_has_no_chinese_but_names(event, kind, fmt, round_number):
    event.print_language = "en"
    event.save()
    data = render(event, kind, fmt, round=round_number)
    text = data.decode("utf-8-sig") if fmt == "csv" else text_of(data, fmt)
    words = [
        *organizers_words(event),
        *Individual.objects.filter(tournament=event).values_list("name", flat=True),
    ]
    for word in sorted(set(words), key=len, reverse=True):
        text = text.replace(word, "")
    assert [line for line in text.splitlines() if CHINESE.search(line)] == []


def test_pairs_events_keep_their_own_makers():
    assert KINDS["pairings"].makers["teams"] is not KINDS["pairings"].makers["individuals"]
    assert "pairs" not in KINDS["pairings"].makers


@pytest.mark.slow
def test_a_2000_player_event_prints_in_reasonable_time(organizer):
    """2,000 players: 500 tables a round; each printout of a played round."""
    t = build_individual_event(organizer, slug="big", players=2000, rounds=3)
    play_round(t, organizer, levels)
    timings = {}
    for kind, fmt in [
        ("pairings", "pdf"),
        ("pairings", "xlsx"),
        ("scoresheets", "pdf"),
        ("standings", "pdf"),
        ("standings", "xlsx"),
        ("results", "pdf"),
        ("certificates", "pdf"),
        ("workbook", "xlsx"),
    ]:
        start = time.perf_counter()
        data = render(t, kind, fmt, round=1 if KINDS[kind].per_round else None)
        timings[f"{kind}.{fmt}"] = (round(time.perf_counter() - start, 2), len(data))
    print(timings)  # noqa: T201 - the figures for the report (pytest -s)
    assert all(seconds < 20 for seconds, _size in timings.values()), timings
