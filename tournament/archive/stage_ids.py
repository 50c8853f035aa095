"""Pair ids inside ``Stage.state`` (a knockout bracket, a rotation stage's groups), passed
through a mapping: the archive renumbers pairs when it writes and reads an event."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


def map_stage_state(state: Any, mapping: Callable[[Any], Any]) -> Any:
    """Pair ids inside ``Stage.state``: the knockout bracket (with its seeds) and the groups
    of a rotation stage (``{"groups": [[pair id, …], …]}``)."""
    state = map_state_pairs(state, mapping)
    if isinstance(state, dict) and isinstance(state.get("groups"), list):
        groups = [[mapping(t) for t in group] for group in state["groups"]]
        state = {**state, "groups": groups}
    return state


def map_state_pairs(state: Any, mapping: Callable[[Any], Any]) -> Any:
    """A copy of ``state`` with the pair ids of its bracket passed through ``mapping``.

    The archive renumbers pairs; anything else in the state is copied as is.
    """
    if not isinstance(state, Mapping) or not state.get("bracket"):
        return state

    def fix(m: Any) -> Any:
        if not isinstance(m, Mapping):
            return m
        return {
            k: (mapping(v) if k in ("ew", "ns", "winner") and v is not None else v)
            for k, v in m.items()
        }

    out = dict(state)
    raw = state["bracket"]
    if isinstance(raw, Mapping):
        raw = dict(raw)
        raw["rounds"] = [[fix(m) for m in rnd] for rnd in raw.get("rounds", [])]
        if raw.get("third_place"):
            raw["third_place"] = fix(raw["third_place"])
        if isinstance(raw.get("seeds"), list):  # pair ids in seed order
            raw["seeds"] = [mapping(t) if t is not None else None for t in raw["seeds"]]
        out["bracket"] = raw
    else:
        out["bracket"] = [[fix(m) for m in rnd] for rnd in raw]
    if state.get("third_place"):
        out["third_place"] = fix(state["third_place"])
    return out
