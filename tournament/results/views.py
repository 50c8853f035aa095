"""Entering a table's result: final levels, the deal-by-deal sheet, confirmation, fouls.

The same pages serve referees (logged in) and, where the event allows it, the players of
a table through its secret link (:mod:`tournament.results.views_table_entry`); ``source`` tells
the services who is acting.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from rules import format_notation
from tournament.core.actors import Actor, request_actor
from tournament.core.audit_text import readable
from tournament.core.errors import ServiceError, Stale
from tournament.core.prepared import Prepared
from tournament.core.rights import CHIEF_REFEREE, REFEREE, has_role, referee_tables
from tournament.core.round_actions import problem_text
from tournament.core.view_helpers import load_tournament
from tournament.models import AuditEntry, Foul, Player, Round, Table
from tournament.models.result_values import RESULT_FIELDS
from tournament.results.checks import ResultValues, check_result
from tournament.results.entry import (
    FinalEntry,
    minutes_left,
    record_final,
)
from tournament.results.entry_keys import (
    CONFLICT,
    KEPT,
    SAME,
    Applied,
    apply_once,
)
from tournament.results.forms import FoulForm, PlayerResultForm, ResultForm
from tournament.results.fouls import doubled_warnings, penalty_text, record_foul
from tournament.results.kept_entries import dispute_rows, kept_note, late_kept
from tournament.results.lateness import MSG_LATE_SIDE, record_absence
from tournament.results.places import records_passed_at
from tournament.results.services import confirm_result, pick_entry
from tournament.results.table_write import confirm_problem
from tournament.results.views_offline import (
    answer,
    form_answer,
    form_errors,
    from_outbox,
    read_entry,
    refused,
)
from tournament.standings.selectors import ruleset
from tournament.text.messages import render as render_message

MSG_DISPUTE = "dispute"  # message code: text in tournament/text/messages/services.py


# What a table's page shows of it beside the table itself, read with it.
SHOWN = ("round__stage", "ew__unit", "ns__unit", "entered_by", "confirmed_by")


def _table_query(*related: str) -> Prepared:
    return Prepared(
        lambda t, r, n: Table.objects.select_related(*related).filter(
            round__tournament_id=t, round__number=r, number=n
        ),
        int,
        int,
        int,
    )


TABLE_SHOWN, TABLE = _table_query(*SHOWN), _table_query("round")


def get_table(tournament, number: int, table_no: int, *, shown: bool = True) -> Table:
    """Table ``table`` of round ``number`` of the loaded ``tournament``, with what its page
    shows (:data:`SHOWN`), or only its round when ``shown`` is false: a save reads the
    table again under its lock and answers with a redirect, and the ~50 columns of those
    joins cost its every post (a refused post's page reads them when it shows them).

    The tournament is the one given, not read again with the table: its 45 columns in the
    join cost a referee's every request as much as a query of its own."""
    table = (TABLE_SHOWN if shown else TABLE).one(tournament.pk, number, table_no)
    if table is None:
        raise Http404
    table.round.tournament = tournament
    return table


def result_form(request, table: Table, data=None, *, player: bool = False) -> ResultForm:
    """The final-levels form this person may use at this table (players get fewer fields)."""
    kwargs = {
        "initial": None if data is not None else initial_for(table),
        "knockout": bool(table.bracket_id),
        "scoring": table.round.tournament.scoring,
        "rules": ruleset(table.round.tournament),
    }
    if player:
        return PlayerResultForm(data, **kwargs)
    chief = has_role(request.user, table.round.tournament, CHIEF_REFEREE)
    return ResultForm(data, chief=chief, **kwargs)


def handle_result_post(request, table: Table, *, by: Actor, next_url: str):
    """Process a final-levels form (or the chief's pick of an entry) of the actor ``by``:
    (the answer when saved, else None; the form; extra context). An entry with a phone's
    key is applied once (:func:`tournament.results.entry.record_final`)."""
    if request.POST.get("action") == "pick":
        return _pick(request, table, by, next_url)
    form = result_form(request, table, request.POST, player=by.path.startswith("table_"))
    extra: dict = {}
    if not form.is_valid():
        return None, form, extra
    d = form.cleaned_data
    try:
        phone = read_entry(request.POST)
        entry = FinalEntry(
            _checked_values(table, d),
            d["version"],
            at_time=d["at_time"],
            reason=d.get("time_reason", ""),
            rule=request.POST.get("action") == "rule",
        )
        answer, repeat = record_final(
            table, entry, by=by.via(by.path, phone=phone), answer=result_note
        )
    except ServiceError as exc:
        form.add_error(None, str(exc))
        if isinstance(exc, Stale) and exc.table is not None:
            extra["current"] = exc.current
            extra["current_version"] = exc.table.version
        return None, form, extra
    return form_answer(request, {**answer, "next": next_url}, repeat), form, extra


def _checked_values(table: Table, d: dict) -> ResultValues:
    return check_result(
        ruleset(table.round.tournament),
        ew_level=d["ew_level"],
        ns_level=d["ns_level"],
        forfeit=d.get("forfeit", ""),
        ew_fouls=d.get("ew_fouls", 0),
        ns_fouls=d.get("ns_fouls", 0),
        decider=d.get("decider", ""),
        at_time=d["at_time"],
        pass_partner=d.get("pass_how", ""),
    )


def result_note(saved: Table, outcome: str) -> dict:
    """The answer to a saved final-levels entry: its message and how it reads."""
    level, note = {
        Table.DISPUTED: ("warning", render_message(MSG_DISPUTE)),
        Table.CONFIRMED: ("success", _("成绩已确认")),
    }.get(saved.state, ("success", _("成绩已录入，等待他人确认")))
    if outcome == SAME:
        level, note = "success", _("服务器上已是同样的成绩，没有重复记录")
    elif outcome == CONFLICT:
        note = _("与另一台设备先录入的成绩不同，两份录入都已保留，请裁判长裁决")
    elif outcome == KEPT:
        level, note = "warning", kept_note(saved)
    text = _("第%(table)s台：%(note)s") % {"table": saved.number, "note": note}
    return answer("", text, level, outcome=outcome, state=saved.state, version=saved.version)


def _pick(request, table: Table, by: Actor, next_url: str):
    """The chief referee adopts one of the entries of a dispute."""
    try:
        saved = pick_entry(table, request.POST.get("entry"), version=posted_version(request), by=by)
    except ServiceError as exc:
        messages.error(request, str(exc))
        table.refresh_from_db()
        return None, result_form(request, table), {}
    messages.success(request, _("第%(table)s台：裁判长已裁定") % {"table": saved.number})
    return redirect(next_url), result_form(request, table), {}


def posted_version(request) -> int:
    """The version the form was loaded with; junk counts as stale (0 never matches)."""
    try:
        return int(request.POST.get("version", 0))
    except (TypeError, ValueError):
        return 0


def initial_for(table: Table) -> dict:
    """The stored result in the form's fields (those of the form that are result fields)."""
    shown = [name for name in RESULT_FIELDS if name in ResultForm.base_fields]
    return {**{name: getattr(table, name) for name in shown}, "version": table.version}


# A table's history on its page (every form a referee loads): compiled once (core/prepared.py).
_AUDIT = Prepared(
    lambda t, pk: AuditEntry.objects.filter(tournament=t, object_type="match", object_id=pk),
    int,
    str,
    ordered=True,
)


# The table's fouls as its page lists them, compiled once too; each knows its table (as
# ``table.fouls`` would: no read of it per foul).
_FOULS = Prepared(
    lambda pk: Foul.objects.filter(table_id=pk).select_related("pair", "player", "referee"),
    int,
    ordered=True,
)


def table_fouls(table: Table) -> list[Foul]:
    fouls = _FOULS.all(table.pk)
    for foul in fouls:
        foul.table = table
    return fouls


def table_context(request, table: Table, form: ResultForm, **extra) -> dict:
    tournament = table.round.tournament
    return {
        "t": tournament,
        "round": table.round,
        "m": table,
        "form": form,
        "foul_form": FoulForm(table=table),
        "fouls": (fouls := table_fouls(table)),  # after the foul form's players, as before
        "doubled": doubled_warnings(fouls),
        "penalties": penalty_text(tournament),
        "can_chief": has_role(request.user, tournament, CHIEF_REFEREE),
        "can_confirm": confirm_problem(table, request_actor(request)) is None,
        "enter_problem": problem_text(table.round, "enter"),
        "minutes_left": minutes_left(table.round),
        "disputes": dispute_rows(table),
        "late_kept": late_kept(table),
        "notation": format_notation(table.deals) if table.deals else "",
        "audit": [readable(a) for a in _AUDIT.all(tournament.pk, str(table.pk))],
        "records_passed_at": records_passed_at(table),
        "own_table": own_table(request.user, table),
        **extra,
    }


def own_table(user, table: Table) -> bool:
    """Whether the user's rights reach this table (its PINs and slips are shown only then)."""
    tables = referee_tables(user, table.round.tournament)
    return tables is None or table.number in tables


def table_entry(request, slug, number, table_no):
    """A referee's page for one table: final levels, confirmation, ruling, fouls, history."""
    tournament = load_tournament(request, slug, REFEREE)
    table = get_table(tournament, number, table_no, shown=request.method != "POST")
    extra: dict = {}
    if request.method == "POST":
        next_url = reverse("round_control", args=[slug, number])
        by = request_actor(request)
        done, form, extra = handle_result_post(request, table, by=by, next_url=next_url)
        if done is not None:
            return done
        if from_outbox(request):
            return refused(request, form_errors(form), 409 if "current" in extra else 400)
    else:
        form = result_form(request, table)
    return render(request, "results/table_entry.html", table_context(request, table, form, **extra))


@require_POST
def table_confirm(request, slug, number, table_no):
    tournament = load_tournament(request, slug, REFEREE)
    table = get_table(tournament, number, table_no)
    try:
        confirm_result(table, version=posted_version(request), by=request_actor(request))
        messages.success(request, _("第%(table)s台成绩已确认") % {"table": table_no})
    except ServiceError as exc:
        messages.error(request, str(exc))
        return redirect("table_entry", slug=slug, number=number, table_no=table_no)
    return redirect("round_control", slug=slug, number=number)


@require_POST
def table_absent(request, slug, number, table_no):
    """A referee records that one pair did not turn up in time (forfeit for lateness).

    The first post only asks for confirmation (a forfeit cannot be taken back by the
    referee); the forfeit is recorded when the confirmation page is posted (a phone's
    outbox asks on the phone and sends the confirmed post).
    """
    tournament = load_tournament(request, slug, REFEREE)
    table = get_table(tournament, number, table_no)
    side = request.POST.get("side", "")
    here = reverse("table_entry", args=[slug, number, table_no])
    if side not in ("EW", "NS"):
        return _not_saved(request, here, render_message(MSG_LATE_SIDE))
    if request.POST.get("confirm") != "1":
        pair = table.ew if side == "EW" else table.ns
        context = {"t": tournament, "round": table.round, "m": table, "side": side, "team": pair}
        return render(request, "results/confirm_absent.html", context)

    try:
        phone = read_entry(request.POST)
        by = request_actor(request, phone=phone)

        def save() -> Applied:
            record_absence(table, side, by=by)
            return Applied(answer(here, _("第%(table)s台：已记录迟到弃权") % {"table": table_no}))

        done, repeat = apply_once(table, phone, "absence", save)
    except ServiceError as exc:
        return _not_saved(request, here, str(exc))
    return form_answer(request, done, repeat)


def _not_saved(request, next_url: str, error: str):
    """A refused form post: the outbox gets the reason, the browser the page and message."""
    if from_outbox(request):
        return refused(request, [error])
    messages.error(request, error)
    return redirect(next_url)


@require_POST
def table_foul(request, slug, number, table_no):
    tournament = load_tournament(request, slug, REFEREE)
    table = get_table(tournament, number, table_no)
    form = FoulForm(request.POST, table=table)
    target = request.POST.get("next") or "table_entry"
    view = "table_sheet" if target == "sheet" else "table_entry"
    here = reverse(view, args=[slug, number, table_no])
    if not form.is_valid():
        return _not_saved(
            request,
            here,
            _("犯规记录不完整：")
            + "；".join(f"{form.fields[k].label}：{v[0]}" for k, v in form.errors.items()),
        )
    d = form.cleaned_data
    player = (
        Player.objects.filter(pk=d["player"], pair__in=[table.ew_id, table.ns_id]).first()
        if d["player"]
        else None
    )

    try:
        phone = read_entry(request.POST)
        by = request_actor(request, phone=phone)

        def save() -> Applied:
            record_foul(
                table,
                side=d["side"],
                kind=d["kind"],
                severity=d["severity"],
                player=player,
                deal_number=d["deal_number"],
                remark=d["remark"],
                by=by,
            )
            return Applied(answer(here, _("已记录")))

        done, repeat = apply_once(table, phone, "foul", save)
    except ServiceError as exc:
        return _not_saved(request, here, str(exc))
    return form_answer(request, done, repeat)


# --- round-wide pages: results import, foul log, audit ------------------------------------


def round_fouls(request, slug, number):
    tournament = load_tournament(request, slug, REFEREE)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    fouls = Foul.objects.filter(table__round=round_).select_related(
        "table", "pair", "player", "referee"
    )
    context = {
        "t": tournament,
        "round": round_,
        "fouls": fouls,
        "penalties": penalty_text(tournament),
    }
    return render(request, "results/fouls.html", {**context, "doubled": doubled_warnings(fouls)})
