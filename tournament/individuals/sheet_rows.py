"""Checking an individual event's registration sheet (个人报名表) before anything is saved.

A sheet has one row per player: 姓名, 会员号 (optional: docs/rules.md §18), 单位, 手机
(optional), 种子 (optional).
:func:`check_individual_sheet` returns the players to create and every problem with its row
and column; the caller saves only when there is none, so an import is all or nothing (as the
pairs' sheet, :mod:`tournament.registration.registration_spreadsheet`, and the teams').

A name is unique in an individual event (the partnerships are named "甲/乙" after it): the
same name twice in the sheet, or a name already registered, is refused.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from rules.messages import Message
from tournament.core.identity import member_key
from tournament.core.normalize import normalize_name
from tournament.models.pairs import NAME_MAX
from tournament.spreadsheets.member_numbers import MemberNumbers
from tournament.spreadsheets.table_file import (
    DB_INT_MAX,
    CellProblem,
    RawTable,
    cell,
    map_headers,
    parse_int,
)

# Message codes: texts in tournament/text/messages/services.py (the pairs' sheet's) and teams.py
MSG_MISSING_NAME = "reg_missing_player"
MSG_TOO_LONG = Message("reg_too_long", {"n": NAME_MAX})
MSG_BAD_SEED = "reg_bad_seed"
MSG_NO_ROWS = "reg_no_rows"
MSG_DUP_FILE = "individual_sheet_dup_file"
MSG_DUP_DB = "individual_sheet_dup_db"
PHONE_MAX = 30
MSG_PHONE_TOO_LONG = Message("reg_phone_too_long", {"n": PHONE_MAX})
MEMBER_NO_MAX = 30
MSG_MEMBER_NO_TOO_LONG = Message("reg_member_no_too_long", {"n": MEMBER_NO_MAX})

NAME_COLUMN = "姓名"
HEADERS: dict[str, tuple[str, ...]] = {
    "name": (NAME_COLUMN, "name", "选手", "选手姓名", "运动员", "运动员姓名"),
    "member_no": ("会员号", "member", "会员编号", "协会会员号"),
    "unit": ("单位", "unit", "单位名称", "代表队", "参赛单位", "所属单位"),
    "phone": ("手机", "phone", "手机号", "手机号码", "电话", "联系电话"),
    "seed": ("种子", "seed", "种子号"),
}
# The 会员号 follows the name (docs/rules.md §18); optional.
TEMPLATE_HEADER = ("姓名", "会员号", "单位", "手机", "种子")
TEMPLATE_EXAMPLE = ("张伟", "", "扬州市掼蛋协会", "13800000000", "")
_EXAMPLE = ("张伟", "扬州市掼蛋协会", "13800000000")  # its name, unit and phone


@dataclass(frozen=True)
class IndividualRow:
    """One player to create, as read from the sheet."""

    row: int
    name: str
    unit: str = ""
    phone: str = ""
    seed: int | None = None
    member_no: str = ""


@dataclass
class IndividualSheetCheck:
    rows: list[IndividualRow] = field(default_factory=list)
    problems: list[CellProblem] = field(default_factory=list)
    ignored_columns: list[str] = field(default_factory=list)  # 序号, 备注…: not read
    skipped_rows: list[int] = field(default_factory=list)  # total lines (合计…)
    example_rows: list[int] = field(default_factory=list)  # the template's sample player

    @property
    def ok(self) -> bool:
        return not self.problems

    def units(self) -> list[str]:
        return sorted({r.unit for r in self.rows if r.unit})


def check_individual_sheet(
    table: RawTable, registered: Iterable[str] = (), numbers: Iterable[str] = ()
) -> IndividualSheetCheck:
    """Validate every row of ``table`` against the names ``registered`` in the event (its
    individuals' and its pairs': an own entry and a partnership share the pairs' names) and
    the 会员号 already registered (``numbers``)."""
    result = IndividualSheetCheck(skipped_rows=list(table.skipped))
    mapped = map_headers(table.header, HEADERS, ("name",), table.header_row)
    result.problems, result.ignored_columns = mapped.problems, mapped.ignored
    if result.problems:
        return result
    taken = {normalize_name(name) for name in registered}
    seen: dict[str, int] = {}
    members = MemberNumbers(set(numbers), result.problems)
    for number, cells in table.rows:
        values = {key: normalize_name(cell(cells, mapped.columns, key)) for key in HEADERS}
        values["member_no"] = member_key(values["member_no"])
        if tuple(values[k] for k in ("name", "unit", "phone")) == _EXAMPLE:
            result.example_rows.append(number)  # the template's sample, not a real player
            continue
        found: list[CellProblem] = []
        row = _read_row(number, values, found)
        if row.name:
            found += _duplicate(row, seen, taken)
        result.problems += found
        known = len(result.problems)
        members.check(number, [(HEADERS["member_no"][0], row.member_no)])
        if not found and len(result.problems) == known:
            result.rows.append(row)
    if not (result.rows or result.problems):
        result.problems.append(CellProblem(None, None, MSG_NO_ROWS))
    return result


def _read_row(number: int, values: dict[str, str], found: list[CellProblem]) -> IndividualRow:
    if not values["name"]:
        found.append(CellProblem(number, NAME_COLUMN, MSG_MISSING_NAME))
    for key in ("name", "unit"):
        if len(values[key]) > NAME_MAX:
            found.append(CellProblem(number, HEADERS[key][0], MSG_TOO_LONG))
    if len(values["phone"]) > PHONE_MAX:
        found.append(CellProblem(number, HEADERS["phone"][0], MSG_PHONE_TOO_LONG))
    if len(values["member_no"]) > MEMBER_NO_MAX:
        found.append(CellProblem(number, HEADERS["member_no"][0], MSG_MEMBER_NO_TOO_LONG))
    seed = None
    if values["seed"]:
        seed = parse_int(values["seed"], 1, DB_INT_MAX)
        if seed is None:
            found.append(CellProblem(number, HEADERS["seed"][0], MSG_BAD_SEED))
    return IndividualRow(
        number, values["name"], values["unit"], values["phone"], seed, values["member_no"]
    )


def _duplicate(row: IndividualRow, seen: dict[str, int], taken: set[str]) -> list[CellProblem]:
    if row.name in taken:
        return [CellProblem(row.row, NAME_COLUMN, Message(MSG_DUP_DB, {"name": row.name}))]
    if row.name in seen:
        message = Message(MSG_DUP_FILE, {"name": row.name, "other": seen[row.name]})
        return [CellProblem(row.row, NAME_COLUMN, message)]
    seen[row.name] = row.row
    return []
