"""A team event's printouts and exports, read back: PDFs through pypdf, xlsx through openpyxl.

The event: 7 teams of 2 pairs (a team bye each round). Every odd table is won by East–West
A+ : 10, every even one by North–South Q : 9. Under the default system (points26) a
5-level win is 18 : 8 and a 3-level win 16 : 10. With crossed seats X sits North–South at
the match's first table and East–West at the second, so Y wins both tables: Y 18 + 16 = 34
(级差分 +5 +3 = +8), X 8 + 10 = 18 (−8), team match points 2 : 0.
"""

from __future__ import annotations

import io
import os
import re

import pytest
from django.core.management import call_command
from openpyxl import load_workbook
from reportlab.lib.units import mm

from tests.app.conftest import organizers_words
from tests.app.printing.conftest import pages_text
from tests.app.printing.test_english_prints import CHINESE, text_of
from tests.app.teams.team_event import build_team_event, play_round
from tests.conftest import existing_user
from tests.shared_build import shared_build
from tournament.core.actors import user_actor
from tournament.core.errors import ServiceError
from tournament.events.services import tournament_create
from tournament.models import Table, Team, TeamMember, Tournament
from tournament.printing.makers import Request
from tournament.printing.registry import KINDS, run
from tournament.rounds.pairing import draw, pair_next_round
from tournament.teams.registration import TeamData, team_register
from tournament.teams.standings import best_pairs_for, team_standings_for

pytestmark = pytest.mark.django_db

DUMP = os.environ.get("TEAMPRINT_DUMP")  # a folder: every file rendered is written there


def render(t, kind, fmt="pdf", **kw) -> bytes:
    out = io.BytesIO()
    run(Request(tournament=t, kind=kind, fmt=fmt, **kw), out)
    data = out.getvalue()
    if DUMP:
        suffix = "".join(f"-{k}{v}" for k, v in kw.items())
        with open(os.path.join(DUMP, f"{t.slug}-{kind}{suffix}.{fmt}"), "wb") as f:
            f.write(data)
    return data


def levels(table):
    return ("A+", "10") if table.number % 2 else ("9", "Q")


@shared_build
def team_prints_event():
    """7 teams, round 1 played: built once for the module's tests (tests/shared_build.py)."""
    organizer = existing_user("alice", organizer=True)
    t = build_team_event(organizer, teams=7, rounds=3)
    play_round(t, organizer, levels)
    return t.pk


@pytest.fixture
def event(team_prints_event):
    return Tournament.objects.get(pk=team_prints_event)


def matches_of(t, number):
    """(match number, X name, Y name, [table numbers]) of a round, from the tables."""
    tables = Table.objects.filter(round__tournament=t, round__number=number).exclude(ns=None)
    out = {}
    for table in tables.select_related("ew__team", "ns__team").order_by("number"):
        entry = out.setdefault(table.team_match, [table.ns.team.name, table.ew.team.name, []])
        entry[2].append(table.number)
    return [(n, x, y, numbers) for n, (x, y, numbers) in sorted(out.items())]


def bye_team(t, number):
    bye = Table.objects.get(round__tournament=t, round__number=number, ns=None, ew__team_slot=1)
    return bye.ew.team.name


def test_pairings_list_each_team_match_x_first_with_its_tables(event):
    pages = pages_text(render(event, "pairings", round=1))
    first = pages[0].replace(" ", "")
    assert "对阵表（按团体对阵）" in first
    matches = matches_of(event, 1)
    assert len(matches) == 3
    for _n, x, y, numbers in matches:
        assert f"{x}对{y}" in first  # X (North–South at the match's first table) first
        assert numbers[1] == numbers[0] + 1
        for table in Table.objects.filter(round__tournament=event, number__in=numbers):
            assert table.ew.name in first and table.ns.name in first
    assert "团体轮空" in first and bye_team(event, 1) in first
    assert "苏州0号1（东）" in first or "苏州0号1（南）" in first  # players with their seats
    assert "查找台号" in pages[-1]  # then the pairs' find-your-table list


def test_pairings_per_table_order_still_prints_the_pairs_list(event):
    pages = pages_text(render(event, "pairings", round=1, order="table"))
    assert "对阵表（按台号）" in pages[0] and "按团体对阵" not in pages[0]
    text = "".join(pages_text(render(event, "pairings", round=1, order="match")))
    assert "按团体对阵" in text and "查找台号" not in text
    text = "".join(pages_text(render(event, "pairings", round=1, order="name")))
    assert "按团体对阵" not in text and "查找台号" in text


