"""The database side of the exports: tournament rows in, :mod:`~tournament.printing.data` out.

Everything is read with ``values()`` in a few queries (never one per table), and the tables
of a round are streamed in chunks, so 2,500 score sheets do not hold 2,500 model instances.

Which results a printout shows follows :mod:`tournament.standings.selectors`: staff see every entered
result, the public only those of locked rounds.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Iterator

from django.db.models import F
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.translation import gettext

from scoring import METRICS, ScoreOptions, ScoringError, StandingRow, score_record
from tournament.core.page_cache import cached_per_stamp
from tournament.core.rights import parse_tables
from tournament.models import Foul, Pair, Player, Round, Staff, Table, Tournament
from tournament.models.result_values import RESULT_FIELDS
from tournament.printing.data import EventInfo, FoulLine, PrintedPair, PrintedTable
from tournament.printing.scoresheet_layout import ScoreSheetRound
from tournament.standings.selectors import (
    COUNTED_STATES,
    score_options,
    standings_for,
    table_record,
)
from tournament.text import options
from tournament.text.pinyin import name_sort_key
from tournament.text.titles import bracket_size, round_title

_TABLE_FIELDS = (
    *("pk", "round__number", "number", "ew_id", "ns_id", "state", "deals", "ew_code", "ns_code"),
    *("bracket_id", "bracket_game", "team_match", *RESULT_FIELDS),
)


def person_name(user) -> str:
    """How a staff member is named on paper: the display name, else the login name."""
    if user is None:
        return ""
    return user.get_full_name() or user.first_name or user.get_username()


def referee_names(tournament: Tournament) -> Callable[[int | None], str]:
    """table number → the name of the referee assigned to it ("" when none is)."""
    assigned = []
    for staff in Staff.objects.filter(tournament=tournament, role=Staff.REFEREE).select_related(
        "user"
    ):
        try:
            tables = parse_tables(staff.tables)
        except ValueError:
            continue
        if tables:
            assigned.append((tables, person_name(staff.user)))

    def name(table: int | None) -> str:
        return next((who for tables, who in assigned if table in tables), "")

    return name


def foul_lines(tournament: Tournament, rounds: Iterable[int]) -> dict[int, list[FoulLine]]:
    """The foul log of ``rounds`` by match id, in the order it was written."""
    rows = (
        Foul.objects.filter(table__round__tournament=tournament, table__round__number__in=rounds)
        .select_related("referee")
        .order_by("created_at", "pk")
    )
    out: dict[int, list[FoulLine]] = {}
    for f in rows.only(
        "table_id",
        "pair_id",
        "kind",
        "severity",
        "deal_number",
        "levels",
        "remark",
        "referee",
        "table__ew_id",
    ):
        side = "EW" if f.pair_id == f.table.ew_id else "NS"
        out.setdefault(f.table_id, []).append(
            FoulLine(
                side, f.kind, f.severity, f.deal_number, f.levels, person_name(f.referee), f.remark
            )
        )
    return out


def format_date(day: dt.date | None) -> str:
    """2025年5月1日 (the form used on Chinese notices and certificates; in the print
    language)."""
    if not day:
        return ""
    return gettext("%(y)s年%(m)s月%(d)s日") % {"y": day.year, "m": day.month, "d": day.day}


def format_dates(start: dt.date | None, end: dt.date | None) -> str:
    """A date range without repeating the year and month: 2025年5月1日—3日."""
    if not start:
        return format_date(end)
    if not end or end == start:
        return format_date(start)
    if (start.year, start.month) == (end.year, end.month):
        return gettext("%(start)s—%(d)s日") % {"start": format_date(start), "d": end.day}
    if start.year == end.year:
        return gettext("%(start)s—%(m)s月%(d)s日") % {
            "start": format_date(start),
            "m": end.month,
            "d": end.day,
        }
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
        host=tournament.host,  # never a login name: blank is left for the host to write
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
        score_options=score_options(tournament),
        two_warnings=tournament.two_warnings,
        three_fouls_defeat=tournament.three_fouls_defeat,
        team_rank=tournament.team_rank,
        team_tiebreaks=tuple(tournament.team_tiebreaks or ()),
    )


def load_pairs(tournament: Tournament) -> dict[int, PrintedPair]:
    """Every registered pair, keyed by pair id, in name order (:func:`name_sort_key`)."""
    players: dict[int, list[tuple[str, str]]] = {}
    # An individual event's partnership has a unit only when both players share one: it
    # is named by each player's unit, "南京/扬州" (docs/rules.md §17).
    units: dict[int, list[str]] = {}
    rows = Player.objects.filter(pair__tournament=tournament).order_by("pair_id", "position")
    fields = ("pair_id", "name", "phone", "individual__unit__name")
    for pair_id, name, phone, unit in rows.values_list(*fields):
        players.setdefault(pair_id, []).append((name, phone))
        units.setdefault(pair_id, []).append(unit or "")
    registered = Pair.objects.filter(tournament=tournament).order_by("pk")
    fields = ("pk", "name", "name_pinyin", "unit__name", "draw_number", "status")
    pairs = {}
    for row in sorted(registered.values(*fields), key=lambda r: name_sort_key(r["name"])):
        members = players.get(row["pk"], [])
        pairs[row["pk"]] = PrintedPair(
            id=row["pk"],
            name=row["name"],
            unit=row["unit__name"] or partnership_unit(units.get(row["pk"], ())),
            players=tuple(name for name, _ in members),
            pinyin=row["name_pinyin"],
            draw_number=row["draw_number"],
            status=row["status"],
            phones=tuple(phone for _, phone in members),
        )
    return pairs


def partnership_unit(units) -> str:
    """An individual event's partnership of two units: "南京/扬州" ("南京/—" when one player has
    none; "" when neither has)."""
    return "/".join(u or "—" for u in units) if any(units) else ""


def round_numbers(tournament: Tournament, *, public: bool) -> list[int]:
    """Rounds a printout may show: every paired round for staff, published ones for others."""
    rounds = Round.objects.filter(tournament=tournament)
    if public:
        rounds = rounds.exclude(status=Round.DRAFT)
    return list(rounds.order_by("number").values_list("number", flat=True))


def locked_rounds(tournament: Tournament) -> set[int]:
    rounds = Round.objects.filter(tournament=tournament, status=Round.LOCKED)
    return set(rounds.values_list("number", flat=True))


def _table(
    row: dict,
    pairs: dict[int, PrintedPair],
    scoring: str,
    bye_policy: str,
    counts: bool,
    options: ScoreOptions | None = None,
    extra: dict | None = None,
):
    counted = counts and (row["ns_id"] is None or row["state"] in COUNTED_STATES)
    score = None
    if counted:
        try:
            record = table_record(row["round__number"], row)
            score = score_record(record, scoring, bye_policy, options or ScoreOptions())
        except ScoringError:
            score = None  # an impossible result is printed as entered, without a score
    return PrintedTable(
        table_id=row["pk"],
        round=row["round__number"],
        table=row["number"],
        ew=pairs[row["ew_id"]],
        ns=pairs[row["ns_id"]] if row["ns_id"] is not None else None,
        **{name: row[name] for name in RESULT_FIELDS},
        state=row["state"],
        deals=row["deals"] or [],
        ew_code=row["ew_code"],
        ns_code=row["ns_code"],
        counted=counted,
        score=score,
        bracket_id=row["bracket_id"],
        game=row["bracket_game"],
        match=row["team_match"],
        **(extra or {}),
    )


def iter_tables(
    tournament: Tournament,
    pairs: dict[int, PrintedPair],
    rounds: Iterable[int],
    *,
    public: bool = False,
    chunk_size: int = 1000,
    with_fouls: bool = True,
) -> Iterator[PrintedTable]:
    """The tables of ``rounds`` in round then table order (byes last), streamed."""
    numbers = list(rounds)
    counting = locked_rounds(tournament) if public else set(numbers)
    fouls = foul_lines(tournament, numbers) if with_fouls else {}
    referee = referee_names(tournament) if with_fouls else None
    tables = (
        Table.objects.filter(round__tournament=tournament, round__number__in=numbers)
        .order_by("round__number", F("number").asc(nulls_last=True), "pk")
        .values(*_TABLE_FIELDS)
    )
    options = score_options(tournament)
    for row in tables.iterator(chunk_size=chunk_size):
        extra = {"fouls": tuple(fouls.get(row["pk"], ()))}
        if referee is not None:
            extra["referee"] = referee(row["number"])
        yield _table(
            row,
            pairs,
            tournament.scoring,
            tournament.bye_policy,
            row["round__number"] in counting,
            options,
            extra,
        )


def points_before(tournament: Tournament, round_number: int, *, public: bool) -> dict[int, int]:
    """Each pair's points before ``round_number`` (what the table list shows)."""
    rows = standings_for(tournament, after_round=round_number - 1, public=public)
    return {row.pair: row.points for row in rows}


