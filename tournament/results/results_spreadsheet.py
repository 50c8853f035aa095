"""Checking a clerk's results spreadsheet (成绩录入表). Plain Python, all-or-nothing.

Columns (Chinese or English): 台号/table, 东西/ew, 南北/ns, optional 东西犯规/ew_fouls,
南北犯规/ns_fouls, 弃权/forfeit (``ew``, ``ns``, 东西, 南北 or 双方/both) and 过A方式/pass_how
(how a pass of A was won, which 100+ scoring counts: 2, 3 or 4, the place of the winner's
partner, also written 1–2 or 二游/双下, 1–3 or 三游, 1–4 or 末游), 到时/at_time (是, √ or
empty: the match ended by time; ticked with a side past A it is refused), and for checking
only 东西抽签号/南北抽签号 (the pairs' draw numbers, compared with the table's: a row
shifted against the paper is refused) beside 东西组合/南北组合 (names, read by the clerk,
not by the importer), and 加赛胜方/decider (东西/南北: who won the play-off game or deal
of a knockout table drawn at time, docs/rules.md §5). Every row is checked with the rules
engine; every problem is reported with its row and column.

A clerk enters the tables they have: a row whose result cells are all blank (the sheet
lists every table of the round) is skipped and listed in ``blank_tables``, not refused.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from rules import RuleSet
from rules.messages import Message
from tournament.results.checks import ResultInvalid, ResultValues, check_result
from tournament.spreadsheets.table_file import (
    DB_INT_MAX,
    IGNORED_HEADERS,
    CellProblem,
    RawTable,
    cell,
    map_headers,
    parse_int,
)

# The result form's labels of the foul counts (tournament.results.forms), read as headers too.
FOULS_EW, FOULS_NS = gettext_noop("东西犯规次数"), gettext_noop("南北犯规次数")
# The names clerks' sheets use for each column; the first is the template's.
HEADERS: dict[str, tuple[str, ...]] = {
    "table": ("台号", "table", "桌号", "台次", "桌次"),
    "ew": ("东西", "ew", "东西级数", "东西方", "东西成绩", "东西方级数"),
    "ns": ("南北", "ns", "南北级数", "南北方", "南北成绩", "南北方级数"),
    "ew_fouls": ("东西犯规", "ew_fouls", "东西方犯规", FOULS_EW),
    "ns_fouls": ("南北犯规", "ns_fouls", "南北方犯规", FOULS_NS),
    "forfeit": ("弃权", "forfeit", "弃权方"),
    "pass_how": ("过A方式", "pass_how", "过A"),
    "at_time": ("到时", "at_time", "是否到时", "到时结束"),
    "ew_draw": ("东西抽签号", "ew_draw"),
    "ns_draw": ("南北抽签号", "ns_draw"),
    "decider": ("加赛胜方", "decider", "胜方"),
}
# The cells a clerk fills for a table: all blank, the table is skipped (not yet entered).
RESULT_KEYS = ("ew", "ns", "ew_fouls", "ns_fouls", "forfeit", "pass_how", "at_time", "decider")
REQUIRED = ("table", "ew", "ns")
# Columns a clerk's sheet shows for reading only: the pairs at each table, and remarks.
# The pairs' names on the clerk's sheet (EW, NS): for the clerk's eyes, never read.
PAIR_NAME_HEADERS = ("东西组合", "南北组合")
IGNORED = IGNORED_HEADERS + (
    *PAIR_NAME_HEADERS,
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
TIME_YES = ("是", "√", "✓", "✔", "到时", "y", "yes", "1", "true")
TIME_NO = ("", "否", "n", "no", "0", "false")
DECIDER_WORDS = {"": "", "ew": "EW", "ns": "NS", "东西": "EW", "南北": "NS"}
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
    row_numbers: dict[int, int] = field(default_factory=dict)  # table → row of the sheet
    blank_tables: list[int] = field(default_factory=list)  # rows left blank: skipped

    @property
    def ok(self) -> bool:
        return not self.problems


# The draw numbers (抽签号) of each table's pairs, EW then NS: the clerk's sheet prints them
# beside the names, and a sheet whose rows were shifted against the paper is caught by them.
Draws = Mapping[int, tuple[int | None, int | None]]


def check_results_spreadsheet(
    table: RawTable, rules: RuleSet, tables: Collection[int], draws: Draws | None = None
) -> ResultsCheck:
    """Validate every row against the rules and the round's table numbers (``tables``),
    and the draw numbers a row gives against ``draws``."""
    check = ResultsCheck(skipped_rows=list(table.skipped))
    headers = map_headers(table.header, HEADERS, REQUIRED, table.header_row, IGNORED)
    columns, check.problems, check.ignored_columns = (
        headers.columns,
        headers.problems,
        headers.ignored,
    )
    if check.problems:
        return check
    for number, cells in table.rows:
        problem = _check_row(check, number, cells, columns, rules, tables, draws or {})
        if problem is not None:
            check.problems.append(problem)
    if not check.rows and not check.problems:  # no row, or every row left blank
        check.problems.append(CellProblem(None, None, "import_no_rows"))
    return check


def _check_row(check, number, cells, columns, rules, tables, draws) -> CellProblem | None:
    """Check one row; add its result to ``check`` or return its problem."""
    raw = cell(cells, columns, "table")
    table_no = parse_int(raw, 1, TABLE_MAX)
    where = HEADERS["table"][0]
    if table_no is None:
        text = _("台号“%(raw)s”应为1到%(max)s之间的整数") % {"raw": raw, "max": TABLE_MAX}
        return CellProblem(number, where, text)
    if table_no not in tables:
        return CellProblem(number, where, _("本轮没有第%(n)s台") % {"n": table_no})
    if table_no in check.row_numbers:
        other = check.row_numbers[table_no]
        return CellProblem(
            number, where, Message("import_table_twice", {"table": table_no, "other": other})
        )
    shifted = _draw_problem(number, cells, columns, draws.get(table_no))
    if shifted is not None:
        return shifted
    if not any(cell(cells, columns, key) for key in RESULT_KEYS):
        check.blank_tables.append(table_no)  # not entered yet: the clerk has no result
        return None
    check.row_numbers[table_no] = number
    forfeit_raw = cell(cells, columns, "forfeit").lower()
    if forfeit_raw not in FORFEIT_WORDS:
        return CellProblem(number, HEADERS["forfeit"][0], "import_forfeit")
    at_time = time_mark(cell(cells, columns, "at_time")) if "at_time" in columns else None
    if at_time is _BAD:
        return CellProblem(number, HEADERS["at_time"][0], "import_at_time")
    decider = cell(cells, columns, "decider").lower()
    if decider not in DECIDER_WORDS:
        return CellProblem(number, HEADERS["decider"][0], "import_decider")
    try:
        check.rows[table_no] = check_result(
            rules,
            ew_level=cell(cells, columns, "ew"),
            ns_level=cell(cells, columns, "ns"),
            forfeit=FORFEIT_WORDS[forfeit_raw],
            ew_fouls=cell(cells, columns, "ew_fouls") or 0,
            ns_fouls=cell(cells, columns, "ns_fouls") or 0,
            at_time=at_time,
            pass_partner=pass_partner(cell(cells, columns, "pass_how")),
            decider=DECIDER_WORDS[decider],
        )
    except ResultInvalid as exc:
        return CellProblem(number, None, exc.msg)
    return None


def _draw_problem(number: int, cells, columns, expected) -> CellProblem | None:
    """A draw number on the row that is not that of the table's pair: the rows were shifted."""
    for key, want in zip(("ew_draw", "ns_draw"), expected or (None, None), strict=True):
        given = cell(cells, columns, key)
        if given and want is not None and parse_int(given, 1, TABLE_MAX) != want:
            text = Message("import_draw_shifted", {"given": given, "want": want})
            return CellProblem(number, HEADERS[key][0], text)
    return None


def blank_note(tables: list[int]) -> str:
    """What the clerk is told of the rows left blank: skipped, not an error."""
    return _("以下各台未填写成绩，已跳过：%(tables)s") % {"tables": "、".join(map(str, tables))}


_BAD = object()  # a 到时 cell that is neither yes nor empty


def time_mark(text: str):
    """A 到时 cell: True (是, √, 到时, yes, 1 …), False (empty, 否, no, 0) or ``_BAD``."""
    word = text.strip().lower()
    if word in TIME_YES:
        return True
    if word in TIME_NO:
        return False
    return _BAD


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
