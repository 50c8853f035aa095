"""Draw numbers from strengths (首轮按等级分编排) and divisions (分组): pure, no Django.

Round 1 of a pairs or team event pairs draw numbers 1–2, 3–4, … (:mod:`pairing.draw`).
Seeded by rating, the entries are ranked by strength (ties broken by a lot from the recorded
seed) and numbered so that table *k* holds ranks *k* and *k* + n/2: the top half meets the
bottom half, and two strong entries never meet in round 1 (the Swiss way, FIDE C.04.3 A.6).
The stronger of the two takes the smaller number. With an odd count the weakest entry takes
the last number: the bye, which the Swiss gives to the lowest ranked entry as well.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping


def strength_order(strengths: Mapping[Hashable, float], seed: int) -> list[Hashable]:
    """The ids strongest first; equal strengths in an order drawn from ``seed``."""
    ids = sorted(strengths, key=repr)
    lot = {i: k for k, i in enumerate(random.Random(seed).sample(ids, len(ids)))}
    return sorted(ids, key=lambda i: (-strengths[i], lot[i]))


def folded_numbers(order: list[Hashable]) -> dict[Hashable, int]:
    """Draw numbers for adjacent pairing: rank k and k + half share table k."""
    n = len(order)
    playing = order[: n - n % 2]
    half = len(playing) // 2
    numbers = {}
    for k in range(half):
        numbers[playing[k]] = 2 * k + 1
        numbers[playing[k + half]] = 2 * k + 2
    if n % 2:
        numbers[order[-1]] = n
    return numbers


def seeded_numbers(
    strengths: Mapping[Hashable, float],
    seed: int,
    overrides: Mapping[Hashable, int] | None = None,
    *,
    fold: bool = True,
) -> dict[Hashable, int]:
    """``{id: draw number}`` 1 … n from strengths; ``fold=False``: plain rank order
    (1 = strongest). Numbers fixed by hand (``overrides``) stay; the others take the free
    numbers in the order their seeded numbers come."""
    order = strength_order(strengths, seed)
    ideal = folded_numbers(order) if fold else {i: k for k, i in enumerate(order, start=1)}
    overrides = dict(overrides or {})
    free = sorted(set(range(1, len(order) + 1)) - set(overrides.values()))
    rest = sorted((i for i in order if i not in overrides), key=lambda i: ideal[i])
    return {**overrides, **dict(zip(rest, free, strict=True))}


def divisions(strengths: Mapping[Hashable, float], count: int, seed: int) -> list[list[Hashable]]:
    """Split the entries into ``count`` divisions by strength (A strongest), sizes as equal
    as they can be (the first divisions take one more when it does not divide)."""
    if count < 1:
        raise ValueError("at least one division")
    order = strength_order(strengths, seed)
    size, extra = divmod(len(order), count)
    out, start = [], 0
    for k in range(count):
        end = start + size + (1 if k < extra else 0)
        out.append(order[start:end])
        start = end
    return out