def test_pairings_sheet_has_a_row_per_table_with_match_and_teams(event):
    book = load_workbook(io.BytesIO(render(event, "pairings", "xlsx", round=1)))
    rows = list(book.worksheets[0].iter_rows(values_only=True))[1:]
    assert rows[0][:3] == ("场号", "台号", "东西队伍")
    by_table = {r[1]: r for r in rows[1:] if r[1] is not None}
    for n, x, y, (one, two) in matches_of(event, 1):
        assert by_table[one][0] == n and by_table[one][2] == y and by_table[one][5] == x
        assert by_table[two][2] == x and by_table[two][5] == y  # crossed
    byes = [r for r in rows[1:] if r[1] is None]
    assert len(byes) == 2 and byes[0][2] == bye_team(event, 1) and byes[0][5] == "轮空"


def test_team_sheet_one_page_per_match_with_tables_totals_and_signatures(event):
    pages = pages_text(render(event, "team_sheets", round=1))
    matches = matches_of(event, 1)
    assert len(pages) == len(matches)
    for page, (n, x, y, numbers) in zip(pages, matches, strict=True):
        text = page.replace(" ", "")
        assert f"第1轮团体记录表·第{n}场" in text
        assert f"X队：{x}" in text and f"Y队：{y}" in text
        assert "过A:10" in text and "9:Q" in text
        # worked by hand (module docstring): tables 8 | 18 and 10 | 16, totals 18 | 34
        assert "团体总分（各台得分之和）1834" in text
        assert "级差分合计-8+8" in text
        assert "团体赛积分（胜2平1负0）02" in text
        assert f"胜方：{y}" in text
        assert "裁判员签名" in text and "X队队长签名" in text and "Y队队长签名" in text
        assert all(str(number) in text for number in numbers)


def test_team_sheets_two_per_page_and_blank_before_results(event, organizer):
    assert len(pages_text(render(event, "team_sheets", round=1, per_page=2))) == 2
    pair_next_round(event, by=user_actor(organizer))
    text = pages_text(render(event, "team_sheets", round=2))[0].replace(" ", "").replace("\n", "")
    assert "团体总分（各台得分之和）级差分合计" in text  # nothing entered yet: blank boxes
    assert "胜方：裁判员签名" in text


def test_team_sheets_are_only_for_a_team_event(event):
    assert KINDS["team_sheets"].applies_to(event)
    event.entry = "pairs"
    assert not KINDS["team_sheets"].applies_to(event)
    with pytest.raises(ServiceError, match="不是团体赛"):
        render(event, "team_sheets", round=1)


def test_team_standings_pdf_then_best_pairs(event):
    pages = pages_text(render(event, "standings"))
    text = pages[0].replace(" ", "")
    assert "团体名次" in text and "团体赛积分" in text and "各台得分之和" in text
    rows = team_standings_for(event)
    names = {t.pk: t.name for t in Team.objects.filter(tournament=event)}
    places = [text.index(names[row.team]) for row in rows]
    assert places == sorted(places)  # in rank order
    best = pages[-1].replace(" ", "")
    assert "最佳组合" in best
    pair_names = [r.pair for r in best_pairs_for(event)]
    assert len(pair_names) == 14 and "苏州0号1" in best


def test_standings_workbook_carries_team_standings_and_best_pairs(event):
    book = load_workbook(io.BytesIO(render(event, "standings", "xlsx")))
    teams, best = book.worksheets
    header, *rows = list(teams.iter_rows(values_only=True))[1:]
    assert header[:6] == ("名次", "队伍", "单位", "团体赛积分", "各台得分之和", "级差分")
    names = {t.pk: t.name for t in Team.objects.filter(tournament=event)}
    expected = [
        (r.rank, names[r.team], r.match_points, r.total, r.level_diff)
        for r in team_standings_for(event)
    ]
    assert [(r[0], r[1], r[3], r[4], r[5]) for r in rows] == expected
    assert sorted(r[4] for r in rows) == [18, 18, 18, 34, 34, 34, 36]  # 36: the bye
    header, *rows = list(best.iter_rows(values_only=True))[1:]
    assert header[:3] == ("名次", "组合", "队伍") and best.title == "最佳组合"
    assert [(r[0], r[5]) for r in rows] == [(b.rank, b.points) for b in best_pairs_for(event)]
    assert {r[2] for r in rows} == set(names.values())


