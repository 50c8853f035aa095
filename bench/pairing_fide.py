"""The FIDE Dutch engine (py4swiss) on a simulated event's history, for bench/pairing.py.

py4swiss is no dependency of the project: the benchmark imports it when it is installed
(``uv pip install --target DIR py4swiss==0.3.1`` and ``PY4SWISS_PATH=DIR``, or in the venv)
and says so otherwise. The event's history becomes a TRF as py4swiss reads it: the pair
sitting East-West plays White (the seat balance is the colour difference, and the Dutch
system's absolute colour rule keeps it within ±2 as §11.5 does), a 2/1/0 result is a
1/½/0 game. Dutch pairs the score brackets one by one from the top; its pairing is held
to the same rules here (no rematch, no seat balance beyond ±2).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Hashable

from pairing import Entrant
from pairing.simulate import SimEvent

Tables = list[tuple[Hashable, Hashable]]


def load_py4swiss():
    """The py4swiss modules, or None when it is not installed."""
    extra = os.environ.get("PY4SWISS_PATH")
    if extra and extra not in sys.path:
        sys.path.append(extra)
    try:
        from py4swiss.engines import DutchEngine
        from py4swiss.trf import ParsedTrf
        from py4swiss.trf.codes import PlayerCode
        from py4swiss.trf.results import ColorToken, ResultToken, RoundResult
        from py4swiss.trf.sections import PlayerSection, XSection
    except ImportError:
        return None
    return (
        DutchEngine,
        ParsedTrf,
        PlayerCode,
        ColorToken,
        ResultToken,
        RoundResult,
        PlayerSection,
        XSection,
    )


class RecordedEvent(SimEvent):
    """A simulated event that keeps each round's results (for the TRF)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.rounds: list[dict[Hashable, tuple[Hashable, str, float]]] = []

    def play(self, pairing) -> None:
        before = {pid: p.points for pid, p in self.pairs.items()}
        super().play(pairing)
        played = {}
        for t in pairing.tables:
            for me, other, colour in ((t.ew, t.ns, "w"), (t.ns, t.ew, "b")):
                played[me] = (other, colour, self.pairs[me].points - before[me])
        for b in pairing.byes:
            played[b.entrant] = (None, "-", self.pairs[b.entrant].points - before[b.entrant])
        self.rounds.append(played)


def dutch_tables(event: RecordedEvent, modules) -> Tables:
    """The FIDE Dutch pairing of the event's next round (match points only: 2/1/0)."""
    engine, parsed, code, colour_token, result_token, round_result, section, x_section = modules
    if event.scoring != "match_points":
        raise ValueError("the TRF holds 1/½/0 games: match_points events only")
    number = {pid: k for k, pid in enumerate(sorted(event.pairs), start=1)}
    tokens = {2: result_token.WIN, 1: result_token.DRAW, 0: result_token.LOSS}
    ranked = sorted(event.active(), key=lambda p: (-p.points, -p.tiebreak, p.draw_number))
    players = []
    for rank, pair in enumerate(ranked, start=1):
        results = []
        for played in event.rounds:
            other, colour, gained = played[pair.id]
            if other is None:
                results.append(
                    round_result(
                        id=0, color=colour_token("-"), result=result_token.PAIRING_ALLOCATED_BYE
                    )
                )
            else:
                results.append(
                    round_result(
                        id=number[other], color=colour_token(colour), result=tokens[round(gained)]
                    )
                )
        players.append(
            section(
                code=code.PLAYER,
                starting_number=number[pair.id],
                points_times_ten=round(pair.points * 5),
                rank=rank,
                results=results,
            )
        )
    trf = parsed(
        player_sections=players, x_section=x_section(number_of_rounds=len(event.rounds) + 1)
    )
    by_number = {k: pid for pid, k in number.items()}
    return [
        (by_number[p.white], by_number[p.black])
        for p in engine.generate_pairings(trf)
        if p.white and p.black
    ]


def closeness(entrants: list[Entrant], tables: Tables) -> float:
    """Sum over the tables of the squared points difference."""
    points = {e.id: e.points for e in entrants}
    return sum((points[a] - points[b]) ** 2 for a, b in tables)


def breaks_a_rule(entrants: list[Entrant], tables: Tables) -> str | None:
    """What a pairing breaks of the hard rules, or None."""
    by_id = {e.id: e for e in entrants}
    seated = [x for t in tables for x in t]
    if len(seated) != len(set(seated)) or len(seated) + len(entrants) % 2 != len(entrants):
        return "not every pair once"
    for a, b in tables:
        if b in by_id[a].opponents:
            return "rematch"
        if by_id[a].seat_balance == by_id[b].seat_balance and abs(by_id[a].seat_balance) >= 2:
            return "seat balance beyond ±2"
    return None
