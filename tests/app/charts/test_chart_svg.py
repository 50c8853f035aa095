"""Each chart function's SVG parsed back: its numbers are the data's, it has a text
alternative, and no ``style`` attribute (the pages' CSP forbids inline styles)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from tests.app.charts.svg_read import SVG, assert_text_alternative, hidden_rows, svg
from tournament.charts.progress import TablePace, pace_strip, progress_bar
from tournament.charts.ranks import bump_chart, match_levels, rank_line


def _parse(markup: str) -> ET.Element:
    figure = ET.fromstring(markup)
    assert_text_alternative(figure)
    assert "style=" not in markup and "<script" not in markup
    assert svg(figure).get("width") == "100%" and svg(figure).get("viewBox")
    return figure


def test_progress_bar_segments_are_the_counts():
    figure = _parse(progress_bar(30, 10, 60))
    rects = {r.get("class"): r for r in svg(figure).iter(f"{SVG}rect")}
    assert [
        rects[c].get("data-count") for c in ("seg-confirmed", "seg-entered", "seg-playing")
    ] == [
        "30",
        "10",
        "60",
    ]
    widths = [float(rects[c].get("width")) for c in ("seg-confirmed", "seg-entered", "seg-playing")]
    assert widths == [180, 60, 360]  # 600 wide: 30 %, 10 %, 60 %
    assert [row[1] for row in hidden_rows(figure)] == ["30", "10", "60"]
    assert "100" in svg(figure).get("aria-label")
    # The tables without a result are 未完成, as round control's summary says: not 比赛中,
    # the name of one state (in play) in its filter, beside 未开始 (not started).
    assert [row[0] for row in hidden_rows(figure)] == ["已确认", "已录入", "未完成"]
    assert "未完成 60" in svg(figure).get("aria-label")


def test_progress_bar_of_an_empty_round_draws_no_segment():
    figure = _parse(progress_bar(0, 0, 0))
    assert [r.get("class") for r in svg(figure).iter(f"{SVG}rect")] == ["bar-bg"]


def test_pace_strip_marks_the_slow_tables():
    tables = [
        TablePace(1, 6, 20.0),
        TablePace(7, 1, 30.0, slow=True),
        TablePace(3, 12, 55.0),
        TablePace(9, 4, 10.0, idle=True),
    ]
    figure = _parse(pace_strip(tables, time_limit=60, elapsed=40))
    dots = {c.get("data-table"): c for c in svg(figure).iter(f"{SVG}circle")}
    assert set(dots) == {"1", "3", "7", "9"}
    assert dots["7"].get("class") == "dot-slow" and dots["1"].get("class") == "dot"
    assert dots["9"].get("class") == "dot-idle"
    # Further across for more minutes, higher (smaller y) for a higher level.
    assert float(dots["1"].get("cx")) < float(dots["7"].get("cx")) < float(dots["3"].get("cx"))
    assert float(dots["3"].get("cy")) < float(dots["1"].get("cy")) < float(dots["7"].get("cy"))
    # The flagged tables: 7 slow at level 3 after 30 min, 9 idle at level 6 after 10.
    assert hidden_rows(figure) == [["7", "3", "30"], ["9", "6", "10"]]


def test_rank_line_points_are_the_ranks():
    figure = _parse(rank_line([1, 2, 3, 4], [5, 2, None, 1], 10))
    dots = [(c.get("data-round"), c.get("data-rank")) for c in svg(figure).iter(f"{SVG}circle")]
    assert dots == [("1", "5"), ("2", "2"), ("4", "1")]
    ys = [float(c.get("cy")) for c in svg(figure).iter(f"{SVG}circle")]
    assert ys[0] > ys[1] > ys[2]  # rank 1 at the top
    assert hidden_rows(figure) == [["1", "5"], ["2", "2"], ["3", "—"], ["4", "1"]]


def test_match_levels_bars_are_the_levels():
    figure = _parse(match_levels([(1, 13, 11), (2, 3, 12)]))
    bars = [
        (r.get("class"), r.get("data-round"), r.get("data-level"))
        for r in svg(figure).iter(f"{SVG}rect")
        if r.get("data-round")
    ]
    assert bars == [
        ("bar-own", "1", "A+"),
        ("bar-opp", "1", "K"),
        ("bar-own", "2", "5"),
        ("bar-opp", "2", "A"),
    ]
    heights = [
        float(r.get("height")) for r in svg(figure).iter(f"{SVG}rect") if r.get("data-round")
    ]
    assert heights[0] > heights[1] and heights[2] < heights[3]
    assert min(float(r.get("y")) for r in svg(figure).iter(f"{SVG}rect")) >= 0  # A+ fits
    assert hidden_rows(figure) == [["1", "A+", "K"], ["2", "5", "A"]]


def test_bump_chart_has_a_line_per_entry_in_order():
    series = [("金陵队", [3, 1]), ("秦淮<b>", [1, 2]), ("钟山队", [30, 3])]
    figure = _parse(bump_chart([1, 2], series))
    lines = list(svg(figure).iter(f"{SVG}polyline"))
    assert len(lines) == 3
    names = [t.text for t in svg(figure).iter(f"{SVG}text") if t.get("class") == "chart-name"]
    assert names == ["1. 金陵队", "2. 秦淮<b>", "3. 钟山队"]  # escaped in the markup
    assert hidden_rows(figure) == [
        ["金陵队", "3", "1"],
        ["秦淮<b>", "1", "2"],
        ["钟山队", "30", "3"],
    ]
