"""Checking a team event's registration sheet (团体报名表) before anything is saved.

A sheet has one row per team: 队名, 单位, then each pair's two players (组合1选手1, 组合1选手2,
组合2选手1, 组合2选手2, and 组合3选手1, 组合3选手2 when a team has three pairs), then the
optional substitutes 替补1, 替补2; after any player's column, that player's optional 会员号
("组合1选手1会员号", "替补1会员号": docs/rules.md §18). :func:`check_team_sheet` returns the teams to create and
every problem with its row and column; the caller saves only when there is none, so an
import is all or nothing (as the pairs' sheet, :mod:`tournament.registration.registration_spreadsheet`).

Here, not in registration: the import service (:mod:`tournament.teams.import_sheet`) checks the
sheet again inside its transaction, and registration builds on teams, not the other way.

Names are kept in their one stored form (:func:`tournament.core.normalize.normalize_name`).
A player is one person per unit: the same name twice in one team, or in two teams of the
same unit (or both without a unit), is refused; in different units, two namesakes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from rules.messages import Message
from tournament.core.identity import member_key
from tournament.core.normalize import normalize_name
from tournament.models.pairs import NAME_MAX
from tournament.spreadsheets.member_numbers import MemberNumbers
from tournament.spreadsheets.table_file import CellProblem, RawTable, cell, map_headers

# Message codes: texts in tournament/text/messages/services.py (the pairs' sheet's) and teams.py
MSG_MISSING_TEAM = "reg_missing_team"
MSG_MISSING_PLAYER = "reg_missing_player"
MSG_TOO_LONG = Message("reg_too_long", {"n": NAME_MAX})
MSG_DUP_TEAM_FILE = "reg_dup_team_file"
MSG_DUP_TEAM_DB = "reg_dup_team_db"
MSG_NO_ROWS = "reg_no_rows"
MSG_SAME_PLAYER = "team_same_player"
MSG_SUBSTITUTES = "team_substitutes_count"
MSG_PLAYER_FILE = "team_sheet_player_file"
MSG_PLAYER_DB = "team_sheet_player_db"

SUBSTITUTE_COLUMNS = 2  # 替补1, 替补2: the most any event allows
TEMPLATE_TEAM = ("金陵一队", "南京市体育总会")
TEAM_COLUMN = "队名"


def player_header(pair: int, seat: int) -> str:
    return f"组合{pair}选手{seat}"


def substitute_header(n: int) -> str:
    return f"替补{n}"


def member_header(name_header: str) -> str:
    """The optional 会员号 column after a player's name column: "组合1选手1会员号"."""
    return f"{name_header}会员号"


def sheet_headers(team_pairs: int) -> dict[str, tuple[str, ...]]:
    """The sheet's columns: field key → the names it may have (the first is the template's)."""
    headers: dict[str, tuple[str, ...]] = {
        "team": (TEAM_COLUMN, "team", "队伍", "队伍名称"),
        "unit": ("单位", "unit", "单位名称", "参赛单位"),
    }
    for n in range(1, 2 * team_pairs + 1):
        pair, seat = divmod(n - 1, 2)
        name = player_header(pair + 1, seat + 1)
        headers[f"p{n}"] = (name, f"pair{pair + 1}player{seat + 1}")
        headers[f"m{n}"] = (member_header(name), f"pair{pair + 1}player{seat + 1}member")
    for n in range(1, SUBSTITUTE_COLUMNS + 1):
        headers[f"s{n}"] = (substitute_header(n), f"substitute{n}")
        headers[f"sm{n}"] = (member_header(substitute_header(n)), f"substitute{n}member")
    return headers


