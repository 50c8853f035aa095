"""Entering a table's result: final levels, the deal-by-deal sheet, confirmation, fouls.

The same pages serve referees (logged in) and, where the event allows it, the players of
a table through its secret link (:mod:`tournament.views.table_entry`); ``source`` tells
the services who is acting.
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from rules import RuleError, format_notation, replay
from tournament.forms_results import FoulForm, ResultForm
from tournament.models import AuditEntry, Match, Player, Round
from tournament.permissions import CHIEF_REFEREE, REFEREE, has_role
from tournament.results_check import ResultInvalid, check_result
from tournament.selectors import ruleset
from tournament.services.fouls import penalty_text, record_foul
from tournament.services.results import (
    ResultRefused,
    StaleResult,
    confirm_result,
    resolve_dispute,
    save_sheet,
    submit_result,
    values_of,
)
from tournament.views.common import LoginRequired, load_tournament


def get_match(tournament, number: int, table: int) -> Match:
    return get_object_or_404(
        Match.objects.select_related(
            "round__tournament", "ew__unit", "ns__unit", "entered_by", "confirmed_by"
        ),
        round__tournament=tournament,
        round__number=number,
        table=table,
    )


def handle_result_post(request, match: Match, *, source: str) -> tuple[bool, ResultForm, dict]:
    """Process a final-levels form; returns (saved, form, extra context)."""
    form = ResultForm(request.POST, scoring=match.round.tournament.scoring)
    extra: dict = {}
    if not form.is_valid():
        return False, form, extra
    d = form.cleaned_data
    try:
        values = check_result(
            ruleset(match.round.tournament), ew_level=d["ew_level"], ns_level=d["ns_level"],
            forfeit=d["forfeit"], ew_fouls=d["ew_fouls"], ns_fouls=d["ns_fouls"], decider=d["decider"],
            pass_partner=d.get("pass_how", ""),
        )  # fmt: skip
        action = request.POST.get("action", "enter")
        if action == "rule":
            saved = resolve_dispute(
                match, values, version=d["version"], user=request.user, request=request
            )
        else:
            saved = submit_result(
                match,
                values,
                version=d["version"],
                user=request.user,
                source=source,
                request=request,
            )
    except StaleResult as exc:
        form.add_error(None, str(exc))
        extra["current"] = exc.current
        extra["current_version"] = exc.match.version
        return False, form, extra
    except (ResultInvalid, ResultRefused) as exc:
        form.add_error(None, str(exc))
        return False, form, extra
    note = {
        Match.DISPUTED: ("warning", "与先前录入的成绩不一致，已标记为争议，请裁判长裁决"),
        Match.CONFIRMED: ("success", "成绩已确认"),
    }.get(saved.state, ("success", "成绩已录入，等待他人确认"))
    getattr(messages, note[0])(request, f"第{saved.table}台：{note[1]}")
    return True, form, extra


def _version(request) -> int:
    """The version the form was loaded with; junk counts as stale (0 never matches)."""
    try:
        return int(request.POST.get("version", 0))
    except (TypeError, ValueError):
        return 0


def initial_for(match: Match) -> dict:
    return {
        "ew_level": match.ew_level, "ns_level": match.ns_level, "forfeit": match.forfeit,
        "ew_fouls": match.ew_fouls, "ns_fouls": match.ns_fouls, "version": match.version,
    }  # fmt: skip


def match_context(request, match: Match, form: ResultForm, **extra) -> dict:
    tournament = match.round.tournament
    fouls = match.fouls.select_related("team", "player", "referee")
    return {
        "t": tournament,
        "round": match.round,
        "m": match,
        "form": form,
        "foul_form": FoulForm(match=match),
        "fouls": fouls,
        "penalties": penalty_text(tournament),
        "can_chief": has_role(request.user, tournament, CHIEF_REFEREE),
        "can_confirm": match.state == Match.ENTERED
        and match.entered_by_id != getattr(request.user, "pk", None),
        "notation": format_notation(match.deals) if match.deals else "",
        "audit": AuditEntry.objects.filter(
            tournament=tournament, object_type="match", object_id=str(match.pk)
        ),
        **extra,
    }


def match_entry(request, slug, number, table):
    """A referee's page for one table: final levels, confirmation, ruling, fouls, history."""
    tournament = load_tournament(request, slug, REFEREE)
    match = get_match(tournament, number, table)
    extra: dict = {}
    if request.method == "POST":
        saved, form, extra = handle_result_post(request, match, source="referee")
        if saved:
            return redirect("round_control", slug=slug, number=number)
    else:
        form = ResultForm(initial=initial_for(match), scoring=match.round.tournament.scoring)
    return render(request, "rounds/match_entry.html", match_context(request, match, form, **extra))