def test_standings_csv_has_both_parts(event):
    text = render(event, "standings", "csv").decode("utf-8-sig")
    assert text.startswith("名次,队伍,单位,团体赛积分,各台得分之和,级差分")
    assert "\r\n最佳组合\r\n名次,组合,队伍" in text


def test_ranking_by_total_puts_the_total_first(organizer):
    t = build_team_event(organizer, teams=4, rounds=2, team_rank="total")
    play_round(t, organizer, levels)
    text = render(t, "standings", "csv").decode("utf-8-sig")
    assert text.startswith("名次,队伍,单位,各台得分之和,团体赛积分,级差分")


def test_certificates_name_the_team_and_the_players_who_played(event, organizer):
    for _n in (2, 3):
        play_round(event, organizer, levels)
    pages = pages_text(render(event, "certificates"))
    rows = team_standings_for(event)
    awarded = [r for r in rows if r.rank <= 6]
    assert len(pages) == len(awarded)
    for page, row in zip(pages, awarded, strict=True):
        team = Team.objects.get(pk=row.team)
        text = page.replace(" ", "")
        assert team.name in text and f"获得第{row.rank}名" in text
        for member in team.members.all():
            # the substitute never played: not named
            assert (member.name in text) == (member.number <= 4), member.name


def test_team_workbook_has_results_team_standings_and_best_pairs(event):
    book = load_workbook(io.BytesIO(render(event, "workbook", "xlsx")))
    assert "团体名次" in book.sheetnames and "最佳组合" in book.sheetnames
    teams = book["团体名次"]
    assert list(teams.iter_rows(values_only=True))[1][:2] == ("名次", "队伍")
    header, *rows = list(book["团体对阵结果"].iter_rows(values_only=True))[1:]
    assert header[:6] == ("轮次", "场号", "X队", "Y队", "X队总分", "Y队总分")
    played = [r for r in rows if r[1] is not None]
    assert [(r[1], r[2], r[3]) for r in played] == [
        (n, x, y) for n, x, y, _t in matches_of(event, 1)
    ]
    assert {r[4:11] for r in played} == {(18, 34, -8, 8, 0, 2, r[3]) for r in played}
    (bye,) = [r for r in rows if r[1] is None]
    assert bye[2] == bye_team(event, 1) and bye[3] == "轮空" and bye[8] == 2


def test_export_command_writes_team_sheets(event, tmp_path):
    out = io.StringIO()
    path = tmp_path / "sheets.pdf"
    call_command("export", event.slug, "team_sheets", "--round", "1", "-o", str(path), stdout=out)
    assert "团体记录表" in out.getvalue() and len(pages_text(path.read_bytes())) == 3


TEAM_PRINTS = [
    ("results", "pdf", 1),
    ("pairings", "pdf", 1),
    ("pairings", "xlsx", 1),
    ("team_sheets", "pdf", 1),
    ("standings", "pdf", None),
    ("standings", "xlsx", None),
    ("standings", "csv", None),
    ("certificates", "pdf", None),
    ("workbook", "xlsx", None),
]


@pytest.mark.parametrize(("kind", "fmt", "round_number"), TEAM_PRINTS)
@pytest.mark.usefixtures("english")
def test_an_english_team_print_has_no_chinese_word_of_ours(event, kind, fmt, round_number):
    event.print_language = "en"
    event.save()
    data = render(event, kind, fmt, round=round_number)
    text = data.decode("utf-8-sig") if fmt == "csv" else text_of(data, fmt)
    words = [
        *organizers_words(event),
        *Team.objects.filter(tournament=event).values_list("name", flat=True),
        *TeamMember.objects.filter(team__tournament=event).values_list("name", flat=True),
    ]
    for word in sorted(set(words), key=len, reverse=True):
        text = text.replace(word, "")
    assert [line for line in text.splitlines() if CHINESE.search(line)] == []


def test_a_team_match_is_never_split_over_two_pages():
    from tests.app.printing.test_parts import EVENT
    from tournament.printing.pdf import Banded, Col, ListDocument, Section

    class Matches(ListDocument):
        def sections(self):
            rows = (
                Banded([f"M{n}-{k}"], n % 2 == 1, keep=3 if k == 1 else 1)
                for n in range(1, 60)
                for k in (1, 2, 3)
            )
            yield Section("团体", [Col("台号", 1)], rows, row_height=9 * mm)

    pages = pages_text(Matches(EVENT).render_bytes())
    assert len(pages) > 3
    for page in pages:
        for n in range(1, 60):
            assert len({f"M{n}-{k}" in page.split() for k in (1, 2, 3)}) == 1, (n, page)


