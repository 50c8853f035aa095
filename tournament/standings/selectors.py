"""Reads that turn database rows into the plain data of the pure packages.

The only place that knows both the ORM and the shapes of :mod:`rules`, :mod:`scoring` and
:mod:`pairing`; everything is fetched in a few queries, never inside a loop.

Which results count: a bye always counts; a table counts once its result is entered
(or confirmed). Public pages count only locked rounds, so spectators never see a result
the chief referee has not checked.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from operator import itemgetter

from django.db.models import Count, Q

from rules import RuleSet
from scoring import (
    KnockoutStage,
    MatchRecord,
    ScoreOptions,
    StandingRow,
    StandingsRules,
    bracket_order,
    final_places,
    standings,
)
from tournament.core.prepared import Prepared
from tournament.core.rights import results_counted
from tournament.models import Pair, Round, Stage, Table, Tournament
from tournament.models.result_values import RESULT_FIELDS

COUNTED_STATES = (Table.ENTERED, Table.CONFIRMED)
# Message codes of a standings choice that cannot be shown (texts in
# tournament/text/messages/services.py): no such round (a round asked for that does not
# exist or is not locked), no ranking before the first locked round. The exports and the
# ``standings`` command raise them.
MSG_NO_ROUND = "export_no_round"
MSG_NO_RANKING = "export_no_ranking"


def ruleset(tournament: Tournament) -> RuleSet:
    """The rules engine's options for this tournament."""
    return RuleSet.from_event_options(tournament.option_values())


def score_options(tournament: Tournament) -> ScoreOptions:
    """The event options that change how a match scores (100+ at time and forfeit)."""
    return ScoreOptions(
        hundred_at_time=tournament.hundred_at_time, hundred_forfeit=tournament.hundred_forfeit
    )


def standings_rules(tournament: Tournament) -> StandingsRules:
    return StandingsRules(
        system=tournament.scoring,
        tiebreaks=tuple(tournament.tiebreaks),
        bye_policy=tournament.bye_policy,
        lot_seed=tournament.lot_seed,
        options=score_options(tournament),
    )


def table_record(round_number: int, row: dict) -> MatchRecord:
    """One ``Table`` row (as a ``values()`` dict) as a scoring record."""
    values = (row[name] for name in _RECORD_ORDER[1:-1])
    return _record(round_number, *values, row.get("pass_upgrade"))


def _record(rnd, ew, ns, ew_level, ns_level, forfeit, side, reason, ew_f, ns_f, up) -> MatchRecord:
    """The one conversion of a table's stored values to a scoring record (positional: built
    20,000 times by ``pair`` at round 9): blanks as None, the defeat as (side, reason)."""
    defeat = (side, reason) if side else None
    return MatchRecord(
        rnd, ew, ns, ew_level or None, ns_level or None, forfeit or None, defeat, ew_f, ns_f, up
    )


RECORD_FIELDS = ("round__number", "ew_id", "ns_id", "state", *RESULT_FIELDS)
# The values :func:`_record` takes, in its order.
_RECORD_ORDER = (
    "round__number",
    "ew_id",
    "ns_id",
    "ew_level",
    "ns_level",
    "forfeit",
    "defeat_side",
    "defeat_reason",
    "ew_fouls",
    "ns_fouls",
    "pass_upgrade",
)
# A ``values_list(*RECORD_FIELDS)`` row's state, then :func:`_record`'s values (picked by
# name, so a field added to RESULT_FIELDS cannot shift them).
# The Table fields :func:`table_record` reads from its row.
TABLE_RECORD_FIELDS = _RECORD_ORDER[1:]
_PICK = itemgetter(*(RECORD_FIELDS.index(name) for name in ("state", *_RECORD_ORDER)))


def counted_rounds(tournament: Tournament, *, public: bool) -> list[int]:
    """Round numbers whose results count (:func:`~tournament.core.rights.results_counted`):
    locked ones for the public, all paired for staff."""
    rounds = Round.objects.filter(tournament=tournament).exclude(status=Round.DRAFT)
    numbers = rounds.order_by("number").values_list("number", "status")
    return [n for n, status in numbers if results_counted(status, staff=not public)]


