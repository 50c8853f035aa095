"""The deal-by-deal score sheet: the referee's page and its JSON API, and the foul buttons.

The sheet is saved whole after every deal (:func:`tournament.results.services.save_scoresheet`);
the same API serves the table's own link (:mod:`tournament.results.views_table_entry`).
"""

from __future__ import annotations

from django.http import JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from rules import format_notation, replay
from tournament.core.actors import Actor, request_actor
from tournament.core.errors import Invalid, ServiceError, Stale
from tournament.core.json_body import MSG_BAD as MSG_BAD_JSON
from tournament.core.json_body import int_field, read_json
from tournament.core.middleware import LoginRequired
from tournament.core.rights import REFEREE
from tournament.core.view_helpers import load_tournament
from tournament.models import Table
from tournament.results.checks import ResultValues, result_from_deals, scoresheet_state
from tournament.results.entry import check_scoresheet_time
from tournament.results.entry_keys import (
    APPLIED,
    CONFLICT,
    KEPT,
    Applied,
    apply_once,
    file_kept,
    saved_late,
)
from tournament.results.fouls import deals_played, record_foul
from tournament.results.kept_entries import kept_note
from tournament.results.services import levels_so_far, save_scoresheet
from tournament.results.views import get_table
from tournament.results.views_offline import read_entry
from tournament.standings.selectors import ruleset
from tournament.text.messages import render as render_message


def scoresheet_payload(table: Table) -> dict:
    """What the sheet page shows: levels, the level played, attempts at A, events."""
    state = replay(ruleset(table.round.tournament), table.deals or [])
    return {
        "version": table.version,
        "state": table.state,
        "steps": table.deals or [],
        "notation": format_notation(table.deals or []),
        "ew": state.ew,
        "ns": state.ns,
        "level_played": state.level_played.level,
        "played_by": state.level_played.side,
        "a_attempts": {"EW": state.a_attempts.ew, "NS": state.a_attempts.ns},
        "fouls": {"EW": state.fouls.ew, "NS": state.fouls.ns},
        "deals": state.deals,
        "finished": state.finished or table.state in (Table.ENTERED, Table.CONFIRMED),
        "winner": table.winner or state.winner,
        "events": [render_message(e.msg) for e in state.events],
    }


def scoresheet_api_response(request, table: Table, *, by: Actor):
    """GET: the sheet now. POST {"version", "steps"} (and a phone's ``entry_key``,
    ``made_at``, ``offline``) of the actor ``by``: save the whole sheet once, or refuse
    (409/400)."""
    if request.method == "POST":
        try:
            body = read_json(request.body)
            if not isinstance(body, dict) or not isinstance(body.get("steps"), list):
                raise ValueError
            steps = body["steps"]
            version = int_field(body, "version")
        except ServiceError as exc:  # a body out of bounds: the message says which
            return JsonResponse({"ok": False, "error": str(exc)}, status=400)
        except ValueError:
            return JsonResponse({"ok": False, "error": _("请求格式错误")}, status=400)
        try:
            entry = read_entry(body)
            check_scoresheet_time(table, steps)
            answer, _repeat = apply_once(
                table,
                entry,
                "sheet",
                lambda: _save_steps(table, steps, version=version, by=by.via(by.path, phone=entry)),
            )
        except ServiceError as exc:
            if isinstance(exc, Stale) and exc.table is not None:
                return JsonResponse(
                    {"ok": False, "error": str(exc), "sheet": scoresheet_payload(exc.table)},
                    status=409,
                )
            table.refresh_from_db()
            return JsonResponse(
                {"ok": False, "error": str(exc), "sheet": scoresheet_payload(table)}, status=400
            )
        return JsonResponse(answer)
    return JsonResponse({"ok": True, "sheet": scoresheet_payload(table)})