def test_results_notice_has_the_tables_the_team_matches_and_the_team_standings(event):
    pages = pages_text(render(event, "results", round=1))
    # Without the printing time in each page's head ("打印于… 10:23" holds "0:2").
    text = re.sub(r"打印于[^第]*", "", "".join(pages).replace(" ", ""))
    assert "第1轮各台成绩" in text and "第1轮团体对阵结果" in text
    for _n, x, y, _tables in matches_of(event, 1):
        assert f"{x}对{y}" in text
    assert text.count("18:34") == 3 and text.count("-8:+8") == 3 and text.count("0:2") == 3
    assert "第1轮后团体名次" in pages[-1]


@pytest.mark.parametrize(
    ("kind", "fmt"),
    [
        ("scoresheets", "pdf"),
        ("results", "xlsx"),
        ("clerk_sheet", "xlsx"),
        ("units", "pdf"),
        ("signin", "pdf"),
        ("signin", "xlsx"),
        ("pairings", "csv"),
    ],
)
def test_the_other_prints_of_a_team_event_are_made_as_for_pairs(event, kind, fmt):
    data = render(event, kind, fmt, round=1 if KINDS[kind].per_round else None)
    if fmt == "pdf":
        assert "苏州一队·组合1" in "".join(pages_text(data))
    elif fmt == "xlsx":
        assert load_workbook(io.BytesIO(data)).worksheets[0].max_row > 2
    else:
        assert "苏州一队·组合1" in data.decode("utf-8-sig")


def test_the_export_page_offers_team_sheets_to_referees_of_a_team_event(
    event, referee, tournament, chief
):
    from django.urls import reverse

    from tests.conftest import login
    from tournament.models import Staff

    Staff.objects.create(tournament=event, user=referee, role=Staff.REFEREE)
    client = login(referee)
    page = client.get(reverse("export_index", args=[event.slug])).content.decode()
    url = reverse("export_download", args=[event.slug, "team_sheets", "pdf"])
    assert f"{url}?round=1" in page and f"{url}?round=1&amp;per_page=2" in page
    response = client.get(url, {"round": 1})
    assert response.status_code == 200
    assert len(pages_text(b"".join(response.streaming_content))) == 3
    # a pairs event: not offered, and refused with the reason
    client = login(chief)
    page = client.get(reverse("export_index", args=[tournament.slug])).content.decode()
    url = reverse("export_download", args=[tournament.slug, "team_sheets", "pdf"])
    assert url not in page
    response = client.get(url, {"round": 1})
    assert response.status_code == 404 and "没有团体记录表" in response.content.decode()


def test_teams_of_three_pairs_print_three_tables_a_match(organizer):
    by = user_actor(organizer)
    t = tournament_create(
        organizer=organizer, by=by, name="三组合团体赛", slug="trio", entry="teams", team_pairs=3
    )
    for i in range(4):
        players = tuple(f"甲{i}-{n}" for n in range(1, 7))
        team_register(tournament=t, data=TeamData(name=f"队{i}", players=players), by=by)
    draw(t, seed=7, by=by)
    play_round(t, organizer, levels)
    sheets = pages_text(render(t, "team_sheets", round=1))
    assert len(sheets) == 2
    # X sits North–South at tables 1 and 3 (East–West wins A+ : 10), East–West at table 2
    # (North–South wins 9 : Q): Y wins all three, 18 + 16 + 18 = 52 to 8 + 10 + 8 = 26
    text = sheets[0].replace(" ", "").replace("\n", "")
    assert "团体总分（各台得分之和）2652级差分合计-13+13" in text
    book = load_workbook(io.BytesIO(render(t, "pairings", "xlsx", round=1)))
    rows = list(book.worksheets[0].iter_rows(values_only=True))[2:]
    assert [(r[0], r[1]) for r in rows] == [(1, 1), (1, 2), (1, 3), (2, 4), (2, 5), (2, 6)]
    assert [r[2] == rows[0][2] for r in rows[:3]] == [True, False, True]  # crossed seats