def locked_rounds(tournament: Tournament) -> list[int]:
    """The numbers of the locked rounds, whoever asks."""
    rounds = Round.objects.filter(tournament=tournament, status=Round.LOCKED)
    return list(rounds.order_by("number").values_list("number", flat=True))


def table_records(
    tournament: Tournament,
    rounds: Iterable[int] | None = None,
    *,
    public: bool = False,
    pair: int | None = None,
) -> list[MatchRecord]:
    """Scoring records of every counted table (and bye) in ``rounds`` (of ``team`` only)."""
    numbers = set(counted_rounds(tournament, public=public))
    if rounds is not None:
        numbers &= set(rounds)
    rows = Table.objects.filter(round__tournament=tournament, round__number__in=numbers)
    if pair is not None:
        rows = rows.filter(Q(ew_id=pair) | Q(ns_id=pair))
    # Tuples, not values() dicts, built positionally: at 5,000 pairs × 8 rounds (``pair``
    # for round 9) the 20,000 dicts and keyword calls were 0.15 CPU-s of 0.25.
    counted = COUNTED_STATES
    records = []
    for row in rows.values_list(*RECORD_FIELDS):
        state, *values = _PICK(row)
        if values[2] is None or state in counted:  # a bye, or a table whose result counts
            records.append(_record(*values))
    return records


def ranked_pair_ids(tournament: Tournament) -> list[int]:
    """Every pair that appears in the standings: active pairs and any pair that has played."""
    return list(Pair.objects.filter(tournament=tournament).values_list("pk", flat=True))


def standings_for(
    tournament: Tournament, *, after_round: int | None = None, public: bool = False
) -> list[StandingRow]:
    """Standings after ``after_round`` (default: every counted round).

    The one computation behind the standings page, the PDF, xlsx and CSV exports, the
    ``standings`` command, certificates and the unit ranking. Each stage ranks by its own
    rules (docs/rules.md §11.8): the points rounds by the event's standings, a knockout
    stage by its bracket, whose games never count as points rounds; the final places come
    from :func:`scoring.final_places`.
    """
    knockout_rounds, stages = knockout_stages(tournament, after_round=after_round, public=public)
    records = table_records(tournament, public=public)
    if knockout_rounds:
        records = [r for r in records if r.round not in knockout_rounds]
    rows = standings(
        records,
        standings_rules(tournament),
        pairs=ranked_pair_ids(tournament),
        after_round=after_round,
    )
    return final_places(rows, stages)


def knockout_stages(
    tournament: Tournament, *, after_round: int | None, public: bool
) -> tuple[set[int], list[KnockoutStage]]:
    """The round numbers of every knockout stage, and the stages a pair has reached by
    ``after_round`` as plain data: their members, and their bracket's final places once
    every round of the stage counts (None before)."""
    counted = set(counted_rounds(tournament, public=public))
    if after_round is not None:
        counted = {n for n in counted if n <= after_round}
    rounds: set[int] = set()
    reached: list[KnockoutStage] = []
    for stage in Stage.objects.filter(tournament=tournament, kind="knockout").order_by("order"):
        numbers = set(stage.round_set.values_list("number", flat=True))
        rounds |= numbers
        bracket = stage.state.get("bracket") if isinstance(stage.state, dict) else None
        if not bracket or not numbers & counted:
            continue  # not reached yet
        members = {
            pair
            for tables in bracket.get("rounds") or ()
            for table in tables
            for pair in (table.get("ew"), table.get("ns"))
            if pair is not None
        }
        order = bracket_order(bracket) if numbers <= counted else None
        reached.append(KnockoutStage(members=frozenset(members), order=order))
    return rounds, reached


@dataclass(frozen=True)
class StandingsChoice:
    """Which standings to show: after ``after_round`` (None: no ranking yet).

    ``available`` are the rounds one may choose; ``provisional`` (暂定) is True when the
    chosen round is not locked yet, so its results may still change.
    """

    after_round: int | None
    available: list[int]
    provisional: bool
    locked: list[int]