def template_header(team_pairs: int, substitutes: int) -> list[str]:
    """The template's header row: every player column with its 会员号 column after it, and
    the substitutes the event allows."""
    names = ["队名", "单位"]
    for n in range(1, 2 * team_pairs + 1):
        pair, seat = divmod(n - 1, 2)
        names += [
            player_header(pair + 1, seat + 1),
            member_header(player_header(pair + 1, seat + 1)),
        ]
    for n in range(1, substitutes + 1):
        names += [substitute_header(n), member_header(substitute_header(n))]
    return names


@dataclass(frozen=True)
class TeamRow:
    """One team to create, as read from the sheet."""

    row: int
    team: str
    unit: str
    players: tuple[str, ...]
    substitutes: tuple[str, ...] = ()
    numbers: tuple[str, ...] = ()  # each roster place's 会员号 ("" for none), in roster order

    @property
    def roster(self) -> tuple[str, ...]:
        return self.players + self.substitutes

    def member_no(self, number: int) -> str:
        """Roster place ``number``'s 会员号 (1-based)."""
        return self.numbers[number - 1] if number <= len(self.numbers) else ""


@dataclass
class TeamSheetCheck:
    rows: list[TeamRow] = field(default_factory=list)
    problems: list[CellProblem] = field(default_factory=list)
    ignored_columns: list[str] = field(default_factory=list)  # 序号, 备注…: not read
    skipped_rows: list[int] = field(default_factory=list)  # total lines (合计…)
    example_rows: list[int] = field(default_factory=list)  # the template's sample team

    @property
    def ok(self) -> bool:
        return not self.problems

    def units(self) -> list[str]:
        return sorted({r.unit for r in self.rows if r.unit})


@dataclass(frozen=True)
class Registered:
    """What the sheet is checked against: the event's teams and their players' units."""

    teams: Iterable[str] = ()
    players: Iterable[tuple[str, str, str]] = ()  # (player, unit, team)
    numbers: Iterable[str] = ()  # the 会员号 registered in the event


def check_team_sheet(
    table: RawTable, team_pairs: int, substitutes: int, registered: Registered = Registered()
) -> TeamSheetCheck:
    """Validate every row of ``table`` for teams of ``team_pairs`` pairs and at most
    ``substitutes`` substitutes."""
    headers = sheet_headers(team_pairs)
    required = ["team"] + [f"p{n}" for n in range(1, 2 * team_pairs + 1)]
    result = TeamSheetCheck(skipped_rows=list(table.skipped))
    mapped = map_headers(table.header, headers, required, table.header_row)
    result.problems, result.ignored_columns = mapped.problems, mapped.ignored
    if result.problems:
        return result
    teams = {normalize_name(name) for name in registered.teams}
    people: dict[tuple[str, str], str] = {}  # (player, unit) → where: a team or a row
    for name, unit, team in registered.players:
        people.setdefault((normalize_name(name), normalize_name(unit)), team)
    seen_teams: dict[str, int] = {}
    seen_people: dict[tuple[str, str], int] = {}
    members = MemberNumbers(set(registered.numbers), result.problems)
    for number, cells in table.rows:
        values = {key: normalize_name(cell(cells, mapped.columns, key)) for key in headers}
        row = _row(number, values, team_pairs)
        members.check(row.row, _member_columns(row, values, headers))
        if (row.team, row.unit) == TEMPLATE_TEAM:
            result.example_rows.append(number)  # the template's sample, not a real team
            continue
        found = _row_problems(row, headers, substitutes)
        found += _team_name(row, seen_teams, teams)
        found += _players_elsewhere(row, headers, seen_people, people)
        result.problems += found
        if not found:
            result.rows.append(row)
    if not (result.rows or result.problems):
        result.problems.append(CellProblem(None, None, MSG_NO_ROWS))
    return result


def _row(number: int, values: dict[str, str], team_pairs: int) -> TeamRow:
    places = range(1, 2 * team_pairs + 1)
    substitutes = [
        (values[f"s{n}"], member_key(values[f"sm{n}"]))
        for n in range(1, SUBSTITUTE_COLUMNS + 1)
        if values[f"s{n}"]
    ]
    return TeamRow(
        row=number,
        team=values["team"],
        unit=values["unit"],
        players=tuple(values[f"p{n}"] for n in places),
        substitutes=tuple(name for name, _ in substitutes),
        numbers=tuple(member_key(values[f"m{n}"]) for n in places)
        + tuple(member for _, member in substitutes),
    )