def _save_steps(table: Table, steps: list, *, version: int, by: Actor) -> Applied:
    """Save the sheet; a late sheet whose version is stale is the same sheet already, kept
    for the record (the table is confirmed), or a conflict filed as a dispute with the
    phone's sheet kept (entry_keys.saved_late)."""

    def save(at: int | None) -> Table:
        return save_scoresheet(table, steps, version=at, by=by)

    saved, outcome = saved_late(
        by.phone,
        save,
        version,
        same=lambda stored: (stored.deals or []) == steps,
        values=lambda: scoresheet_values(table, steps),
        by=by,
        extra={"phone_deals": steps},
        steps=steps,
        table=table,
        resume=lambda stored: continues(stored.deals or [], steps),
    )
    body = {"ok": True, "sheet": scoresheet_payload(saved)}
    if outcome != APPLIED:
        body["outcome"] = outcome
    payload = {"steps": steps} if outcome in (CONFLICT, KEPT) else None
    if outcome == CONFLICT:
        body["message"] = _("与另一台设备的记录不同，两份记录都已保留，请裁判长裁决")
    elif outcome == KEPT:
        body["message"] = kept_note(saved)
        payload = file_kept(saved, payload, by=by)
    return Applied(body, outcome, payload)


def continues(stored: list, steps: list) -> bool:
    """True when ``steps`` begin with every one of the ``stored`` steps and add more: a
    phone's sheet resumed on a table that has only its first deals (entry_keys: resumed
    sheet).

    >>> continues([{"win": "EW", "partner": 2}], [{"win": "EW", "partner": 2}, {"time": True}])
    True
    >>> continues([{"win": "EW", "partner": 2}], [{"win": "NS", "partner": 2}, {"time": True}])
    False
    """
    return len(steps) > len(stored) and steps[: len(stored)] == stored


def scoresheet_values(table: Table, steps: list) -> ResultValues:
    """What a sheet says: its result when finished, else the levels reached so far."""
    rules = ruleset(table.round.tournament)
    values = result_from_deals(rules, steps)
    if values is not None:
        return values
    return levels_so_far(scoresheet_state(rules, steps))


def table_sheet(request, slug, number, table_no):
    tournament = load_tournament(request, slug, REFEREE)
    table = get_table(tournament, number, table_no)
    api = reverse("table_sheet_api", args=[slug, number, table_no])
    foul_api = reverse("table_foul_api", args=[slug, number, table_no])
    context = {"t": tournament, "m": table, "api": api, "foul_api": foul_api, "round": table.round}
    return render(request, "results/sheet.html", context)


@require_POST
def table_foul_api(request, slug, number, table_no):
    """The sheet's 犯规/警告 buttons: JSON {side, kind, severity} into the foul log and the sheet."""
    try:
        tournament = load_tournament(request, slug, REFEREE)
    except LoginRequired:
        return JsonResponse({"ok": False, "error": _("请先登录")}, status=403)
    table = get_table(tournament, number, table_no)
    try:
        body = read_json(request.body)
        if not isinstance(body, dict):
            raise Invalid(MSG_BAD_JSON)
        entry = read_entry(body)
        by = request_actor(request, phone=entry)
        answer, _repeat = apply_once(
            table, entry, "foul", lambda: _scoresheet_foul(by, table, body)
        )
    except (ValueError, ServiceError) as exc:
        table.refresh_from_db()
        return JsonResponse(
            {"ok": False, "error": str(exc), "sheet": scoresheet_payload(table)}, status=400
        )
    return JsonResponse(answer)


def _scoresheet_foul(by: Actor, table: Table, body: dict) -> Applied:
    record_foul(
        table,
        side=body.get("side", ""),
        kind=body.get("kind", ""),
        severity=body.get("severity", ""),
        deal_number=table_deal_number(table),
        by=by,
    )
    table.refresh_from_db()
    return Applied({"ok": True, "sheet": scoresheet_payload(table)})


def table_deal_number(table: Table) -> int:
    """The deal in progress: one more than the deals won so far on the sheet."""
    return deals_played(table) + 1


def table_sheet_api(request, slug, number, table_no):
    try:
        tournament = load_tournament(request, slug, REFEREE)
    except LoginRequired:
        return JsonResponse({"ok": False, "error": _("请先登录")}, status=403)
    table = get_table(tournament, number, table_no)
    return scoresheet_api_response(request, table, by=request_actor(request))
