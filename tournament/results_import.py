"""Checking a clerk's results sheet (成绩录入表). Plain Python, all-or-nothing.

Columns (Chinese or English): 台号/table, 东西/ew, 南北/ns, optional 东西犯规/ew_fouls,
南北犯规/ns_fouls, 弃权/forfeit (``ew``, ``ns``, 东西, 南北 or 双方/both). Every row is checked
with the rules engine; every problem is reported with its row and column.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from rules import RuleSet
from tournament.results_check import ResultInvalid, ResultValues, check_result
from tournament.tabular import CellProblem, RawTable, cell, map_headers

HEADERS: dict[str, tuple[str, ...]] = {
    "table": ("台号", "table", "桌号"),
    "ew": ("东西", "ew", "东西级数"),
    "ns": ("南北", "ns", "南北级数"),
    "ew_fouls": ("东西犯规", "ew_fouls"),
    "ns_fouls": ("南北犯规", "ns_fouls"),
    "forfeit": ("弃权", "forfeit", "弃权方"),
}
REQUIRED = ("table", "ew", "ns")
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

    @property
    def ok(self) -> bool:
        return not self.problems


def check_results_sheet(table: RawTable, rules: RuleSet, tables: Collection[int]) -> ResultsCheck:
    """Validate every row against the rules and the round's table numbers (``tables``)."""
    check = ResultsCheck()
    columns, check.problems = map_headers(table.header, HEADERS, REQUIRED, table.header_row)
    if check.problems:
        return check
    seen: dict[int, int] = {}
    for number, cells in table.rows:
        raw = cell(cells, columns, "table")
        try:
            table_no = int(raw)
        except ValueError:
            check.problems.append(CellProblem(number, HEADERS["table"][0], f"台号“{raw}”不是数字"))
            continue
        if table_no not in tables:
            check.problems.append(
                CellProblem(number, HEADERS["table"][0], f"本轮没有第{table_no}台")
            )
            continue
        if table_no in seen:
            check.problems.append(
                CellProblem(
                    number, HEADERS["table"][0], f"第{table_no}台与第{seen[table_no]}行重复"
                )
            )
            continue
        seen[table_no] = number
        forfeit_raw = cell(cells, columns, "forfeit").lower()
        if forfeit_raw not in FORFEIT_WORDS:
            check.problems.append(
                CellProblem(number, HEADERS["forfeit"][0], "弃权方应为 ew、ns 或 both")
            )
            continue
        try:
            check.rows[table_no] = check_result(
                rules,
                ew_level=cell(cells, columns, "ew"),
                ns_level=cell(cells, columns, "ns"),
                forfeit=FORFEIT_WORDS[forfeit_raw],
                ew_fouls=cell(cells, columns, "ew_fouls") or 0,
                ns_fouls=cell(cells, columns, "ns_fouls") or 0,
            )
        except ResultInvalid as exc:
            check.problems.append(CellProblem(number, None, str(exc)))
    if not table.rows:
        check.problems.append(CellProblem(None, None, "表格中没有成绩数据"))
    return check