def _member_columns(row: TeamRow, values, headers) -> list[tuple[str, str]]:
    """(column, 会员号) of each place of the row that gives one."""
    keys = [f"m{n}" for n in range(1, len(row.players) + 1)]
    keys += [f"sm{n}" for n in range(1, SUBSTITUTE_COLUMNS + 1) if values[f"s{n}"]]
    return [(headers[key][0], number) for key, number in zip(keys, row.numbers, strict=True)]


def _columns(row: TeamRow, headers) -> list[tuple[str, str]]:
    """(column name, player) of each roster place the row fills, in roster order."""
    places = [headers[f"p{n}"][0] for n in range(1, len(row.players) + 1)]
    places += [headers[f"s{n}"][0] for n in range(1, len(row.substitutes) + 1)]
    return list(zip(places, row.roster, strict=True))


def _row_problems(row: TeamRow, headers, substitutes: int) -> list[CellProblem]:
    """The row's own problems: blank or too long names, too many substitutes, a player twice."""
    found = []
    if not row.team:
        found.append(CellProblem(row.row, headers["team"][0], MSG_MISSING_TEAM))
    for n, name in enumerate(row.players, start=1):
        if not name:
            found.append(CellProblem(row.row, headers[f"p{n}"][0], MSG_MISSING_PLAYER))
    for key, value in [("team", row.team), ("unit", row.unit), *_keys(row)]:
        if len(value) > NAME_MAX:
            found.append(CellProblem(row.row, headers[key][0], MSG_TOO_LONG))
    if len(row.substitutes) > substitutes:
        column = headers[f"s{substitutes + 1}"][0]
        found.append(CellProblem(row.row, column, Message(MSG_SUBSTITUTES, {"count": substitutes})))
    roster = [name for name in row.roster if name]
    twice = sorted({name for name in roster if roster.count(name) > 1})
    if twice:
        found.append(
            CellProblem(row.row, None, Message(MSG_SAME_PLAYER, {"names": "、".join(twice)}))
        )
    return found


def _keys(row: TeamRow) -> list[tuple[str, str]]:
    """(field key, name) of each roster place."""
    keys = [(f"p{n}", name) for n, name in enumerate(row.players, start=1)]
    return keys + [(f"s{n}", name) for n, name in enumerate(row.substitutes, start=1)]


def _team_name(row: TeamRow, seen: dict[str, int], registered: set[str]) -> list[CellProblem]:
    if not row.team:
        return []
    if row.team in registered:
        return [CellProblem(row.row, TEAM_COLUMN, Message(MSG_DUP_TEAM_DB, {"name": row.team}))]
    if row.team in seen:
        message = Message(MSG_DUP_TEAM_FILE, {"name": row.team, "other": seen[row.team]})
        return [CellProblem(row.row, TEAM_COLUMN, message)]
    seen[row.team] = row.row
    return []


def _players_elsewhere(row: TeamRow, headers, seen, registered) -> list[CellProblem]:
    """A player of this row already in another team of the same unit: in the database, or
    in an earlier row of the sheet."""
    found = []
    for column, name in _columns(row, headers):
        if not name:
            continue
        key = (name, row.unit)
        if key in registered:
            message = Message(MSG_PLAYER_DB, {"name": name, "team": registered[key]})
            found.append(CellProblem(row.row, column, message))
        elif key in seen and seen[key] != row.row:
            message = Message(MSG_PLAYER_FILE, {"name": name, "other": seen[key]})
            found.append(CellProblem(row.row, column, message))
        else:
            seen[key] = row.row
    return found