@require_POST
def match_confirm(request, slug, number, table):
    tournament = load_tournament(request, slug, REFEREE)
    match = get_match(tournament, number, table)
    try:
        confirm_result(match, version=_version(request), user=request.user, request=request)
        messages.success(request, f"第{table}台成绩已确认")
    except ResultRefused as exc:
        messages.error(request, str(exc))
        return redirect("match_entry", slug=slug, number=number, table=table)
    return redirect("round_control", slug=slug, number=number)


@require_POST
def match_absent(request, slug, number, table):
    """A referee records that one pair did not turn up in time (forfeit for lateness)."""
    from tournament.services.lateness import record_absence

    tournament = load_tournament(request, slug, REFEREE)
    match = get_match(tournament, number, table)
    try:
        match = record_absence(
            match, request.POST.get("side", ""), user=request.user, request=request
        )
        messages.success(request, f"第{table}台：已记录迟到弃权")
    except ResultRefused as exc:
        messages.error(request, str(exc))
    return redirect("match_entry", slug=slug, number=number, table=table)


@require_POST
def match_foul(request, slug, number, table):
    tournament = load_tournament(request, slug, REFEREE)
    match = get_match(tournament, number, table)
    form = FoulForm(request.POST, match=match)
    if not form.is_valid():
        messages.error(
            request, "犯规记录不完整：" + "；".join(f"{k}: {v[0]}" for k, v in form.errors.items())
        )
    else:
        d = form.cleaned_data
        player = (
            Player.objects.filter(pk=d["player"], team__in=[match.ew_id, match.ns_id]).first()
            if d["player"]
            else None
        )
        try:
            record_foul(
                match, side=d["side"], kind=d["kind"], severity=d["severity"], player=player,
                deal_number=d["deal_number"], remark=d["remark"], user=request.user, request=request,
            )  # fmt: skip
            messages.success(request, "已记录")
        except (ResultRefused, ResultInvalid) as exc:
            messages.error(request, str(exc))
    target = request.POST.get("next") or "match_entry"
    if target == "sheet":
        return redirect("match_sheet", slug=slug, number=number, table=table)
    return redirect("match_entry", slug=slug, number=number, table=table)


# --- deal-by-deal sheet ------------------------------------------------------------------


def sheet_payload(match: Match) -> dict:
    """What the sheet page shows: levels, the level played, attempts at A, events."""
    state = replay(ruleset(match.round.tournament), match.deals or [])
    return {
        "version": match.version,
        "state": match.state,
        "steps": match.deals or [],
        "notation": format_notation(match.deals or []),
        "ew": state.ew,
        "ns": state.ns,
        "level_played": state.level_played.level,
        "played_by": state.level_played.side,
        "a_attempts": {"EW": state.a_attempts.ew, "NS": state.a_attempts.ns},
        "fouls": {"EW": state.fouls.ew, "NS": state.fouls.ns},
        "deals": state.deals,
        "finished": state.finished or match.state in (Match.ENTERED, Match.CONFIRMED),
        "winner": match.winner or state.winner,
        "events": [e.text_zh for e in state.events],
    }


def sheet_api_response(request, match: Match, *, source: str):
    """GET: the sheet now. POST {"version", "steps"}: save the whole sheet, or refuse (409/400)."""
    if request.method == "POST":
        try:
            body = json.loads(request.body or b"{}")
            steps = body["steps"]
            version = int(body["version"])
            if not isinstance(steps, list):
                raise ValueError
        except (ValueError, KeyError, TypeError):
            return JsonResponse({"ok": False, "error": "请求格式错误"}, status=400)
        try:
            match = save_sheet(
                match, steps, version=version, user=request.user, source=source, request=request
            )
        except StaleResult as exc:
            return JsonResponse(
                {"ok": False, "error": str(exc), "sheet": sheet_payload(exc.match)}, status=409
            )
        except (ResultInvalid, ResultRefused, RuleError) as exc:
            text = getattr(exc, "message_zh", None) or str(exc)
            match.refresh_from_db()
            return JsonResponse(
                {"ok": False, "error": text, "sheet": sheet_payload(match)}, status=400
            )
    return JsonResponse({"ok": True, "sheet": sheet_payload(match)})


def match_sheet(request, slug, number, table):
    tournament = load_tournament(request, slug, REFEREE)
    match = get_match(tournament, number, table)
    api = reverse("match_sheet_api", args=[slug, number, table])
    foul_api = reverse("match_foul_api", args=[slug, number, table])
    context = {"t": tournament, "m": match, "api": api, "foul_api": foul_api, "round": match.round}
    return render(request, "rounds/sheet.html", context)


