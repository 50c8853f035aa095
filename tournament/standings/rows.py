"""The standings and a pair's history as they are shown: the rows of the public pages
(:mod:`tournament.public.views`) and of the read API (:mod:`tournament.public.api.data`),
computed once per stamp by both (:func:`tournament.core.page_cache.cached_per_stamp`)."""

from __future__ import annotations

from django.urls import reverse

from scoring import pair_history, rotation_totals
from tournament.models import Pair
from tournament.standings.cells import standings_rows
from tournament.standings.selectors import (
    pairs_by_id,
    score_options,
    standings_for,
    standings_rules,
    table_records,
)


def standings_data(tournament, after_round: int | None, *, public: bool) -> dict:
    """The rows of the standings table (and whether it has rotation groups): computed once
    per stamp by the standings page and the API."""
    rows = standings_for(tournament, after_round=after_round, public=public)
    data = standings_rows(rows, pairs_by_id(tournament), list(tournament.tiebreaks), public=public)
    for item in data:
        item["team_url"] = reverse("pair_history", args=[tournament.slug, item["team_id"]])
    groups = rotation_columns(tournament, data, public=public)
    return {"data": data, "groups": groups}


def rotation_columns(tournament, data: list[dict], *, public: bool) -> bool:
    """Add each pair's rotation group and rank within it (分组三轮移位); True when any."""
    stage = tournament.stages.filter(kind="rotation").exclude(state={}).first()
    if stage is None or "groups" not in stage.state:
        return False
    group_of = {pair: gi for gi, group in enumerate(stage.state["groups"]) for pair in group}
    rounds = list(stage.round_set.values_list("number", flat=True))
    records = table_records(tournament, rounds, public=public)
    rows = rotation_totals(
        records,
        group_of,
        system=tournament.scoring,
        bye_policy=tournament.bye_policy,
        options=score_options(tournament),
    )
    by_pair = {row.pair: row for row in rows}
    for item in data:
        row = by_pair.get(item["team_id"])
        item["group"] = chr(ord("A") + row.group) if row else ""
        item["group_rank"] = row.group_rank if row else None
    return True


def history_rows(tournament, pair_id: int, *, public: bool) -> list[dict]:
    """The lines of one pair's history with its opponents' names (only its own tables read)."""
    records = table_records(tournament, public=public, pair=pair_id)
    lines = pair_history(records, standings_rules(tournament), pair_id)
    opponents = {line.opponent for line in lines if line.opponent is not None}
    names = dict(Pair.objects.filter(pk__in=opponents).values_list("pk", "name"))
    return [{"line": line, "opponent": names.get(line.opponent)} for line in lines]
