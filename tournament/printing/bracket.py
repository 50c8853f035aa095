"""The knockout bracket (淘汰赛对阵图): its plain structure and the chart.

Structure
---------
A bracket is a list of bracket rounds, first round first; each round is a list of matches
``{"id": str, "ew": team_id | None, "ns": team_id | None, "winner": team_id | None,
"bye": bool}``. Table ``k`` of a round is fed by matches ``2k`` and ``2k+1`` of the round
before. A bye has one pair and ``bye`` true (13 pairs fill 16 slots with 3 byes). An empty
side not marked bye is still to be decided. The third-place match (三、四名决赛), when
played, is a match of the same shape under the key ``"third_place"``.

It is stored by the pairing adapter (``pairing.bracket.Bracket.to_dict``) in ``Stage.state``
of a stage whose kind is ``knockout`` as ``{"size", "seeds", "rounds", "third_place"}``, each
match also carrying its bracket ``"round"``. :func:`bracket_from_state` is the one place that
reads it; it also accepts ``state["bracket"]`` as a bare list of rounds, with
``state["third_place"]`` beside it.

Chart
-----
Landscape A4, one column per round and one for the champion, lines joining each match to the
next. Up to 16 first-round matches (32 slots) fit a page; a larger bracket is printed in
sections of 16 first-round matches down to their section winner, then the rest of the tree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from reportlab.lib.units import mm

from tournament.printing import fonts
from tournament.printing.data import EventInfo, PrintedPair
from tournament.printing.pdf import MID_GREY, RED, PdfDocument
from tournament.text.titles import bracket_round_title, key_title


def legend_text() -> str:
    """The key to the chart (translated when the page is drawn)."""
    return _("[n] 资格赛名次；粗体、粗线为胜方；右端为胜局数或终局级数")


Scores = Mapping[str, Mapping[Any, str]]
"""Bracket match id → pair → what its line shows: games won, or the final level."""

PAGE_TABLES = 16
_DEPTH = 5  # rounds of a 16-match section: 16, 8, 4, 2, 1


@dataclass(frozen=True)
class BracketMatch:
    id: str
    ew: Any = None
    ns: Any = None
    winner: Any = None
    bye: bool = False


@dataclass(frozen=True)
class Bracket:
    rounds: tuple[tuple[BracketMatch, ...], ...]
    third_place: BracketMatch | None = None
    seeds: tuple = ()

    @property
    def size(self) -> int:
        return len(self.rounds[0]) * 2 if self.rounds else 0

    def seed_of(self, pair: Any) -> int | None:
        """The pair's qualifying rank (its seed, 1 = best), None when unknown."""
        return self.seeds.index(pair) + 1 if pair is not None and pair in self.seeds else None

    def pair_ids(self) -> set:
        tables = [m for r in self.rounds for m in r] + [self.third_place] * bool(self.third_place)
        return {t for m in tables for t in (m.ew, m.ns, m.winner) if t is not None}


def _table(raw: Mapping) -> BracketMatch:
    return BracketMatch(
        id=str(raw.get("id", "")),
        ew=raw.get("ew"),
        ns=raw.get("ns"),
        winner=raw.get("winner"),
        bye=bool(raw.get("bye", False)),
    )


def bracket_from_state(state: Mapping | None) -> Bracket | None:
    """Read the bracket of a knockout stage from ``Stage.state`` (None when there is none)."""
    if not state or not state.get("bracket"):
        return None
    raw = state["bracket"]
    third = state.get("third_place")
    seeds: tuple = ()
    if isinstance(raw, Mapping):
        third = raw.get("third_place", third)
        seeds = tuple(raw.get("seeds") or ())
        raw = raw.get("rounds", [])
    rounds = tuple(tuple(_table(m) for m in rnd) for rnd in raw)
    return Bracket(rounds, _table(third) if third else None, seeds)


def is_regular(rounds: Sequence[Sequence[BracketMatch]]) -> bool:
    """Every round has half the matches of the round before."""
    return all(len(b) * 2 == len(a) for a, b in zip(rounds, rounds[1:], strict=False))


