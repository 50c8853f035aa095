"""Checking a registration spreadsheet (报名表) before anything is saved. Plain Python.

A sheet has one row per pair: 队名/team, 单位/unit, 选手1/player1, 选手2/player2 and the
optional 选手1会员号/选手2会员号 (each player's association number, docs/rules.md §18),
电话/phone (the contact phone, kept with player 1), 电话2/phone2, 种子/seed.
:func:`check_registration` returns the rows to create and every problem with its row and
column; the caller saves only when there is no problem, so an import is all-or-nothing.

Names are kept as written (traditional characters included) in their one stored form
(:func:`tournament.core.normalize.normalize_name`: full-width letters and digits as ASCII,
no padding between Chinese characters, spaces trimmed), and must be at most
:data:`NAME_MAX` characters.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from rules.messages import Message
from tournament.core.identity import member_key
from tournament.core.normalize import normalize_name
from tournament.spreadsheets.member_numbers import MemberNumbers
from tournament.spreadsheets.table_file import (
    DB_INT_MAX,
    CellProblem,
    RawTable,
    cell,
    map_headers,
    parse_int,
)

NAME_MAX = 50
MEMBER_NO_MAX = 30

# The names real units' sign-up forms use for each column; the first is the
# template's. 序号/编号/备注 columns are ignored (tournament.spreadsheets.table_file.IGNORED_HEADERS).
HEADERS: dict[str, tuple[str, ...]] = {
    "team": ("队名", "team", "组合", "组合名称", "队伍", "队伍名称", "队伍名", "组合名"),
    "unit": ("单位", "unit", "单位名称", "代表队", "参赛单位", "所属单位"),
    "player1": ("选手1", "player1", "选手一", "队员1", "队员一", "运动员1", "运动员一", "姓名1"),
    "player2": ("选手2", "player2", "选手二", "队员2", "队员二", "运动员2", "运动员二", "姓名2"),
    "member1": ("选手1会员号", "member1", "会员号1", "选手一会员号", "队员1会员号"),
    "member2": ("选手2会员号", "member2", "会员号2", "选手二会员号", "队员2会员号"),
    "phone": ("电话", "phone", "电话1", "phone1", "联系电话", "手机", "手机号", "手机号码"),
    "phone2": ("电话2", "phone2", "联系电话2", "手机2", "手机号码2"),
    "seed": ("种子", "seed", "种子号"),
}
SEED_MAX = DB_INT_MAX
REQUIRED = ("team", "player1", "player2")
NAME_KEYS = ("team", "unit", "player1", "player2")
# Each player's 会员号 follows that player's name (docs/rules.md §18); optional.
TEMPLATE_HEADER = ("队名", "单位", "选手1", "选手1会员号", "选手2", "选手2会员号", "电话", "种子")
TEMPLATE_EXAMPLE = ("金陵一队", "南京市掼蛋协会", "张伟", "", "王芳", "", "13800000000", "")

# Message codes (texts in tournament/text/messages/services.py).
MSG_MISSING_PAIR = "reg_missing_team"
MSG_MISSING_PLAYER = "reg_missing_player"
MSG_TOO_LONG = Message("reg_too_long", {"n": NAME_MAX})
MSG_DUP_PAIR_FILE = "reg_dup_team_file"
MSG_DUP_PAIR_DB = "reg_dup_team_db"
MSG_DUP_PLAYER_FILE = "reg_dup_player_file"
MSG_DUP_PLAYER_DB = "reg_dup_player_db"
MSG_SAME_PLAYER = "reg_same_player"
MSG_NAMESAKE_FILE = "reg_namesake_file"
MSG_NAMESAKE_DB = "reg_namesake_db"
MSG_BAD_SEED = "reg_bad_seed"
PHONE_MAX = 30
MSG_PHONE_TOO_LONG = Message("reg_phone_too_long", {"n": PHONE_MAX})
MSG_NO_ROWS = "reg_no_rows"
MSG_MEMBER_NO_TOO_LONG = Message("reg_member_no_too_long", {"n": MEMBER_NO_MAX})
_EXAMPLE_NAMES = (
    TEMPLATE_EXAMPLE[0],
    TEMPLATE_EXAMPLE[1],
    TEMPLATE_EXAMPLE[2],
    TEMPLATE_EXAMPLE[4],
)


@dataclass(frozen=True)
class PairRow:
    """One pair to create, as read from the sheet."""

    row: int
    pair: str
    unit: str
    player1: str
    player2: str
    phone: str = ""
    phone2: str = ""
    seed: int | None = None
    member1: str = ""
    member2: str = ""


@dataclass
class RegistrationCheck:
    rows: list[PairRow] = field(default_factory=list)
    problems: list[CellProblem] = field(default_factory=list)
    ignored_columns: list[str] = field(default_factory=list)  # 序号, 备注…: not read
    skipped_rows: list[int] = field(default_factory=list)  # total lines (合计…)
    example_rows: list[int] = field(default_factory=list)  # the template's sample pair, left in
    # Namesakes (同名): a name already seen in another unit or with another phone number,
    # taken as another person; shown in the preview, never a reason to refuse the file.
    namesakes: list[CellProblem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def units(self) -> list[str]:
        return sorted({r.unit for r in self.rows if r.unit})


def check_registration(
    table: RawTable,
    existing_pairs: Iterable[str] = (),
    existing_players: Mapping[str, Iterable[tuple[str, str]]] | None = None,
    existing_members: Iterable[str] = (),
) -> RegistrationCheck:
    """Validate every row of ``table``.

    ``existing_players`` maps a registered player's name to (phone, pair name) or (phone,
    pair name, unit name) tuples. Two entries with the same name are taken as the same
    person unless both carry different phone numbers or both name different units: real
    events do have two 王伟 (at 5,000 pairs, dozens), and a phone number or a unit tells
    them apart. Such namesakes are listed in ``namesakes``, not refused. A 会员号 names one
    person: twice in the file, or already registered (``existing_members``), is refused.
    """
    result = RegistrationCheck(skipped_rows=list(table.skipped))
    headers = map_headers(table.header, HEADERS, REQUIRED, table.header_row)
    columns, result.problems, result.ignored_columns = (
        headers.columns,
        headers.problems,
        headers.ignored,
    )
    if result.problems:
        return result
    registered = {normalize_name(name) for name in existing_pairs}
    known: dict[str, list[tuple[str, str]]] = {}
    for name, entries in (existing_players or {}).items():
        known.setdefault(normalize_name(name), []).extend(entries)
    seen_pairs: dict[str, int] = {}
    seen_players: dict[str, list[tuple[str, str, int]]] = {}
    members = MemberNumbers(set(existing_members), result.problems)
    for number, cells in table.rows:
        row, ok = _read_row(number, cells, columns, result.problems)
        if (row.pair, row.unit, row.player1, row.player2) == _EXAMPLE_NAMES:
            result.example_rows.append(number)  # the template's sample, not a real pair
            continue
        # Duplicates are checked even on a row with other problems: report everything at once.
        if row.pair:
            _check_pair_name(row, seen_pairs, registered, result.problems)
        for name, phone, key in (
            (row.player1, row.phone, "player1"),
            (row.player2, row.phone2, "player2"),
        ):
            if name:
                person = _Person(row.row, HEADERS[key][0], name, phone, row.unit)
                _check_player(person, seen_players, known, result)
        members.check(
            row.row,
            ((HEADERS["member1"][0], row.member1), (HEADERS["member2"][0], row.member2)),
        )
        if row.player1 and row.player1 == row.player2:
            result.problems.append(CellProblem(row.row, HEADERS["player2"][0], MSG_SAME_PLAYER))
        if ok:
            result.rows.append(row)
    if not (result.rows or result.problems):  # no row, or only the template's sample
        result.problems.append(CellProblem(None, None, MSG_NO_ROWS))
    return result


def _read_row(number, cells, columns, problems) -> tuple[PairRow, bool]:
    """Read one row; the flag is False when the row has a problem (already reported)."""
    values = {key: cell(cells, columns, key) for key in HEADERS}
    for key in NAME_KEYS:  # one stored form, compared as stored (王　芳 is 王芳)
        values[key] = normalize_name(values[key])
    ok = True
    for key, missing in (
        ("team", MSG_MISSING_PAIR),
        ("player1", MSG_MISSING_PLAYER),
        ("player2", MSG_MISSING_PLAYER),
    ):
        if not values[key]:
            problems.append(CellProblem(number, HEADERS[key][0], missing))
            ok = False
    for key in ("team", "unit", "player1", "player2"):
        if len(values[key]) > NAME_MAX:
            problems.append(CellProblem(number, HEADERS[key][0], MSG_TOO_LONG))
            ok = False
    for key in ("phone", "phone2"):
        if len(values[key]) > PHONE_MAX:
            problems.append(CellProblem(number, HEADERS[key][0], MSG_PHONE_TOO_LONG))
            ok = False
    for key in ("member1", "member2"):
        values[key] = member_key(values[key])
        if len(values[key]) > MEMBER_NO_MAX:
            problems.append(CellProblem(number, HEADERS[key][0], MSG_MEMBER_NO_TOO_LONG))
            ok = False
    seed = None
    if values["seed"]:
        seed = parse_int(values["seed"], 1, SEED_MAX)
        if seed is None:
            problems.append(CellProblem(number, HEADERS["seed"][0], MSG_BAD_SEED))
            ok = False
    row = PairRow(
        row=number,
        pair=values["team"],
        unit=values["unit"],
        player1=values["player1"],
        player2=values["player2"],
        phone=values["phone"],
        phone2=values["phone2"],
        seed=seed,
        member1=values["member1"],
        member2=values["member2"],
    )
    return row, ok


def _check_pair_name(row: PairRow, seen: dict[str, int], registered: set[str], problems) -> None:
    column = HEADERS["team"][0]
    if row.pair in registered:
        problems.append(CellProblem(row.row, column, Message(MSG_DUP_PAIR_DB, {"name": row.pair})))
    elif row.pair in seen:
        problems.append(
            CellProblem(
                row.row,
                column,
                Message(MSG_DUP_PAIR_FILE, {"name": row.pair, "other": seen[row.pair]}),
            )
        )
    else:
        seen[row.pair] = row.row


@dataclass(frozen=True)
class _Person:
    """A player of the sheet: where it is written, and what tells namesakes apart."""

    row: int
    column: str
    name: str
    phone: str
    unit: str


def _same_person(phone_a: str, unit_a: str | None, phone_b: str, unit_b: str | None) -> bool:
    """Same name: one person unless both phones are given and differ, or both units."""
    if phone_a and phone_b and phone_a != phone_b:
        return False
    return not (unit_a and unit_b and unit_a != unit_b)


def _check_player(person: _Person, seen, known, result: RegistrationCheck) -> None:
    name, number, column = person.name, person.row, person.column
    namesake = None
    for entry in known.get(name, ()):
        other_phone, pair = entry[0], entry[1]
        other_unit = normalize_name(entry[2]) if len(entry) > 2 else None
        if _same_person(person.phone, person.unit, other_phone, other_unit):
            message = Message(MSG_DUP_PLAYER_DB, {"name": name, "team": pair})
            result.problems.append(CellProblem(number, column, message))
            return
        namesake = namesake or Message(MSG_NAMESAKE_DB, {"name": name, "team": pair})
    for other_phone, other_unit, other_row in seen.get(name, ()):
        if other_row == number:
            continue
        if _same_person(person.phone, person.unit, other_phone, other_unit):
            message = Message(MSG_DUP_PLAYER_FILE, {"name": name, "other": other_row})
            result.problems.append(CellProblem(number, column, message))
            return
        namesake = namesake or Message(MSG_NAMESAKE_FILE, {"name": name, "other": other_row})
    if namesake is not None:
        result.namesakes.append(CellProblem(number, column, namesake))
    seen.setdefault(name, []).append((person.phone, person.unit, number))
