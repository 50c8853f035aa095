"""Swiss pairing of individual events (个人赛积分编排, docs/rules.md §17.2).

Vocabulary
----------
player
    One person entered alone (个人赛); ids are opaque hashables, as for pairs.
partnership
    Two players who play together at one table for one round (搭档); they change every round.
individual table
    Four players: the EW partnership against the NS partnership (:class:`IndividualTable`).
sit out (轮空)
    A player without a table this round, scored by the bye policy
    (:mod:`scoring.individual_ranking`); ``sit_outs`` counts the sit-outs so far.
tablemates
    Two players who sat at one table in an earlier round, as partners or as opponents.
repeated partner / repeated opponent
    Partners who were partners before; opponents (players on opposite sides) who were
    tablemates before.

The rules (docs/rules.md §17.2)
-------------------------------
1. ``n % 4`` players sit out: those who sat out least, the lowest-ranked among them (so
   nobody sits out twice before everyone has once). They are chosen first.
2. The others, best first, form groups of four: 1st+4th against 2nd+3rd.
3. No repeated partner whenever some arrangement of the round avoids it (else as few as
   possible); under ``avoid_same_unit="hard"`` no same-unit partners whenever avoidable
   without a repeated partner; repeated opponents as few as possible; under ``"soft"``
   same-unit partners as few as possible; then as close to the groups of rule 2 as those
   allow. How the search meets them: :mod:`pairing.individual_search`.
4. The partnership with the table's best-ranked player sits East–West (``seating=
   "first_ew"``) or North–South (``"first_ns"``); within a partnership the better-ranked
   player is listed first. Tables are numbered from ``first_table`` in rank order.

Round 1 (nothing played) is the same call with the players in the order of the draw.

>>> r = pair_individuals(list("ABCDEFGHI"))
>>> [(t.number, t.ew, t.ns) for t in r.tables], r.sitting_out
([(1, ('A', 'D'), ('B', 'C')), (2, ('E', 'H'), ('F', 'G'))], ('I',))
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from .costs import UNIT_MODES
from .errors import BAD_SEED, DUPLICATE_ENTRANT, TOO_FEW, PairingError, check_choice
from .individual_search import Model, search
from .seats import check_seating

FLAG_PARTNER_AGAIN = "partner_again"
"""Partners who were partners before (重复搭档，无法避免)."""
FLAG_OPPONENT_AGAIN = "opponent_again"
"""Opponents who sat at one table before (重复同桌)."""
FLAG_SAME_UNIT_PARTNERS = "same_unit_partners"
"""Partners of one unit while the event avoids it (同单位搭档)."""
FLAG_REGROUPED = "regrouped"
"""The table is not a group of four in rank order (为避免重复而调整)."""
INDIVIDUAL_FLAGS = (
    FLAG_PARTNER_AGAIN,
    FLAG_OPPONENT_AGAIN,
    FLAG_SAME_UNIT_PARTNERS,
    FLAG_REGROUPED,
)


@dataclass(frozen=True)
class IndividualTable:
    """One table of an individual round: two partnerships of two players."""

    number: int
    ew: tuple[Hashable, Hashable]
    ns: tuple[Hashable, Hashable]
    flags: frozenset[str] = frozenset()

    @property
    def players(self) -> tuple[Hashable, ...]:
        """EW then NS players."""
        return (*self.ew, *self.ns)

    def partner_of(self, player: Hashable) -> Hashable:
        """The partner of ``player`` at this table."""
        for a, b in (self.ew, self.ns):
            if player in (a, b):
                return b if player == a else a
        raise KeyError(player)

    def seat_of(self, player: Hashable) -> str:
        """``"EW"`` or ``"NS"``."""
        if player in self.ew:
            return "EW"
        if player in self.ns:
            return "NS"
        raise KeyError(player)


@dataclass(frozen=True)
class IndividualRound:
    """A round: its tables, the players sitting out, and what could not be avoided."""

    tables: tuple[IndividualTable, ...]
    sitting_out: tuple[Hashable, ...] = ()
    repeated_partners: int = 0
    repeated_opponents: int = 0
    same_unit_partners: int = 0
    seed: int = 0

    def table_of(self, player: Hashable) -> IndividualTable | None:
        """The table of ``player``; None when sitting out (or unknown)."""
        for table in self.tables:
            if player in table.players:
                return table
        return None


def pair_individuals(
    players: Sequence[Hashable],
    *,
    partners: Iterable[tuple[Hashable, Hashable]] = (),
    opponents: Iterable[tuple[Hashable, Hashable]] = (),
    units: Mapping[Hashable, str | None] | None = None,
    sit_outs: Mapping[Hashable, int] | None = None,
    avoid_same_unit: str = "off",
    seating: str = "first_ew",
    seed: int = 0,
    first_table: int = 1,
) -> IndividualRound:
    """Pair one round of an individual Swiss (the rules: module docstring).

    ``players``: the active players ranked best first (round 1: in draw order).
    ``partners``: every (a, b) who were partners in an earlier round; ``opponents``: every
    (a, b) who were opponents (players no longer active are ignored). ``units``: each
    player's unit; ``sit_outs``: each player's sit-outs so far (missing: 0). ``seed`` is
    recorded in the result; the search is deterministic and does not read it. Raises
    :class:`PairingError` for a player listed twice, fewer than four players, an unknown
    option or a seed that is not an integer.
    """
    check_choice("avoid_same_unit", avoid_same_unit, UNIT_MODES)
    check_seating(seating)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise PairingError(BAD_SEED, seed=repr(seed))
    order = _checked(players)
    out = choose_sit_outs(order, sit_outs or {})
    resting = set(out)
    playing = [p for p in order if p not in resting]
    model = _model(playing, partners, opponents, units or {}, avoid_same_unit)
    arrangements = search(model, len(playing))
    tables = tuple(
        _table(model, playing, arrangement, t, first_table, seating)
        for t, arrangement in enumerate(arrangements)
    )
    return IndividualRound(
        tables=tables,
        sitting_out=tuple(out),
        repeated_partners=sum(_partners_again(model, a) for a in arrangements),
        repeated_opponents=sum(_opponents_again(model, a) for a in arrangements),
        same_unit_partners=sum(_same_unit(model, a) for a in arrangements),
        seed=seed,
    )


def choose_sit_outs(players: Sequence[Hashable], sit_outs: Mapping[Hashable, int]) -> list:
    """The ``len(players) % 4`` players who sit out: fewest sit-outs so far, then lowest
    ranked; listed in rank order.

    >>> choose_sit_outs(list("ABCDEF"), {"F": 1})
    ['D', 'E']
    """
    count = len(players) % 4
    if not count:
        return []
    position = {p: i for i, p in enumerate(players)}
    chosen = sorted(players, key=lambda p: (sit_outs.get(p, 0), -position[p]))[:count]
    return sorted(chosen, key=position.__getitem__)


def _checked(players: Sequence[Hashable]) -> list[Hashable]:
    order = list(players)
    seen: set[Hashable] = set()
    for player in order:
        if player in seen:
            raise PairingError(DUPLICATE_ENTRANT, entrant=repr(player))
        seen.add(player)
    if len(order) < 4:
        raise PairingError(TOO_FEW, minimum=4, count=len(order))
    return order


def _model(
    playing: list[Hashable],
    partners: Iterable[tuple[Hashable, Hashable]],
    opponents: Iterable[tuple[Hashable, Hashable]],
    units: Mapping[Hashable, str | None],
    avoid_same_unit: str,
) -> Model:
    index = {p: i for i, p in enumerate(playing)}
    partnered: list[set[int]] = [set() for _ in playing]
    met: list[set[int]] = [set() for _ in playing]
    for pairs, targets in ((partners, (partnered, met)), (opponents, (met,))):
        for a, b in pairs:
            i, j = index.get(a), index.get(b)
            if i is None or j is None or i == j:
                continue
            for target in targets:
                target[i].add(j)
                target[j].add(i)
    return Model(partnered, met, [units.get(p) for p in playing], avoid_same_unit)


def _table(
    model: Model,
    playing: list[Hashable],
    arrangement: tuple[int, ...],
    t: int,
    first_table: int,
    seating: str,
) -> IndividualTable:
    a, b, c, d = arrangement
    first, second = sorted((a, b)), sorted((c, d))
    if first[0] > second[0]:
        first, second = second, first
    if seating == "first_ns":
        first, second = second, first
    flags = set()
    if _partners_again(model, arrangement):
        flags.add(FLAG_PARTNER_AGAIN)
    if _opponents_again(model, arrangement):
        flags.add(FLAG_OPPONENT_AGAIN)
    if model.mode != "off" and _same_unit(model, arrangement):
        flags.add(FLAG_SAME_UNIT_PARTNERS)
    if sorted(arrangement) != list(range(4 * t, 4 * t + 4)):
        flags.add(FLAG_REGROUPED)
    return IndividualTable(
        number=first_table + t,
        ew=(playing[first[0]], playing[first[1]]),
        ns=(playing[second[0]], playing[second[1]]),
        flags=frozenset(flags),
    )


def _partners_again(model: Model, arrangement: tuple[int, ...]) -> int:
    a, b, c, d = arrangement
    return (b in model.partners[a]) + (d in model.partners[c])


def _opponents_again(model: Model, arrangement: tuple[int, ...]) -> int:
    a, b, c, d = arrangement
    return sum(y in model.met[x] for x in (a, b) for y in (c, d))


def _same_unit(model: Model, arrangement: tuple[int, ...]) -> int:
    a, b, c, d = arrangement
    return model.same_unit(a, b) + model.same_unit(c, d)