def standings_choice(
    tournament: Tournament, requested: str | int | None, *, public: bool
) -> StandingsChoice:
    """The round the standings are after: the one asked for if it may be shown, else the
    last locked round. A round still open is shown only when asked for."""
    available = counted_rounds(tournament, public=public)
    locked = locked_rounds(tournament)
    text = str(requested) if requested is not None else ""
    # isascii(): "²".isdigit() is True but int("²") fails.
    number = int(text) if text.isascii() and text.isdigit() and len(text) < 6 else None
    if number not in available:
        number = locked[-1] if locked else None
    return StandingsChoice(number, available, number is not None and number not in locked, locked)


def next_round_number(tournament: Tournament) -> int:
    """The number the next round will have (1 before any pairing)."""
    last = tournament.round_set.order_by("-number").values_list("number", flat=True).first()
    return (last or 0) + 1


def round_stamp(round_: Round) -> str:
    """A short text that changes when the round's pairings or status change.

    Public pages (pairings, find my table) render it and poll it: a result saved at a table
    does not change it, so thousands of phones do not refetch on every result.
    """
    status, version = Round.objects.values_list("status", "version").get(pk=round_.pk)
    return f"{status}:{version}"


def round_live_stamp(round_: Round, *, loaded: bool = False) -> str:
    """Like :func:`round_stamp`, and also changes with every saved table (for live pages).

    ``loaded``: take the values of ``round_`` as read at the start of this request instead
    of reading them again. The page then shows data at least as new as its stamp, which is
    all a live page needs: it asks for the changes after the stamp and may get a few twice.
    """
    if loaded:
        return f"{round_.status}:{round_.version}:{round_.change_seq}"
    status, version, seq = Round.objects.values_list("status", "version", "change_seq").get(
        pk=round_.pk
    )
    return f"{status}:{version}:{seq}"


@dataclass(frozen=True)
class RoundSummary:
    """How far a round has got: tables per state, and the pairs with a bye.

    ``finished`` counts tables with a result (entered or confirmed); ``playing`` the rest,
    disputes included, since their result is not settled.
    """

    counts: dict[str, int]
    tables: int
    byes: int

    @property
    def finished(self) -> int:
        return self.counts.get(Table.ENTERED, 0) + self.counts.get(Table.CONFIRMED, 0)

    @property
    def playing(self) -> int:
        return self.tables - self.finished


_STATES = tuple(key for key, _ in Table.STATE_CHOICES)
# Asked by round control, its poll and every save's page: compiled once (core/prepared.py).
# The round's tables counted by state, in the order of the index on (round, state, ns): no
# sort, and per table one count and one test (byes: no north-south pair). A count per state
# with ``COUNT … FILTER`` tested all five states for each table (0.70–0.76 against
# 0.22–0.25 ms at 2,500 tables on SQLite); a GROUP BY on state and the bye test sorted.
_SUMMARY = Prepared(
    lambda r: (
        Table.objects.filter(round_id=r)
        .order_by()
        .values("state")
        .annotate(tables=Count("*"), byes=Count("pk", filter=Q(ns__isnull=True)))
        .values_list("state", "tables", "byes")
    ),
    int,
)


def round_summary(round_: Round) -> RoundSummary:
    """Counts of the round's tables by state, in one query (round control and its poll ask
    on every load); a bye's table is counted apart, in no state."""
    counts = dict.fromkeys(_STATES, 0)
    byes = 0
    for state, tables, state_byes in _SUMMARY.all(round_.pk):
        counts[state] = tables - state_byes
        byes += state_byes
    return RoundSummary(counts=counts, tables=sum(counts.values()), byes=byes)


def unfinished_tables(round_: Round) -> list[int]:
    """Table numbers still without a result, in order."""
    return list(
        round_.tables.exclude(ns=None)
        .exclude(state__in=COUNTED_STATES)
        .order_by("number")
        .values_list("number", flat=True)
    )


def pairs_by_id(tournament: Tournament) -> dict[int, Pair]:
    """All pairs with their unit and players, for labelling plain results."""
    pairs = (
        Pair.objects.filter(tournament=tournament)
        .select_related("unit")
        .prefetch_related(
            "players__person"
        )  # a hidden player's name: tournament.core.hidden_people
    )
    return {pair.pk: pair for pair in pairs}