def standings(
    tournament: Tournament, after_round: int | None, *, public: bool
) -> list[StandingRow]:
    """Standings (and so the unit ranking) computed once per stamp: see tournament.core.page_cache."""
    return cached_per_stamp(
        tournament,
        "standings-rows",
        lambda: standings_for(tournament, after_round=after_round, public=public),
        after_round,
        public=public,
    )


def round_date(tournament: Tournament, round_: Round) -> str:
    """The day a round is played: the day it started, else today during the event, else the
    event's first day (what the sheet's 日期 shows)."""
    if round_.started_at:
        return format_date(timezone.localtime(round_.started_at).date())
    today = timezone.localdate()
    start, end = tournament.start_date, tournament.end_date or tournament.start_date
    if start and end and start <= today <= end:
        return format_date(today)
    return format_date(start)


def sheet_round(tournament: Tournament, number: int) -> ScoreSheetRound:
    """What the score-sheet form of round ``number`` prints."""
    round_ = Round.objects.select_related("stage", "tournament").get(
        tournament=tournament, number=number
    )
    knockout = round_.stage is not None and round_.stage.kind == "knockout"
    start = timezone.localtime(round_.started_at).strftime("%H:%M") if round_.started_at else ""
    return ScoreSheetRound(
        title=round_title(round_),
        date=round_date(tournament, round_),
        start=start,
        knockout=knockout,
        games=round_.stage.games_per_match if knockout else tournament.games,
        size=bracket_size(round_.stage.state) if knockout else 0,
    )


