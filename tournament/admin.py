"""Django admin: every model of the app, for a superuser who must fix a record.

The admin is read-mostly. Day-to-day work goes through the tournament pages and their
services (which lock rows, check the rules and write the audit log); the admin is the
last resort. So the counters the services own (``version``, ``change_seq``, ``stamp``)
and the secrets printed on slips (entry codes, PINs) are shown but never edited here,
and the audit log (操作记录) cannot be added to, changed or deleted at all. What a
superuser does change here is written to that log like any other change (action
``admin.add`` / ``admin.change`` / ``admin.delete``), which also moves the tournament's
public stamp, so cached public pages show the fix at once.
"""

from __future__ import annotations

from django.contrib import admin
from django.db import models
from django.http import HttpRequest

import tournament.people.admin  # noqa: F401 (registers the persons, read-only)
from rules.messages import Message
from tournament.core.actors import request_actor
from tournament.core.audit import log_action
from tournament.core.stamps import public_changed
from tournament.core.view_only_admin import ViewOnlyAdmin
from tournament.models import (
    Absence,
    ApiToken,
    AppliedEntry,
    AuditEntry,
    CheckIn,
    Counter,
    ForbiddenPairing,
    Foul,
    Individual,
    LineUp,
    Pair,
    Player,
    Round,
    ScoreSheetPhoto,
    SignUp,
    SignUpConfig,
    Staff,
    Stage,
    Submission,
    Table,
    Team,
    TeamMember,
    Tournament,
    Unit,
    table_guard,
)
from tournament.series import admin as series_admin  # noqa: F401 - registers the series
from tournament.text.messages.audit import MSG_AUDIT_ADMIN, term

# How to reach the tournament from each model (the audit log belongs to a tournament).
TOURNAMENT_PATHS = {
    Player: ("pair", "tournament"),
    Table: ("round", "tournament"),
    Submission: ("table", "round", "tournament"),
    Foul: ("table", "round", "tournament"),
    ScoreSheetPhoto: ("table", "round", "tournament"),
    CheckIn: ("pair", "tournament"),
    Absence: ("pair", "tournament"),
    TeamMember: ("team", "tournament"),
    LineUp: ("team", "tournament"),
}


def tournament_of(obj: models.Model) -> Tournament:
    """The tournament a record belongs to (a tournament belongs to itself)."""
    if isinstance(obj, Tournament):
        return obj
    for name in TOURNAMENT_PATHS.get(type(obj), ("tournament",)):
        obj = getattr(obj, name)
    return obj


def plain(value):
    """A form value as JSON for the audit log: a record by its key, a date as text."""
    if isinstance(value, models.Model):
        return value.pk
    if value is None or isinstance(value, bool | int | float | str | list | dict):
        return value
    return str(value)


def form_changes(form) -> tuple[dict, dict]:
    """(before, after) of the fields a form changed, as the audit log stores them."""
    before = {name: plain(form.initial.get(name)) for name in form.changed_data}
    after = {name: plain(form.cleaned_data.get(name)) for name in form.changed_data}
    return before, after


def log_fix(request: HttpRequest, obj: models.Model, action: str, form=None) -> None:
    """Write one admin change to its tournament's audit log.

    A deleted tournament takes its log with it, so its own deletion is not written.
    """
    if action == "admin.delete" and isinstance(obj, Tournament):
        return
    before, after = form_changes(form) if form is not None else (None, None)
    log_action(
        tournament=tournament_of(obj),
        by=request_actor(request),
        action=action,
        obj=obj,
        summary=Message(MSG_AUDIT_ADMIN, {"model": term(obj._meta.verbose_name), "obj": str(obj)}),
        before=before if action == "admin.change" else None,
        after=after,
    )
    public_changed(tournament_of(obj))


class LoggedAdmin(admin.ModelAdmin):
    """A model admin whose saves and deletions go to the audit log."""

    def save_model(self, request, obj, form, change) -> None:
        super().save_model(request, obj, form, change)
        log_fix(request, obj, "admin.change" if change else "admin.add", form)

    def save_formset(self, request, form, formset, change) -> None:
        """Inline rows (a pair's players) are logged one by one, like the parent."""
        doomed = [f for f in formset.deleted_forms if f.instance.pk is not None]
        for gone in doomed:
            log_fix(request, gone.instance, "admin.delete")
        super().save_formset(request, form, formset, change)
        for row in formset.forms:
            if row in doomed or not row.has_changed():
                continue
            log_fix(request, row.instance, "admin.change" if row.initial else "admin.add", row)

    def delete_model(self, request, obj) -> None:
        log_fix(request, obj, "admin.delete")
        super().delete_model(request, obj)

    def delete_queryset(self, request, queryset) -> None:
        for obj in queryset:
            log_fix(request, obj, "admin.delete")
        super().delete_queryset(request, queryset)


