"""The movement table (移位表) printed: which pairs sit at which table in every round of a stage.

Vocabulary
----------
movement
    A :class:`StageMovement`: one stage's name and its rounds, each a :class:`MovementRound`
    of seated tables ``(table, EW name, NS name)`` and the pairs without a table (the bye).
    A round robin (单循环) has one round per Berger round; rotation groups (分组三轮移位)
    have their three rounds. Both are fixed once the stage's order is drawn, so the whole
    table can be printed before the first round is paired.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop
from reportlab.lib.units import mm

from pairing.groups import pair_rotation_round
from tournament.events.stages import round_robin_movement_rows
from tournament.models import Pair, Stage, Tournament
from tournament.printing.pdf import Col, ListDocument, Section
from tournament.printing.tabular import Column, Exporter
from tournament.text.titles import listing, number_title

ROTATION_ROUNDS = (1, 2, 3)  # a rotation stage is always three rounds (分组三轮移位)


@dataclass(frozen=True)
class MovementRound:
    """One round: ``tables`` as ``(table, EW name, NS name)``; ``byes``: names without a table."""

    number: int
    tables: Sequence[tuple[int, str, str]]
    byes: Sequence[str]


@dataclass(frozen=True)
class StageMovement:
    name: str
    rounds: Sequence[MovementRound]


def _rotation_rounds(stage: Stage) -> list[MovementRound]:
    groups = stage.state["groups"]
    ids = [pair for group in groups for pair in group]
    names = dict(Pair.objects.filter(pk__in=ids).values_list("pk", "name"))
    rounds = []
    for number in ROTATION_ROUNDS:
        pairing = pair_rotation_round(groups, number, seating=stage.tournament.seating)
        tables = [(t.number, names[t.ew], names[t.ns]) for t in pairing.tables]
        rounds.append(MovementRound(number, tables, [names[b.entrant] for b in pairing.byes]))
    return rounds


def stage_movement(stage: Stage) -> StageMovement | None:
    """The stage's movement table, or None (another kind of stage, or its order not drawn)."""
    if stage.kind == "round_robin":
        rows = round_robin_movement_rows(stage)
        rounds = [MovementRound(n, tables, [bye] if bye else []) for n, tables, bye in rows]
    elif stage.kind == "rotation" and stage.state.get("groups"):
        rounds = _rotation_rounds(stage)
    else:
        return None
    return StageMovement(stage.name, rounds) if rounds else None


def event_movements(tournament: Tournament) -> list[StageMovement]:
    """Every stage of the event with a movement table, in stage order."""
    stages = Stage.objects.filter(tournament=tournament).order_by("order")
    return [m for stage in stages if (m := stage_movement(stage)) is not None]


def bye_text(names: Sequence[str]) -> str:
    return listing(names)


class MovementPdf(ListDocument):
    """移位表: one table per round, two rounds side by side (rounds 1 | 2, then 3 | 4 …) on
    landscape A4; each stage starts a new page with its name in the header."""

    landscape = True
    grid = True
    zebra = False  # the shading would hide the grid's lines between rows
    gutter = 10 * mm

    def __init__(self, event, movements: Sequence[StageMovement]) -> None:
        super().__init__(event)
        self.movements = movements
        self.title = self._stage_title(movements[0]) if movements else _("移位表")
        self.column: int | None = None  # None: the full width (page header and footer)

    @staticmethod
    def _stage_title(movement: StageMovement) -> str:
        return _("%(stage)s移位表") % {"stage": movement.name}

    # The table helpers of ListDocument draw between ``left`` and ``right``: in a column,
    # those are the column's edges.
    @property
    def left(self) -> float:
        if self.column is None:
            return self.margin_left
        width = (self.width - self.margin_left - self.margin_right - self.gutter) / 2
        return self.margin_left + self.column * (width + self.gutter)

    @property
    def right(self) -> float:
        if self.column is None:
            return self.width - self.margin_right
        width = (self.width - self.margin_left - self.margin_right - self.gutter) / 2
        return self.left + width

    def start_page(self) -> float:
        self.column = None
        y = super().start_page()
        self.column = 0
        return y

    def sections(self) -> Iterable[Section]:
        columns = [
            Col(gettext_noop("台号"), 1.2, "center", bold=True),
            Col(gettext_noop("东西"), 4.0),
            Col(gettext_noop("南北"), 4.0),
        ]
        for index, movement in enumerate(self.movements):
            # The header is drawn when the stage's first section opens its page.
            self.title = self._stage_title(movement)
            for position, rnd in enumerate(movement.rounds):
                rows: list[list[object]] = [list(t) for t in rnd.tables]
                if rnd.byes:
                    rows.append([_("轮空"), bye_text(rnd.byes), "—"])
                yield Section(
                    number_title(rnd.number),
                    columns,
                    rows,
                    row_height=7 * mm,
                    font_size=10.5,
                    new_page=index > 0 and position == 0,
                )

    def _height(self, section: Section) -> float:
        """Title, column headers and rows (the sizes ListDocument draws them with)."""
        return 7.5 * mm + 6 * mm + len(list(section.rows)) * section.row_height

    def draw(self) -> None:
        row_top = row_bottom = None
        for section in self.sections():
            if row_top is None or section.new_page:
                if row_top is not None:
                    self.end_page()
                row_top = row_bottom = self.start_page()
            elif self.column == 0:
                self.column = 1  # beside the previous round, from the same height
            else:
                self.column = 0
                row_top = row_bottom - self.section_gap
                if row_top - self._height(section) < self.bottom:
                    self.end_page()
                    row_top = row_bottom = self.start_page()
            page = self.page_number
            end = self._draw_section(section, row_top)
            if self.page_number != page:  # a round longer than a page went on to the next
                row_bottom, self.column = end, 1  # the next round starts a new row
            else:
                row_bottom = min(row_bottom, end)
        if row_top is None:
            self.start_page()
        self.end_page()


class MovementExport(Exporter):
    """移位表 as a sheet: one row per table per round, then the round's bye (台号 "轮空")."""

    columns = (
        Column(gettext_lazy("阶段"), 16),
        Column(gettext_lazy("轮次"), 8),
        Column(gettext_lazy("台号"), 8),
        Column(gettext_lazy("东西"), 24),
        Column(gettext_lazy("南北"), 24),
    )

    def __init__(self, movements: Sequence[StageMovement]) -> None:
        self.sheet_title = _("移位表")
        self.movements = movements

    def rows(self):
        for movement in self.movements:
            for rnd in movement.rounds:
                for table, ew, ns in rnd.tables:
                    yield [movement.name, rnd.number, table, ew, ns]
                if rnd.byes:
                    yield [movement.name, rnd.number, _("轮空"), bye_text(rnd.byes), None]