def round_titles(tournament: Tournament) -> dict[int, str]:
    """Every round's name (:func:`round_title`) by number."""
    rounds = Round.objects.filter(tournament=tournament).select_related("stage", "tournament")
    return {r.number: round_title(r) for r in rounds}


def bracket_scores(stage_id: int, games: int) -> dict[str, dict[int, str]]:
    """What each pair's line of the bracket shows: games won (best of three) or its final
    level (one game), from the counted matches of the knockout stage."""
    rows = (
        Table.objects.filter(round__stage_id=stage_id, state__in=COUNTED_STATES)
        .exclude(bracket_id="")
        .order_by("round__number", "pk")
        .values("bracket_id", "ew_id", "ns_id", "ew_level", "ns_level", "winner", "forfeit")
    )
    out: dict[str, dict[int, str]] = {}
    wins: dict[str, dict[int, int]] = {}
    for m in rows:
        line = out.setdefault(m["bracket_id"], {})
        if games > 1:
            won = wins.setdefault(m["bracket_id"], {m["ew_id"]: 0, m["ns_id"]: 0})
            for pair in (m["ew_id"], m["ns_id"]):
                won.setdefault(pair, 0)
            if m["winner"] in ("EW", "NS"):
                won[m["ew_id"] if m["winner"] == "EW" else m["ns_id"]] += 1
            line.update({pair: str(n) for pair, n in won.items()})
        elif m["forfeit"]:
            line.update({m["ew_id"]: "", m["ns_id"]: ""})
        else:
            line.update({m["ew_id"]: m["ew_level"], m["ns_id"]: m["ns_level"]})
    return out


def entry_path(slug: str, table_id: int, code: str) -> str:
    """The path of a table's entry link (the players' QR code).

    The one place that knows the route: ``table_entry`` when it is installed, else the
    same path spelled out, so the score sheets print either way.
    """
    try:
        return reverse("side_entry", args=[slug, table_id, code])
    except NoReverseMatch:
        return f"/t/{slug}/e/{table_id}/{code}/"
