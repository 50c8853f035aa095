"""The Swiss field as arrays, and the cost of putting two pairs at one table.

Vocabulary
----------
hard constraint
    A table that must not be made while a pairing without it exists: a rematch, a
    forbidden pairing (回避), when same-unit avoidance is hard two pairs of one unit, and a
    table that would push a seat balance beyond ±2 ("seat-illegal"). Such a table is a
    *violation*; their order is docs/rules.md §11.3's (:meth:`CostModel.violation`).
avoidable same-unit table
    Under soft avoidance (同单位尽量回避), a table of two pairs of one unit. Not a hard
    constraint (a pairing may have one), but the level just below the violations: the
    pairing has as few of them as the violations allow, before the bye order, the seat
    rule and closeness are looked at. So a same-unit table costs more than any seat
    alternation (a pair ending outside ±1) and any points gap, and may move the bye up
    among the pairs with the fewest byes; a rematch is never made to avoid one.
objective
    What the pairing minimises among pairings with the fewest violations and same-unit
    tables: the closeness cost (squared points difference) plus ``seat_weight`` for every
    pair ending outside ±1.
tie-breaks
    Below the objective, in order: fewer pairs outside ±1, pairs close in the standings
    with the top tables most, and a seeded jitter for exact ties.

All levels are packed lexicographically into one Python integer per table (no rounding,
no float ties) by one kernel, :meth:`CostModel.table_cost`; each level's multiplier
(``m_...``) is more than the largest sum the levels below it can reach over a whole
pairing (at most ``k`` tables), so no number of lower-level gains buys one unit above. The band search uses them all; the exact matching uses a *coarse twin*
without the standings and jitter tie-breaks (many more ties, far fewer dual steps) and
:func:`pairing.solver.polish` restores those afterwards. Points are compared at a
precision of 0.01.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .entrants import Entrant, id_key
from .seats import outside_one_after, seat_legal

POINT_SCALE = 100
"""Points are multiplied by this and rounded: closeness is exact to 0.01 point."""
UNIT_MODES = ("off", "soft", "hard")

# The seeded jitter (the last tie-break): a multiplicative hash of the table's two positions
# and the seed, so that exact ties fall the same way for one seed and differently for
# another, without a random generator's state. Only its spread matters, never its value:
# two primes (the 1,000th and the 10,000th) mix the positions, Knuth's golden-ratio
# multiplier (2**32 / phi) mixes the seed, and xxHash's second 32-bit prime mixes the sum;
# bits 24-31 of the product are the jitter.
JITTER_I = 7919
JITTER_J = 104729
SEED_MULTIPLIER = 2654435761
SEED_OFFSET = 97
JITTER_MIX = 2246822519
JITTER_SHIFT = 24
JITTER_MAX = 0xFF
"""The largest jitter of one table (8 bits)."""


class Field:
    """The active entrants of a round in rank order, as index-based arrays.

    Index ``i`` is the position in rank order (0 = top); opponents outside the field
    (withdrawn pairs) are dropped. ``avoid[i]``: the pairs ``i`` must not meet (回避), from
    ``forbidden`` (two-id frozensets, see :func:`pairing.entrants.check_forbidden`).
    """

    def __init__(self, entrants: Sequence[Entrant], forbidden: Collection[frozenset] = ()) -> None:
        order = sorted(
            entrants,
            key=lambda e: (
                e.rank,
                -e.points,
                e.draw_number if e.draw_number is not None else 0,
                id_key(e.id),
            ),
        )
        self.entrants = order
        self.n = len(order)
        self.index = {e.id: i for i, e in enumerate(order)}
        self.ids = [e.id for e in order]
        self.points = [float(e.points) for e in order]
        self.pq = [round(e.points * POINT_SCALE) for e in order]
        self.balance = [e.seat_balance for e in order]
        self.byes = [e.byes for e in order]
        units: dict[str, int] = {}
        self.unit = [-1 if e.unit is None else units.setdefault(e.unit, len(units)) for e in order]
        index = self.index
        keys = index.keys()
        met: list[set[int]] = [
            set(map(index.__getitem__, keys & e.opponents)) if e.opponents else set() for e in order
        ]
        for i, others in enumerate(met):  # one side's record of a game is enough
            for o in others:
                if i not in met[o]:
                    met[o].add(i)
        self.opponents: list[frozenset[int]] = [frozenset(m) for m in met]
        self.apart = frozenset(forbidden)
        avoid: list[set[int]] = [set() for _ in order]
        for pair in forbidden:
            a, b = (index.get(x) for x in pair)
            if a is not None and b is not None:
                avoid[a].add(b)
                avoid[b].add(a)
        self.avoid: list[frozenset[int]] = [frozenset(s) for s in avoid]
        # Opponents and forbidden partners in one set: one lookup in the hot loops.
        self.blocked = [o | a if a else o for o, a in zip(self.opponents, self.avoid, strict=True)]
        self.gap = _typical_gap(self.pq)
        # (unit mode, bye) -> whether the rest can be paired without a violation.
        self.feasible: dict[tuple[str, int | None], bool] = {}


def _typical_gap(pq: list[int]) -> int:
    """Median positive gap between consecutive distinct point values (scaled), >= 1."""
    values = sorted(set(pq))
    gaps = sorted(b - a for a, b in zip(values, values[1:], strict=False))
    if not gaps:
        return POINT_SCALE
    return max(1, gaps[len(gaps) // 2])


class CostModel:
    """Integer costs of tables (and of a bye) for one round and one seat weight.

    The seat weight is the fraction ``seat_num / seat_den`` of a squared point (scaled);
    the objective of a table is ``seat_den * closeness + seat_num * pairs outside ±1``,
    which keeps every cost an exact integer. ``seats_first`` counts pairs outside ±1
    before closeness; ``bye_for_seats`` even before the order of the bye candidates (the
    bye may then move up the standings to meet the 90 % rule).

    Levels, most important first, each with its multiplier: violations (``m_violation``),
    avoidable same-unit tables under soft avoidance (``m_unit``), [seats if bye_for_seats]
    (``m_seat_bye``), bye order (``m_bye``), [seats if seats_first] (``m_seat_first``),
    objective (``m_obj``), seats as a tie-break (``m_seat``), standings distance
    (``m_rank``), seeded jitter (0 … ``JITTER_MAX``, :meth:`jitter`).
    """

    def __init__(
        self,
        field: Field,
        unit_mode: str,
        seed: int,
        seat_num: int = 0,
        seat_den: int = 1,
        *,
        seats_first: bool = False,
        bye_for_seats: bool = False,
        coarse: bool = False,
        bye_pool: Sequence[int] | None = None,
    ) -> None:
        self.field = field
        self.seed = seed
        self.coarse = coarse
        self.options = {"seats_first": seats_first, "bye_for_seats": bye_for_seats}
        # The pairs allowed the bye, when a caller fixes them (None: the bye rule's list).
        self.bye_pool = bye_pool
        self.unit_mode = unit_mode
        self.soft = unit_mode == "soft"
        n = field.n
        spread = (max(field.pq) - min(field.pq)) if n else 0
        max_close = spread * spread
        k = n // 2 + 2  # more than the number of tables, bye included
        self.k = k
        self.seats_first = seats_first or bye_for_seats
        self.seat_num, self.seat_den = (0, 1) if self.seats_first else (seat_num, seat_den)
        self.max_close = max_close
        max_objective = self.seat_den * max_close + 2 * self.seat_num
        # The coarse twin drops the standings-distance and jitter levels: the matching
        # needs fewer dual steps when costs tie, and its integers stay small; a local
        # search restores the tie-breaks afterwards (see pairing.solver.polish).
        self.m_jitter = 0 if coarse else 1
        # The standings distance is worth more than the jitters of a whole pairing (at most
        # k tables of JITTER_MAX each).
        self.m_rank = 0 if coarse else (JITTER_MAX + 1) * k
        # One pair outside ±1 (as a tie-break) is worth more than the standings distance of
        # a whole pairing: a table's distance, (j - i - 1) * (2n - i) in table_cost, is below
        # max_rank = 2n * n (at most n - 2 places skipped, each weighing less than 2n), so a
        # pairing's is below max_rank * k, and its jitters below one m_rank: hence + 1.
        max_rank = 2 * n * n
        self.m_seat = 1 if coarse else self.m_rank * (max_rank * k + 1)
        self.m_obj = self.m_seat * (2 * k + 1)  # at most 2 pairs outside ±1 per table
        m_seat_first = self.m_obj * (max_objective * k + 1)
        self.m_bye = m_seat_first * (2 * k + 1)
        self.m_seat_bye = self.m_bye * (n + 1)  # bye order: 0 … n - 1
        self.m_unit = self.m_seat_bye * (2 * k + 1)
        self.m_violation = self.m_unit * (k + 1)  # at most one same-unit flag per table
        # Weight of one pair outside ±1 above the tie-break level.
        self.m_first = self.m_seat_bye if bye_for_seats else m_seat_first if seats_first else 0
        self.seed_mix = (seed * SEED_MULTIPLIER + SEED_OFFSET) & 0xFFFFFFFF

    def coarse_twin(self) -> CostModel:
        """The same model without the standings-distance and jitter tie-breaks."""
        twin = getattr(self, "_twin", None)
        if twin is None:
            twin = CostModel(
                self.field,
                self.unit_mode,
                self.seed,
                self.seat_num,
                self.seat_den,
                coarse=True,
                bye_pool=self.bye_pool,
                **self.options,
            )
            self._twin = twin
        return twin

    @property
    def seat_weight(self) -> float:
        """The seat weight in squared points (seats first: one more than all closeness)."""
        if self.seats_first:
            return (self.max_close * self.k + 1) / (POINT_SCALE * POINT_SCALE)
        return self.seat_num / self.seat_den / (POINT_SCALE * POINT_SCALE)

    # -- constraints --------------------------------------------------------------------------
    def forbidden(self, i: int, j: int) -> bool:
        f = self.field
        return (
            j in f.opponents[i]
            or j in f.avoid[i]
            or not seat_legal(f.balance[i], f.balance[j])
            or (self.unit_mode == "hard" and f.unit[i] >= 0 and f.unit[i] == f.unit[j])
        )

    def violation(self, i: int, j: int) -> int:
        """Violations packed in the order of docs/rules.md §11.3: rematch > forbidden
        pairing or hard same unit (one level: both are the organizer's "keep apart") >
        illegal seat. Each level's unit is more than the lower levels of all ``k`` tables."""
        f = self.field
        k = self.k
        v = 0
        if j in f.opponents[i]:
            v += k * k
        if j in f.avoid[i] or (
            self.unit_mode == "hard" and f.unit[i] >= 0 and f.unit[i] == f.unit[j]
        ):
            v += k
        if not seat_legal(f.balance[i], f.balance[j]):
            v += 1
        return v

    # -- costs --------------------------------------------------------------------------------
    def table_cost(self, i: int, j: int) -> int:
        """The table-cost kernel: every level of a table between ``i`` and ``j`` below the
        violations, packed in one integer (``i < j``, both positions in rank order).

        The only place a table's cost is computed: :meth:`cost`, :meth:`allowed_cost` and
        :meth:`band_rows` call it."""
        f = self.field
        bi, bj = f.balance[i], f.balance[j]
        # Pairs ending outside ±1: only equal balances or a balance beyond ±1 can.
        if -1 <= bi <= 1 and -1 <= bj <= 1 and (bi != bj or bi == 0):
            outside = 0
        else:
            outside = outside_one_after(bi, bj)
        d = f.pq[i] - f.pq[j]
        value = (d * d * self.seat_den + outside * self.seat_num) * self.m_obj
        if outside:
            value += outside * (self.m_first + self.m_seat)
        if self.soft and f.unit[i] >= 0 and f.unit[i] == f.unit[j]:
            value += self.m_unit
        if j - i > 1:
            value += (j - i - 1) * (2 * f.n - i) * self.m_rank
        return value + self.jitter(i, j) * self.m_jitter

    def jitter(self, i: int, j: int) -> int:
        """The seeded tie-break of a table (0 … JITTER_MAX), the same for one seed."""
        mixed = ((i * JITTER_I + j * JITTER_J) ^ self.seed_mix) * JITTER_MIX
        return mixed >> JITTER_SHIFT & JITTER_MAX

    def allowed_cost(self, i: int, j: int) -> int | None:
        """``cost(i, j)``, or ``None`` when the table is forbidden (the hot path of the
        band search: the checks of :meth:`forbidden` inlined)."""
        f = self.field
        if j < i:
            i, j = j, i
        if j in f.blocked[i]:
            return None
        bi = f.balance[i]
        if bi == f.balance[j] and (bi >= 2 or bi <= -2):
            return None
        if self.unit_mode == "hard" and f.unit[i] >= 0 and f.unit[i] == f.unit[j]:
            return None
        return self.table_cost(i, j)

    def band_rows(self, line: Sequence[int], width: int) -> list[dict[int, int]]:
        """For the band search: per position t of ``line``, ``{1 << k: cost}`` of the allowed
        tables with the entrant k+1 places earlier."""
        allowed = self.allowed_cost
        return [
            {
                1 << k: c
                for k in range(min(width, t))
                if (c := allowed(line[t - 1 - k], b)) is not None
            }
            for t, b in enumerate(line)
        ]

    def cost(self, i: int, j: int) -> int:
        """Cost of a table between ``i`` and ``j`` ignoring violations."""
        return self.table_cost(i, j) if i < j else self.table_cost(j, i)

    def full_cost(self, i: int, j: int) -> int:
        """Cost including violations, for pairings where some cannot be avoided."""
        return self.violation(i, j) * self.m_violation + self.cost(i, j)

    def bye_cost(self, i: int, order: int) -> int:
        """Cost of giving ``i`` the bye; ``order`` 0 is the pair the bye rule names first."""
        outside = int(abs(self.field.balance[i]) > 1)
        return order * self.m_bye + outside * (
            self.m_first + self.seat_num * self.m_obj + self.m_seat
        )

    def same_unit(self, i: int, j: int) -> bool:
        """A table of two pairs of one unit, when the event avoids that."""
        f = self.field
        return self.unit_mode != "off" and f.unit[i] >= 0 and f.unit[i] == f.unit[j]

    def closeness(self, i: int, j: int) -> int:
        """Scaled closeness of a table (the part seats trade with)."""
        d = self.field.pq[i] - self.field.pq[j]
        return d * d