@admin.register(Tournament)
class TournamentAdmin(LoggedAdmin):
    list_display = ("name", "slug", "start_date", "venue", "format", "scoring", "organizer")
    list_filter = ("format", "scoring", "start_date")
    search_fields = ("name", "slug", "venue", "host")
    readonly_fields = ("version", "stamp", "created_at", "updated_at")
    raw_id_fields = ("organizer",)


@admin.register(Stage)
class StageAdmin(LoggedAdmin):
    list_display = ("name", "tournament", "order", "kind", "rounds")
    list_filter = ("kind",)
    search_fields = ("name", "tournament__name", "tournament__slug")
    list_select_related = ("tournament",)
    raw_id_fields = ("tournament",)


@admin.register(Staff)
class StaffAdmin(LoggedAdmin):
    list_display = ("user", "tournament", "role", "tables")
    list_filter = ("role",)
    search_fields = ("user__username", "tournament__name", "tournament__slug")
    list_select_related = ("user", "tournament")
    raw_id_fields = ("tournament", "user")


@admin.register(Unit)
class UnitAdmin(LoggedAdmin):
    list_display = ("name", "tournament")
    search_fields = ("name", "name_pinyin", "tournament__name", "tournament__slug")
    list_select_related = ("tournament",)
    readonly_fields = ("name_pinyin",)
    raw_id_fields = ("tournament",)


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0
    readonly_fields = ("name_pinyin", "person")


@admin.register(Pair)
class PairAdmin(LoggedAdmin):
    list_display = ("name", "tournament", "unit", "draw_number", "seed", "status")
    list_filter = ("status",)
    search_fields = ("name", "name_pinyin", "players__name", "tournament__slug")
    list_select_related = ("tournament", "unit")
    readonly_fields = ("name_pinyin", "version", "created_at")
    raw_id_fields = ("tournament", "unit")
    inlines = (PlayerInline,)


@admin.register(Player)
class PlayerAdmin(LoggedAdmin):
    list_display = ("name", "pair", "position", "phone")
    search_fields = ("name", "name_pinyin", "phone", "pair__name")
    list_select_related = ("pair",)
    readonly_fields = ("name_pinyin", "person")
    raw_id_fields = ("pair",)


class TeamMemberInline(admin.TabularInline):
    model = TeamMember
    extra = 0
    readonly_fields = ("name_pinyin", "person")


@admin.register(Team)
class TeamAdmin(LoggedAdmin):
    list_display = ("name", "tournament", "unit", "draw_number", "seed", "status")
    list_filter = ("status",)
    search_fields = ("name", "name_pinyin", "members__name", "tournament__slug")
    list_select_related = ("tournament", "unit")
    readonly_fields = ("name_pinyin", "version", "created_at")
    raw_id_fields = ("tournament", "unit")
    inlines = (TeamMemberInline,)


@admin.register(TeamMember)
class TeamMemberAdmin(LoggedAdmin):
    list_display = ("name", "team", "number", "phone")
    search_fields = ("name", "name_pinyin", "phone", "team__name")
    list_select_related = ("team",)
    readonly_fields = ("name_pinyin", "person")
    raw_id_fields = ("team",)


@admin.register(Individual)
class IndividualAdmin(LoggedAdmin):
    list_display = ("name", "tournament", "unit", "draw_number", "seed", "status")
    list_filter = ("status",)
    search_fields = ("name", "name_pinyin", "phone", "tournament__slug")
    list_select_related = ("tournament", "unit")
    readonly_fields = ("name_pinyin", "version", "created_at", "own", "person")
    raw_id_fields = ("tournament", "unit")


@admin.register(LineUp)
class LineUpAdmin(LoggedAdmin):
    list_display = ("team", "round_number", "pairs", "created_at")
    search_fields = ("team__name", "team__tournament__slug")
    list_select_related = ("team",)
    raw_id_fields = ("team",)


@admin.register(ForbiddenPairing)
class ForbiddenPairingAdmin(LoggedAdmin):
    list_display = ("pair_a", "pair_b", "tournament", "note")
    search_fields = ("pair_a__name", "pair_b__name", "tournament__slug")
    list_select_related = ("pair_a", "pair_b", "tournament")
    raw_id_fields = ("tournament", "pair_a", "pair_b")


@admin.register(Round)
class RoundAdmin(LoggedAdmin):
    list_display = ("__str__", "tournament", "stage", "status", "stale", "started_at")
    list_filter = ("status", "stale")
    search_fields = ("tournament__name", "tournament__slug", "stage__name")
    list_select_related = ("tournament", "stage")
    readonly_fields = ("version", "change_seq")
    raw_id_fields = ("tournament", "stage")