def sections(rounds: Sequence[Sequence[BracketMatch]], first: int = 0) -> list[tuple[int, list]]:
    """Split a regular bracket into page-sized trees: (index of their first round, rounds)."""
    if not rounds or len(rounds[0]) <= PAGE_TABLES or not is_regular(rounds):
        return [(first, [list(r) for r in rounds])]
    out = []
    for j in range(len(rounds[0]) // PAGE_TABLES):
        tree = []
        for i in range(min(_DEPTH, len(rounds))):
            size = PAGE_TABLES >> i
            tree.append(list(rounds[i][j * size : (j + 1) * size]))
        out.append((first, tree))
    return out + sections(rounds[_DEPTH:], first + _DEPTH)


BRACKET_TITLE = gettext_noop("淘汰赛对阵图")


class BracketPdf(PdfDocument):
    landscape = True
    title = BRACKET_TITLE

    def __init__(
        self,
        event: EventInfo,
        bracket: Bracket | None,
        pairs: Mapping[Any, PrintedPair],
        stage_name: str = "",
        scores: Scores | None = None,
    ) -> None:
        super().__init__(event)
        self.bracket = bracket
        self.pairs = pairs
        self.scores = scores or {}
        self.title = _("%(stage)s 对阵图") % {"stage": stage_name} if stage_name else _(self.title)

    def draw(self) -> None:
        if self.bracket is None or not self.bracket.rounds:
            top = self.start_page()
            fonts.draw(self.canvas, self.left, top - 12 * mm, _("尚未生成淘汰赛对阵"), 16)
            self.end_page()
            return
        total = len(self.bracket.rounds)
        parts = sections(self.bracket.rounds)
        for n, (first, tree) in enumerate(parts):
            top = self.start_page()
            # In the footer's free middle, between the print time and the page number.
            fonts.draw(
                self.canvas,
                self.width / 2,
                self.margin_bottom,
                legend_text(),
                7.5,
                align="center",
                color=MID_GREY,
                max_width=self.content_width * 0.45,
            )
            last = n == len(parts) - 1
            self.tree(tree, first, total, top, champion=last and first + len(tree) == total)
            if last and self.bracket.third_place:
                self.third_place(self.bracket.third_place)
            self.end_page()

    # -- drawing ------------------------------------------------------------------------
    def name(self, pair: Any, *, bye: bool = False) -> str:
        """The pair's name after its qualifying rank: "[3] 金陵一队"."""
        if pair is None:
            return _("（轮空）") if bye else ""
        printed = self.pairs.get(pair)
        name = printed.name if printed else str(pair)
        seed = self.bracket.seed_of(pair) if self.bracket else None
        return f"[{seed}] {name}" if seed else name

    def tree(
        self,
        rounds: list[list[BracketMatch]],
        first: int,
        total: int,
        top: float,
        *,
        champion: bool,
    ) -> None:
        """Each match is two name lines joined by a vertical line on the right; a match of a
        later round puts its name lines at the heights of the two matches feeding it, so the
        winner's line runs on into the next column."""
        c = self.canvas
        columns = len(rounds) + (1 if champion else 0)
        col_w = self.content_width / columns
        area_top = top - 9 * mm
        area_h = area_top - self.bottom - (24 * mm if self.bracket.third_place else 4 * mm)
        regular = is_regular(rounds)
        slots = self.bracket.size
        slot = area_h / len(rounds[0])
        size = max(6.0, min(10.5, slot / mm))
        for i, rnd in enumerate(rounds):
            x = self.left + i * col_w
            w = col_w - 4 * mm
            fonts.draw(
                c,
                x + w / 2,
                top - 4 * mm,
                bracket_round_title(first + i, slots),
                10,
                align="center",
                bold=True,
            )
            step = area_h / len(rnd)
            for k, table in enumerate(rnd):
                upper = area_top - (k + 0.25) * step
                lower = area_top - (k + 0.75) * step
                if regular and i > 0:
                    upper = area_top - (2 * k + 0.5) * (step / 2)
                    lower = area_top - (2 * k + 1.5) * (step / 2)
                self.match(table, x, upper, lower, w, size)
                if regular and i + 1 < len(rounds):
                    mid = (upper + lower) / 2
                    c.line(x + w, mid, x + col_w, mid)  # on to the next round
        if champion:
            self.champion(rounds, col_w, top, area_top - area_h / 2)

    def champion(
        self, rounds: list[list[BracketMatch]], col_w: float, top: float, yy: float
    ) -> None:
        """The last column: the final's winner on a red line at the height of the final."""
        c = self.canvas
        final = rounds[-1][0] if len(rounds[-1]) == 1 else None
        x = self.left + len(rounds) * col_w
        fonts.draw(
            c, x + (col_w - 4 * mm) / 2, top - 4 * mm, _("冠军"), 10, align="center", bold=True
        )
        winner = self.name(final.winner) if final and final.winner is not None else ""
        c.setLineWidth(1.2)
        c.line(x, yy, x + col_w - 4 * mm, yy)
        fonts.draw(
            c,
            x + 1 * mm,
            yy + 1.5 * mm,
            winner,
            12,
            bold=True,
            color=RED,
            max_width=col_w - 6 * mm,
        )

    def match(
        self, m: BracketMatch, x: float, upper: float, lower: float, w: float, size: float
    ) -> None:
        """Two name lines; the winner's in bold on a thick line (readable in black and white),
        each pair's score (games won or final level) at the right end of its line."""
        c = self.canvas
        c.setLineWidth(0.6)
        c.line(x + w, upper, x + w, lower)
        scores = self.scores.get(m.id, {})
        for pair, yy in ((m.ew, upper), (m.ns, lower)):
            won = pair is not None and pair == m.winner
            c.setLineWidth(1.8 if won else 0.6)
            c.line(x, yy, x + w, yy)
            c.setLineWidth(0.6)
            score = str(scores.get(pair, "")) if pair is not None else ""
            score_w = fonts.width(score, size, True) + 2 * mm if score else 0
            if score:
                fonts.draw(c, x + w - 1 * mm, yy + 1.2 * mm, score, size, align="right", bold=won)
            text = self.name(pair, bye=m.bye)
            fonts.draw(
                c,
                x + 1 * mm,
                yy + 1.2 * mm,
                text,
                size,
                bold=won,
                color=None if pair is not None else MID_GREY,
                max_width=w - 2 * mm - score_w,
                min_size=5,
            )

    def third_place(self, m: BracketMatch) -> None:
        x = self.right - 70 * mm
        y = self.bottom + 12 * mm
        fonts.draw(self.canvas, x, y + 10 * mm, key_title(("third_place", 0)), 10, bold=True)
        self.match(m, x, y + 4.5 * mm, y - 4.5 * mm, 60 * mm, 9.5)
        if m.winner is not None:
            fonts.draw(self.canvas, x + 62 * mm, y - 1.2 * mm, _("季军"), 9, color=RED, bold=True)
