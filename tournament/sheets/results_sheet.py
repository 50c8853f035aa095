"""Checking a clerk's results sheet (成绩录入表). Plain Python, all-or-nothing.

Columns (Chinese or English): 台号/table, 东西/ew, 南北/ns, optional 东西犯规/ew_fouls,
南北犯规/ns_fouls, 弃权/forfeit (``ew``, ``ns``, 东西, 南北 or 双方/both) and 过A方式/pass_how
(how a pass of A was won, which 100+ scoring counts: 2, 3 or 4, the place of the winner's
partner, also written 1–2 or 二游/双下, 1–3 or 三游, 1–4 or 末游). Every row is checked with
the rules engine; every problem is reported with its row and column.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from rules import RuleSet
from rules.messages import Message
from tournament.results_check import ResultInvalid, ResultValues, check_result
from tournament.sheets.table_file import (
    DB_INT_MAX,
    IGNORED_HEADERS,
    CellProblem,
    RawTable,
    cell,
    map_headers,
    parse_int,
)

# The names clerks' sheets use for each column; the first is the template's.
HEADERS: dict[str, tuple[str, ...]] = {
    "table": ("台号", "table", "桌号", "台次", "桌次"),
    "ew": ("东西", "ew", "东西级数", "东西方", "东西成绩", "东西方级数"),
    "ns": ("南北", "ns", "南北级数", "南北方", "南北成绩", "南北方级数"),
    "ew_fouls": ("东西犯规", "ew_fouls", "东西方犯规", "东西犯规次数"),
    "ns_fouls": ("南北犯规", "ns_fouls", "南北方犯规", "南北犯规次数"),
    "forfeit": ("弃权", "forfeit", "弃权方"),
    "pass_how": ("过A方式", "pass_how", "过A"),
}
REQUIRED = ("table", "ew", "ns")
# Columns a clerk's sheet shows for reading only: the pairs at each table, and remarks.
IGNORED = IGNORED_HEADERS + (
    "东西组合",
    "南北组合",
    "东西队名",
    "南北队名",
    "东西单位",
    "南北单位",
    "裁判",
    "签名",
)
TABLE_MAX = DB_INT_MAX
# How a pass of A was won, as clerks write it: the place of the winner's partner.
PASS_WORDS = {"二游": "2", "双下": "2", "三游": "3", "末游": "4", "四游": "4"}
FORFEIT_WORDS = {
    "": "",
    "ew": "EW",
    "ns": "NS",
    "东西": "EW",
    "南北": "NS",
    "both": "both",
    "双方": "both",
}


@dataclass
class ResultsCheck:
    rows: dict[int, ResultValues] = field(default_factory=dict)  # table → result
    problems: list[CellProblem] = field(default_factory=list)
    ignored_columns: list[str] = field(default_factory=list)
    skipped_rows: list[int] = field(default_factory=list)  # total lines (合计…)

    @property
    def ok(self) -> bool:
        return not self.problems


def check_results_sheet(table: RawTable, rules: RuleSet, tables: Collection[int]) -> ResultsCheck:
    """Validate every row against the rules and the round's table numbers (``tables``)."""
    check = ResultsCheck(skipped_rows=list(table.skipped))
    headers = map_headers(table.header, HEADERS, REQUIRED, table.header_row, IGNORED)
    columns, check.problems, check.ignored_columns = (
        headers.columns,
        headers.problems,
        headers.ignored,
    )
    if check.problems:
        return check
    seen: dict[int, int] = {}
    for number, cells in table.rows:
        raw = cell(cells, columns, "table")
        table_no = parse_int(raw, 1, TABLE_MAX)
        if table_no is None:
            check.problems.append(
                CellProblem(
                    number,
                    HEADERS["table"][0],
                    _("台号“%(raw)s”应为1到%(max)s之间的整数") % {"raw": raw, "max": TABLE_MAX},
                )
            )
            continue
        if table_no not in tables:
            check.problems.append(
                CellProblem(number, HEADERS["table"][0], _("本轮没有第%(n)s台") % {"n": table_no})
            )
            continue
        if table_no in seen:
            check.problems.append(
                CellProblem(
                    number,
                    HEADERS["table"][0],
                    Message("import_table_twice", {"table": table_no, "other": seen[table_no]}),
                )
            )
            continue
        seen[table_no] = number
        forfeit_raw = cell(cells, columns, "forfeit").lower()
        if forfeit_raw not in FORFEIT_WORDS:
            check.problems.append(CellProblem(number, HEADERS["forfeit"][0], "import_forfeit"))
            continue
        try:
            check.rows[table_no] = check_result(
                rules,
                ew_level=cell(cells, columns, "ew"),
                ns_level=cell(cells, columns, "ns"),
                forfeit=FORFEIT_WORDS[forfeit_raw],
                ew_fouls=cell(cells, columns, "ew_fouls") or 0,
                ns_fouls=cell(cells, columns, "ns_fouls") or 0,
                pass_partner=pass_partner(cell(cells, columns, "pass_how")),
            )
        except ResultInvalid as exc:
            check.problems.append(CellProblem(number, None, exc.msg))
    if not table.rows:
        check.problems.append(CellProblem(None, None, "import_no_rows"))
    return check


def pass_partner(text: str) -> str:
    """The partner's place (2, 3 or 4) from a 过A方式 cell: "1–3", "3" and 三游 are all 3.
    Anything else is passed on as it is, for :func:`check_result` to refuse."""
    text = text.strip()
    if text in PASS_WORDS:
        return PASS_WORDS[text]
    for dash in ("–", "—", "-", "－"):
        head, sep, tail = text.partition(dash)
        if sep and head.strip() == "1":
            return tail.strip()
    return text
