"""Ratings of players from 2-v-2 tables (等级分): pure Python, plain data in, plain data out.

No Django here (the pure-cores import contract): the adapter (:mod:`tournament.ratings`)
reads every locked round of every event and passes the tables in chronological order.

Input
-----
``RatedTable(sides, winner, margin=0)``: one played table. ``sides`` is two tuples of
person ids (opaque hashables; a side has 1 or 2 persons), ``winner`` is 0 or 1 (the
index of the winning side) or ``None`` for a draw, ``margin`` the level difference (级差,
0 … 13) the winner won by.

Output
------
:func:`rate` returns ``{person: PlayerRating(mu, sigma, ordinal, tables)}``; ``ordinal``
(mu − 3·sigma) is the conservative strength the ratings page and ``players`` show (a
newcomer has 0); :func:`strength` gives an entry's strength for seeding and divisions, the
mean mu of its persons (a newcomer 25), which bench/rating.py measured as the better
predictor of later results.

Decisions (docs/rules.md §19)
-----------------------------
- Model: OpenSkill's Plackett–Luce (Weng–Lin) with its default prior (mu 25, sigma 25/3),
  ``limit_sigma`` on, so a person's uncertainty never grows with more play. The other
  Weng–Lin models and the margin were measured in ``bench/rating.py``; see §19.
- A table that names a person twice (on both sides, or twice on one side) is skipped:
  it is bad data, and a person cannot be rated against themself.
- Deterministic: the same tables in the same order give the same ratings.
"""

from rating.core import (
    DEFAULT_MODEL,
    MARGIN_CAP,
    MODELS,
    PRIOR_MU,
    PlayerRating,
    RatedTable,
    RatingError,
    rate,
    strength,
)

__all__ = [
    "DEFAULT_MODEL",
    "MARGIN_CAP",
    "MODELS",
    "PRIOR_MU",
    "PlayerRating",
    "RatedTable",
    "RatingError",
    "rate",
    "strength",
]
