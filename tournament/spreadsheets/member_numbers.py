"""会员号 in a registration sheet (docs/rules.md §18): one person each, so a number twice in the
file, or already registered in the event, is a problem of the row. Shared by the pairs',
the teams' and the individuals' sheets."""

from __future__ import annotations

from collections.abc import Iterable

from rules.messages import Message
from tournament.spreadsheets.table_file import CellProblem

# Message codes: texts in tournament/text/messages/services.py
MSG_DUP_MEMBER_FILE = "reg_dup_member_file"
MSG_DUP_MEMBER_DB = "reg_dup_member_db"


class MemberNumbers:
    """The 会员号 seen so far in a sheet, and those of the event's registered players."""

    def __init__(self, registered: set[str], problems: list[CellProblem]) -> None:
        self.registered = registered
        self.seen: dict[str, int] = {}
        self.problems = problems

    def check(self, row: int, numbers: Iterable[tuple[str, str]]) -> None:
        """Check a row's (column name, 会员号) places; blank numbers are fine."""
        for column, number in numbers:
            if not number:
                continue
            if number in self.registered:
                message = Message(MSG_DUP_MEMBER_DB, {"number": number})
                self.problems.append(CellProblem(row, column, message))
            elif number in self.seen:
                other = self.seen[number]
                message = Message(MSG_DUP_MEMBER_FILE, {"number": number, "other": other})
                self.problems.append(CellProblem(row, column, message))
            else:
                self.seen[number] = row
