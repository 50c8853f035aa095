"""The database side of the exports: tournament rows in, :mod:`~tournament.exports.data` out.

Everything is read with ``values()`` in a few queries (never one per table), and the tables
of a round are streamed in chunks, so 2,500 score sheets do not hold 2,500 model instances.

Which results a printout shows follows :mod:`tournament.selectors`: staff see every entered
result, the public only those of locked rounds.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator

from django.db.models import F
from django.urls import NoReverseMatch, reverse
from django.utils import timezone

from scoring import METRICS, ScoringError, StandingRow, score_record
from tournament import options
from tournament.computed import computed
from tournament.exports.data import EventInfo, Pair, Table
from tournament.models import Match, Player, Round, Team, Tournament
from tournament.selectors import COUNTED_STATES, match_record, standings_for

_MATCH_FIELDS = (
    "pk", "round__number", "table", "ew_id", "ns_id", "ew_level", "ns_level", "forfeit",
    "defeat_side", "defeat_reason", "ew_fouls", "ns_fouls", "state", "deals", "ew_code",
    "ns_code",
)  # fmt: skip


def format_date(day: dt.date | None) -> str:
    """2025年5月1日 (the form used on Chinese notices and certificates)."""
    return f"{day.year}年{day.month}月{day.day}日" if day else ""


def format_dates(start: dt.date | None, end: dt.date | None) -> str:
    """A date range without repeating the year and month: 2025年5月1日—3日."""
    if not start:
        return format_date(end)
    if not end or end == start:
        return format_date(start)
    if (start.year, start.month) == (end.year, end.month):
        return f"{format_date(start)}—{end.day}日"
    if start.year == end.year:
        return f"{format_date(start)}—{end.month}月{end.day}日"
    return f"{format_date(start)}—{format_date(end)}"


def event_info(tournament: Tournament, *, with_background: bool = False) -> EventInfo:
    background = None
    if with_background and tournament.certificate_background:
        try:
            with tournament.certificate_background.open("rb") as f:
                background = f.read()
        except OSError:
            background = None  # a missing file must not stop the prize-giving
    now = timezone.localtime()
    return EventInfo(
        name=tournament.name,
        slug=tournament.slug,
        host=tournament.host or tournament.organizer.get_username(),
        venue=tournament.venue,
        dates=format_dates(tournament.start_date, tournament.end_date),
        certificate_date=format_date(tournament.end_date or tournament.start_date or now.date()),
        scoring=tournament.scoring,
        scoring_label=options.SCORING.get(tournament.scoring, tournament.scoring),
        time_limit=tournament.time_limit,
        bye_policy=tournament.bye_policy,
        tiebreaks=tuple(k for k in tournament.tiebreaks if k in METRICS),
        award_tiers=tuple((str(label), int(count)) for label, count in tournament.award_tiers),
        table_entry=tournament.table_entry,
        printed_at=now.strftime("%Y-%m-%d %H:%M"),
        unit_best_k=tournament.unit_best_k,
        at_time_label=options.AT_TIME.get(tournament.at_time, ""),
        a_fail=tournament.a_fail,
        background=background,
    )


def load_pairs(tournament: Tournament) -> dict[int, Pair]:
    """Every registered pair, keyed by team id, in pinyin order."""
    players: dict[int, list[tuple[str, str]]] = {}
    rows = Player.objects.filter(team__tournament=tournament).order_by("team_id", "position")
    for team_id, name, phone in rows.values_list("team_id", "name", "phone"):
        players.setdefault(team_id, []).append((name, phone))
    teams = Team.objects.filter(tournament=tournament).order_by("name_pinyin", "pk")
    pairs = {}
    for row in teams.values("pk", "name", "name_pinyin", "unit__name", "draw_number", "status"):
        members = players.get(row["pk"], [])
        pairs[row["pk"]] = Pair(
            id=row["pk"],
            name=row["name"],
            unit=row["unit__name"] or "",
            players=tuple(name for name, _ in members),
            pinyin=row["name_pinyin"],
            draw_number=row["draw_number"],
            status=row["status"],
            phones=tuple(phone for _, phone in members),
        )
    return pairs


def round_numbers(tournament: Tournament, *, public: bool) -> list[int]:
    """Rounds a printout may show: every paired round for staff, published ones for others."""
    rounds = Round.objects.filter(tournament=tournament)
    if public:
        rounds = rounds.exclude(status=Round.DRAFT)
    return list(rounds.order_by("number").values_list("number", flat=True))


def locked_rounds(tournament: Tournament) -> set[int]:
    rounds = Round.objects.filter(tournament=tournament, status=Round.LOCKED)
    return set(rounds.values_list("number", flat=True))


def _table(row: dict, pairs: dict[int, Pair], scoring: str, bye_policy: str, counts: bool):
    counted = counts and (row["ns_id"] is None or row["state"] in COUNTED_STATES)
    score = None
    if counted:
        try:
            score = score_record(match_record(row["round__number"], row), scoring, bye_policy)
        except ScoringError:
            score = None  # an impossible result is printed as entered, without a score
    return Table(
        match_id=row["pk"],
        round=row["round__number"],
        table=row["table"],
        ew=pairs[row["ew_id"]],
        ns=pairs[row["ns_id"]] if row["ns_id"] is not None else None,
        ew_level=row["ew_level"],
        ns_level=row["ns_level"],
        forfeit=row["forfeit"],
        defeat_side=row["defeat_side"],
        defeat_reason=row["defeat_reason"],
        ew_fouls=row["ew_fouls"],
        ns_fouls=row["ns_fouls"],
        state=row["state"],
        deals=row["deals"] or [],
        ew_code=row["ew_code"],
        ns_code=row["ns_code"],
        counted=counted,
        score=score,
    )


def iter_tables(
    tournament: Tournament,
    pairs: dict[int, Pair],
    rounds: Iterable[int],
    *,
    public: bool = False,
    chunk_size: int = 1000,
) -> Iterator[Table]:
    """The tables of ``rounds`` in round then table order (byes last), streamed."""
    numbers = list(rounds)
    counting = locked_rounds(tournament) if public else set(numbers)
    matches = (
        Match.objects.filter(round__tournament=tournament, round__number__in=numbers)
        .order_by("round__number", F("table").asc(nulls_last=True), "pk")
        .values(*_MATCH_FIELDS)
    )
    for row in matches.iterator(chunk_size=chunk_size):
        yield _table(
            row,
            pairs,
            tournament.scoring,
            tournament.bye_policy,
            row["round__number"] in counting,
        )


def points_before(tournament: Tournament, round_number: int, *, public: bool) -> dict[int, int]:
    """Each pair's points before ``round_number`` (what the table list shows)."""
    rows = standings_for(tournament, after_round=round_number - 1, public=public)
    return {row.team: row.points for row in rows}


def standings(
    tournament: Tournament, after_round: int | None, *, public: bool
) -> list[StandingRow]:
    """Standings (and so the unit ranking) computed once per stamp: see tournament.computed."""
    return computed(
        tournament,
        "standings-rows",
        lambda: standings_for(tournament, after_round=after_round, public=public),
        after_round,
        public=public,
    )


def entry_path(slug: str, match_id: int, code: str) -> str:
    """The path of a table's entry link (the players' QR code).

    The one place that knows the route: ``table_entry`` when it is installed, else the
    same path spelled out, so the score sheets print either way.
    """
    try:
        return reverse("table_entry", args=[slug, match_id, code])
    except NoReverseMatch:
        return f"/t/{slug}/e/{match_id}/{code}/"
