"""The plain data every export is made from (no database here; words go through gettext).

Vocabulary
----------
event
    :class:`EventInfo`: the tournament's name, host, dates and the options a printout
    shows (scoring system, time limit), with the print time already formatted.
pair
    :class:`Pair`: a registered fixed partnership (组合) with its unit and its two players in
    position order. Player 1 sits East (EW pair) or South (NS pair), player 2 West or North.
table
    :class:`Table`: one match of a round as the printouts need it — table number (None for a
    bye), the two pairs, the result as entered and, when the result counts, its score.

:mod:`tournament.printing.source` builds these from the database; the renderers and
exporters take them as they are, so most of them can be tested without a database.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext, gettext_noop

from rules import END_REASONS
from scoring import MatchScore
from scoring.system_numbers import DEFAULT_SCORE_OPTIONS, ScoreOptions
from tournament.models.result_values import PASSED_A
from tournament.results.checks import ResultValues
from tournament.text.pinyin import name_sort_key
from tournament.text.titles import listing

SEATS_EW = (gettext_noop("东"), gettext_noop("西"))  # translated where drawn
SEATS_NS = (gettext_noop("南"), gettext_noop("北"))
SIDE_LABELS = {"EW": gettext_noop("东西"), "NS": gettext_noop("南北")}  # translated where used
FORFEIT_LABELS = {
    "EW": gettext_noop("东西弃权"),
    "NS": gettext_noop("南北弃权"),
    "both": gettext_noop("双方弃权"),
}
STATE_LABELS = {
    "empty": gettext_noop("未开始"),
    "in_play": gettext_noop("比赛中"),
    "entered": gettext_noop("已录入"),
    "confirmed": gettext_noop("已确认"),
    "disputed": gettext_noop("有争议"),
}
"""Table states in words (the same as ``Table.STATE_CHOICES``; a test keeps them equal)."""


@dataclass(frozen=True, slots=True)
class EventInfo:
    name: str
    slug: str
    host: str
    venue: str
    dates: str
    certificate_date: str
    scoring: str
    scoring_label: str
    time_limit: int
    bye_policy: str
    tiebreaks: tuple[str, ...]
    award_tiers: tuple[tuple[str, int], ...]
    table_entry: bool
    printed_at: str
    unit_best_k: int = 2
    at_time_label: str = ""
    a_fail: str = "unlimited"
    background: bytes | None = None
    score_options: ScoreOptions = DEFAULT_SCORE_OPTIONS  # the 100+ forfeit and at-time options
    # The foul options the score sheet's notes state (docs/rules.md §7.2, §7.3).
    two_warnings: str = "gestures_only"
    three_fouls_defeat: bool = False
    # A team event (docs/rules.md §16): what ranks the teams and their tiebreak chain.
    team_rank: str = "match_points"
    team_tiebreaks: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PrintedPair:
    id: int
    name: str
    unit: str
    players: tuple[str, ...]
    pinyin: str = ""
    draw_number: int | None = None
    status: str = "active"
    phones: tuple[str, ...] = ()

    @property
    def players_text(self) -> str:
        return listing(self.players)

    def player(self, position: int) -> str:
        """Player 1 or 2 ("" when missing)."""
        return self.players[position - 1] if len(self.players) >= position else ""


@dataclass(frozen=True, slots=True)
class FoulLine:
    """One warning or foul of a table, as the printed foul log shows it.

    From the round's foul log (``Foul`` rows) or, for a step of the deal sheet that the log
    does not hold, from the sheet. ``severity`` is "warning" or "foul" as it counted.
    """

    side: str
    kind: str
    severity: str
    deal: int | None = None
    levels: int = 0
    referee: str = ""
    remark: str = ""


def level_text(level: str) -> str:
    """A level as every printout writes it: "A+" (passed A) is written 过A."""
    return gettext("过A") if level == PASSED_A else level


@dataclass(frozen=True, slots=True, kw_only=True)
class PrintedTable(ResultValues):
    """One table of a round as the printouts read it: its result (the fields of
    :class:`~tournament.results.checks.ResultValues`, defined there once) and the rest."""

    table_id: int
    round: int
    table: int | None
    ew: PrintedPair
    ns: PrintedPair | None
    state: str = "empty"
    deals: list[Any] = field(default_factory=list)
    ew_code: str = ""
    ns_code: str = ""
    counted: bool = False
    score: MatchScore | None = None
    fouls: tuple[FoulLine, ...] = ()
    bracket_id: str = ""
    game: int = 0
    referee: str = ""
    match: int | None = None  # a team event's team match (``Table.team_match``)

    @property
    def is_bye(self) -> bool:
        return self.ns is None

    def result_note(self) -> str:
        """Forfeit, defeat or 到时 (a finished result ended by time) in words ("" for a
        match won by passing A, and for a table still in play)."""
        if self.is_bye:
            return gettext("轮空")
        if self.forfeit:
            return gettext(FORFEIT_LABELS[self.forfeit]) if self.forfeit in FORFEIT_LABELS else ""
        if self.defeat_side:
            reason = gettext(END_REASONS.get(self.defeat_reason, self.defeat_reason))
            side = gettext(SIDE_LABELS.get(self.defeat_side, self.defeat_side))
            return gettext("%(side)s判负（%(reason)s）") % {"side": side, "reason": reason}
        if self.state not in ("empty", "in_play") and self.ended_by_time:
            return gettext("到时")
        return ""


def table_sort_key(t: PrintedTable) -> tuple:
    """Tables in number order, byes last."""
    return (t.table is None, t.table or 0, name_sort_key(t.ew.name))
