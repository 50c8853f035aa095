"""The rating itself: OpenSkill's Weng–Lin models over a chronological list of tables."""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass

from openskill.models import (
    BradleyTerryFull,
    PlackettLuce,
    ThurstoneMostellerFull,
)

MODELS = {
    "plackett_luce": PlackettLuce,
    "bradley_terry": BradleyTerryFull,
    "thurstone_mosteller": ThurstoneMostellerFull,
}
DEFAULT_MODEL = "plackett_luce"
# The margin (level difference) a win counts with at most; see :func:`margin_factor`.
MARGIN_CAP = 6
Z = 3.0  # ordinal = mu - Z * sigma (OpenSkill's default)


class RatingError(ValueError):
    """A table the rating cannot read (not two sides, a side of 0 or 3+ persons, a bad
    winner or margin)."""


@dataclass(frozen=True, slots=True)
class RatedTable:
    """One played table: two sides of person ids, the winning side (0, 1; None: a draw)
    and the level difference it was won by."""

    sides: tuple[tuple[Hashable, ...], tuple[Hashable, ...]]
    winner: int | None
    margin: int = 0


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """A person's rating: skill ``mu``, uncertainty ``sigma``, ``ordinal`` = mu − 3σ and
    the number of rated tables."""

    mu: float
    sigma: float
    ordinal: float
    tables: int


def margin_factor(margin: int) -> float:
    """How much of the model's mu change a win by ``margin`` levels makes: 0.5 + m/6 for
    m up to :data:`MARGIN_CAP` (a win by 3 counts as the plain model, by 6+ as 1.5 of it)."""
    return 0.5 + min(max(margin, 0), MARGIN_CAP) / MARGIN_CAP


def check_table(table: RatedTable) -> None:
    if len(table.sides) != 2 or any(not 1 <= len(side) <= 2 for side in table.sides):
        raise RatingError(f"a table has two sides of 1 or 2 persons: {table.sides!r}")
    if table.winner not in (0, 1, None):
        raise RatingError(f"winner is 0, 1 or None: {table.winner!r}")
    if not isinstance(table.margin, int) or table.margin < 0:
        raise RatingError(f"margin is a whole number ≥ 0: {table.margin!r}")


def rate(
    tables: Iterable[RatedTable],
    *,
    model: str = DEFAULT_MODEL,
    use_margin: bool = False,
) -> dict[Hashable, PlayerRating]:
    """Rate every person of ``tables`` (in the order given: chronological)."""
    if model not in MODELS:
        raise RatingError(f"unknown model {model!r}; one of {sorted(MODELS)}")
    engine = MODELS[model](limit_sigma=True)
    state: dict[Hashable, object] = {}
    played: dict[Hashable, int] = {}
    for table in tables:
        check_table(table)
        people = [p for side in table.sides for p in side]
        if len(set(people)) != len(people):
            continue  # a person twice at one table: bad data, skipped
        teams = [[_current(engine, state, p) for p in side] for side in table.sides]
        ranks = [0, 0] if table.winner is None else [table.winner, 1 - table.winner]
        new = engine.rate(teams, ranks=ranks)
        factor = margin_factor(table.margin) if use_margin and table.winner is not None else 1.0
        for side, old_side, new_side in zip(table.sides, teams, new, strict=True):
            for person, old, fresh in zip(side, old_side, new_side, strict=True):
                if factor != 1.0:
                    fresh.mu = old.mu + factor * (fresh.mu - old.mu)
                state[person] = fresh
                played[person] = played.get(person, 0) + 1
    return {
        person: PlayerRating(r.mu, r.sigma, r.mu - Z * r.sigma, played[person])
        for person, r in sorted(state.items(), key=lambda item: repr(item[0]))
    }


def _current(engine, state: dict, person: Hashable):
    rating = state.get(person)
    if rating is None:
        rating = engine.rating()
    return rating


PRIOR_MU = 25.0  # OpenSkill's prior: a newcomer's mu
KEYS = ("mu", "ordinal")


def strength(
    persons: Iterable[Hashable | None],
    ratings: Mapping[Hashable, PlayerRating],
    *,
    key: str = "mu",
    default: float | None = None,
) -> float:
    """An entry's strength for seeding and divisions: the mean ``mu`` (the estimate) of its
    persons, or with ``key="ordinal"`` their mean ordinal. A person without a rating (None:
    an unlinked row) counts ``default``, by default a newcomer's value (mu 25, ordinal 0).
    The mean mu predicts later results better than the ordinal (bench/rating.py)."""
    if key not in KEYS:
        raise RatingError(f"key is one of {KEYS}: {key!r}")
    if default is None:
        default = PRIOR_MU if key == "mu" else 0.0
    values = [getattr(ratings[p], key) if p in ratings else default for p in persons]
    if not values:
        return default
    value = sum(values) / len(values)
    return value if math.isfinite(value) else default
