"""Ranks after each counted round, for the charts of the standings and history pages.

One standings computation per round, kept per stamp for every entry at once: the bump chart
of the standings page and every pair's rank line read the same cached value. The public see
locked rounds only (``counted_rounds``), as on the standings page.
"""

from __future__ import annotations

from django.core.cache import cache
from django.utils.safestring import mark_safe

from rules.levels import LevelError, level_index
from tournament.charts.ranks import bump_chart, match_levels, rank_line
from tournament.core.page_cache import TIMEOUT, cache_key, cached_per_stamp
from tournament.individuals.standings import individual_standings_for
from tournament.models import Individual, Pair, Round, Team
from tournament.standings.selectors import counted_rounds, standings_for
from tournament.teams.standings import team_standings_for

TOP = 8


def _kind(tournament):
    """(standings function, row's entry attribute, entry model) of the event's entries."""
    if tournament.is_team_event:
        return team_standings_for, "team", Team
    if tournament.is_individual_event:
        return individual_standings_for, "player", Individual
    return standings_for, "pair", Pair


def _build(tournament, public: bool) -> dict:
    """The ranks after each counted round. Staff reuse the public (locked) rounds' ranks,
    which no table save changes, and compute only the rounds still open: their stamp
    changes with every saved table, and ten standings of 5,000 pairs take seconds."""
    compute, key, _model = _kind(tournament)
    rounds = counted_rounds(tournament, public=public)
    known = {"rounds": [], "ranks": {}} if public else rank_history(tournament, public=True)
    ranks: dict = {}
    for i, number in enumerate(rounds):
        if number in known["rounds"]:
            j = known["rounds"].index(number)
            for entry, past in known["ranks"].items():
                ranks.setdefault(entry, [None] * len(rounds))[i] = past[j]
            continue
        after = (
            locked_ranks(tournament, number, compute, key)
            if public
            else {
                getattr(row, key): row.rank
                for row in compute(tournament, after_round=number, public=False)
            }
        )
        for entry, rank in after.items():
            ranks.setdefault(entry, [None] * len(rounds))[i] = rank
    return {"rounds": rounds, "ranks": ranks, "entries": len(ranks)}


def locked_ranks(tournament, number: int, compute, key: str) -> dict:
    """Entry → rank after the locked round ``number``, kept for as long as no round up to it
    changes (their numbers, versions and states, and the event's settings' version): a lock
    then computes one round's standings, not every round's again (2.6 CPU-s at 5,000
    pairs × 9 rounds before)."""
    rounds = Round.objects.filter(tournament=tournament, number__lte=number).order_by("number")
    # A withdrawal or a disqualification may move an entry in the standings.
    _c, _k, model = _kind(tournament)
    out = model.objects.filter(tournament=tournament).exclude(status=Pair.ACTIVE)
    fingerprint = (
        tournament.pk,
        tournament.created_at.isoformat(),  # not another event given the same key later
        tournament.version,
        tuple(rounds.values_list("number", "version", "status")),
        tuple(out.order_by("pk").values_list("pk", "status")),
    )
    cache_name = cache_key("ranks-after", "locked", (fingerprint,))
    found = cache.get(cache_name)
    if found is None:
        found = {
            getattr(row, key): row.rank
            for row in compute(tournament, after_round=number, public=True)
        }
        cache.set(cache_name, found, TIMEOUT)
    return found


def rank_history(tournament, *, public: bool) -> dict:
    """``rounds`` (numbers), ``ranks`` (entry id → rank after each, None unranked) and the
    number of ranked ``entries``."""
    return cached_per_stamp(
        tournament, "rank-history", lambda: _build(tournament, public), public=public
    )


def ranks_after_rounds(tournament, entry: int, *, public: bool) -> dict[int, int | None]:
    """Round number → the entry's rank after it (the charts' cached rank history)."""
    history = rank_history(tournament, public=public)
    return dict(zip(history["rounds"], history["ranks"].get(entry, []), strict=False))


def bump_svg(tournament, *, public: bool, after_round: int | None = None):
    """The bump chart of the top places up to ``after_round`` (None: no chart with fewer
    than two rounds, where there is nothing to follow)."""
    history = rank_history(tournament, public=public)
    rounds = history["rounds"]
    if after_round is not None:
        rounds = [r for r in rounds if r <= after_round]
    if len(rounds) < 2:
        return None
    end = len(rounds) - 1
    top = sorted(
        ((ranks[end], entry) for entry, ranks in history["ranks"].items() if ranks[end]),
        key=lambda item: item[0],
    )[:TOP]
    _c, _k, model = _kind(tournament)
    names = dict(model.objects.filter(pk__in=[e for _r, e in top]).values_list("pk", "name"))
    series = [(names.get(e, ""), history["ranks"][e][: end + 1]) for _r, e in top]
    return mark_safe(bump_chart(rounds, series))


def entry_rank_svg(tournament, entry_id: int, *, public: bool):
    """One entry's rank line (None before two counted rounds or when it is not ranked)."""
    history = rank_history(tournament, public=public)
    ranks = history["ranks"].get(entry_id)
    if not ranks or len(history["rounds"]) < 2:
        return None
    return mark_safe(rank_line(history["rounds"], ranks, history["entries"]))


def levels_svg(lines):
    """The levels of each match of a history (lines with ``round``, ``level`` and
    ``opponent_level``; byes and lines without levels left out)."""
    matches = []
    for line in lines:
        try:
            matches.append((line.round, level_index(line.level), level_index(line.opponent_level)))
        except (KeyError, ValueError, TypeError, LevelError):
            continue
    return mark_safe(match_levels(matches)) if matches else None