@admin.register(Table)
class TableAdmin(LoggedAdmin):
    list_display = ("__str__", "state", "ew_level", "ns_level", "forfeit", "winner")
    list_filter = ("state", "mode")
    search_fields = ("ew__name", "ns__name", "round__tournament__slug")
    list_select_related = ("round", "ew", "ns")
    readonly_fields = (
        *("ew_code", "ns_code", "ew_pin", "ns_pin"),
        *("version", "change_seq", "entered_at", "confirmed_at"),
    )
    raw_id_fields = ("round", "ew", "ns", "entered_by", "confirmed_by")

    def save_model(self, request, obj, form, change) -> None:
        """The site administrator's repair: outside the write rule, listed as such
        (``table_guard.EXEMPT``), and logged with before and after."""
        with table_guard.exempt("admin"):
            super().save_model(request, obj, form, change)


@admin.register(Submission)
class SubmissionAdmin(LoggedAdmin):
    list_display = ("table", "source", "submitted_by", "created_at")
    list_filter = ("source",)
    list_select_related = ("table__round", "table__ew", "table__ns", "submitted_by")
    readonly_fields = ("created_at",)
    raw_id_fields = ("table", "submitted_by")


@admin.register(AppliedEntry)
class AppliedEntryAdmin(LoggedAdmin):
    """Entries sent from phones with their own key (offline-first entry): applied once."""

    list_display = ("key", "table", "kind", "outcome", "made_at", "created_at")
    list_filter = ("kind", "outcome")
    search_fields = ("key",)
    list_select_related = ("table__round", "table__ew", "table__ns")
    readonly_fields = ("created_at",)
    raw_id_fields = ("tournament", "table")


@admin.register(Foul)
class FoulAdmin(LoggedAdmin):
    list_display = ("table", "pair", "kind", "severity", "levels", "deal_number", "created_at")
    list_filter = ("kind", "severity")
    search_fields = ("pair__name", "remark")
    list_select_related = ("table__round", "table__ew", "table__ns", "pair")
    readonly_fields = ("created_at",)
    raw_id_fields = ("table", "pair", "player", "referee")


@admin.register(AuditEntry)
class AuditEntryAdmin(ViewOnlyAdmin):
    """The audit log is evidence: it is only read here, never written or deleted."""

    list_display = ("created_at", "tournament", "actor", "action", "summary", "ip")
    list_filter = ("action",)
    search_fields = ("actor", "summary", "object_id", "tournament__slug")
    list_select_related = ("tournament",)


@admin.register(ScoreSheetPhoto)
class ScoreSheetPhotoAdmin(LoggedAdmin):
    list_display = ("__str__", "source", "width", "height", "created_at")
    list_filter = ("source",)
    search_fields = ("table__ew__name", "table__ns__name")
    readonly_fields = ("image", "width", "height", "created_at")
    raw_id_fields = ("table", "uploaded_by")


@admin.register(ApiToken)
class ApiTokenAdmin(LoggedAdmin):
    """Tokens are made on the event's page (the secret is shown once); here only revoked."""

    list_display = ("name", "tournament", "prefix", "created_at", "revoked_at", "last_used_at")
    search_fields = ("name", "prefix", "tournament__slug")
    readonly_fields = ("prefix", "digest", "created_at", "last_used_at")
    raw_id_fields = ("tournament", "created_by")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(SignUpConfig)
class SignUpConfigAdmin(LoggedAdmin):
    list_display = ("tournament", "is_open", "deadline", "cap", "fee", "needs_approval")
    search_fields = ("tournament__name", "tournament__slug")
    raw_id_fields = ("tournament",)


@admin.register(SignUp)
class SignUpAdmin(LoggedAdmin):
    list_display = ("seq", "tournament", "state", "pair", "fee_status", "created_at", "ip")
    list_filter = ("state", "fee_status")
    search_fields = ("data", "email1", "email2", "tournament__slug", "ip")
    readonly_fields = ("token", "created_at", "fee_marked_at", "ip")
    raw_id_fields = ("tournament", "pair", "fee_marked_by")


@admin.register(Counter)
class CounterAdmin(admin.ModelAdmin):
    """Counts of wrong PINs: shown to the administrator, kept by the app (never edited)."""

    list_display = ("key", "count", "expires_at")
    search_fields = ("key",)

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(CheckIn)
class CheckInAdmin(LoggedAdmin):
    list_display = ("pair", "at", "method", "by")
    list_filter = ("method",)
    search_fields = ("pair__name",)
    readonly_fields = ("at",)
    raw_id_fields = ("pair", "by")


@admin.register(Absence)
class AbsenceAdmin(LoggedAdmin):
    list_display = ("pair", "round_number", "at")
    search_fields = ("pair__name",)
    readonly_fields = ("at",)
    raw_id_fields = ("pair",)