@require_POST
def match_foul_api(request, slug, number, table):
    """The sheet's 犯规/警告 buttons: JSON {side, kind, severity} into the foul log and the sheet."""
    try:
        tournament = load_tournament(request, slug, REFEREE)
    except LoginRequired:
        return JsonResponse({"ok": False, "error": "请先登录"}, status=403)
    match = get_match(tournament, number, table)
    try:
        body = json.loads(request.body or b"{}")
        record_foul(
            match, side=body.get("side", ""), kind=body.get("kind", ""), severity=body.get("severity", ""),
            deal_number=match_deal_number(match), user=request.user, request=request,
        )  # fmt: skip
    except (ValueError, ResultInvalid, ResultRefused) as exc:
        match.refresh_from_db()
        return JsonResponse(
            {"ok": False, "error": str(exc), "sheet": sheet_payload(match)}, status=400
        )
    match.refresh_from_db()
    return JsonResponse({"ok": True, "sheet": sheet_payload(match)})


def match_deal_number(match: Match) -> int:
    """The deal in progress: one more than the deals won so far on the sheet."""
    return sum(1 for step in match.deals or [] if isinstance(step, dict) and "win" in step) + 1


def match_sheet_api(request, slug, number, table):
    try:
        tournament = load_tournament(request, slug, REFEREE)
    except LoginRequired:
        return JsonResponse({"ok": False, "error": "请先登录"}, status=403)
    return sheet_api_response(request, get_match(tournament, number, table), source="referee")


def match_values(match: Match) -> dict:
    return values_of(match).as_dict()


def ensure_round_visible(round_: Round) -> None:
    if round_.status == Round.DRAFT:
        raise Http404("本轮尚未公布")


# --- round-wide pages: results import, foul log, audit ------------------------------------


def results_import(request, slug, number):
    """A clerk uploads the round's results sheet; all rows or nothing."""
    from tournament.forms import ResultsImportForm
    from tournament.services.results_import import import_results
    from tournament.sheet_reader import megabytes
    from tournament.tabular import TableFileError
    from tournament.uploads import upload_limits

    tournament = load_tournament(request, slug, REFEREE)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    form = ResultsImportForm(request.POST or None, request.FILES or None)
    limit = megabytes(upload_limits().max_bytes)
    context = {"t": tournament, "round": round_, "form": form, "upload_limit": limit}
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            check = import_results(
                round_, data=upload.read(), filename=upload.name, user=request.user, request=request
            )
        except TableFileError as exc:
            context["problems"] = [str(exc)]
        else:
            if check.ok:
                messages.success(request, f"已导入{len(check.rows)}台成绩")
                return redirect("round_control", slug=slug, number=number)
            context["problems"] = [str(p) for p in check.problems]
            context["ignored_columns"] = check.ignored_columns
    return render(request, "rounds/results_import.html", context)


def round_fouls(request, slug, number):
    tournament = load_tournament(request, slug, REFEREE)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    from tournament.models import Foul

    fouls = Foul.objects.filter(match__round=round_).select_related(
        "match", "team", "player", "referee"
    )
    return render(
        request,
        "rounds/fouls.html",
        {"t": tournament, "round": round_, "fouls": fouls, "penalties": penalty_text(tournament)},
    )


def round_audit(request, slug, number):
    """The audit log of a round's tables; ``?format=csv`` downloads it."""
    tournament = load_tournament(request, slug, CHIEF_REFEREE)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    ids = [str(pk) for pk in round_.matches.values_list("pk", flat=True)]
    entries = AuditEntry.objects.filter(tournament=tournament).filter(
        object_type="match", object_id__in=ids
    ) | AuditEntry.objects.filter(
        tournament=tournament, object_type="round", object_id=str(round_.pk)
    )
    entries = entries.order_by("created_at", "id")
    if request.GET.get("format") == "csv":
        return audit_csv(entries, f"round-{number}-audit.csv")
    return render(
        request, "rounds/audit.html", {"t": tournament, "round": round_, "entries": entries}
    )


def audit_csv(entries, filename: str):
    import csv

    from django.http import HttpResponse

    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f"attachment; filename={filename}"
    response.write("\ufeff")  # Excel needs the BOM to read UTF-8 Chinese
    writer = csv.writer(response)
    writer.writerow(["时间", "操作人", "IP", "操作", "说明", "修改前", "修改后"])
    for e in entries:
        writer.writerow([
            e.created_at.isoformat(), e.actor, e.ip or "", e.action, _safe(e.summary),
            json.dumps(e.before, ensure_ascii=False) if e.before is not None else "",
            json.dumps(e.after, ensure_ascii=False) if e.after is not None else "",
        ])  # fmt: skip
    return response


def _safe(text: str) -> str:
    """Keep spreadsheet programs from reading user text as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text
