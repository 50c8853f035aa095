"""Django admin: every model of the app, for a superuser who must fix a record.

The admin is read-mostly. Day-to-day work goes through the tournament pages and their
services (which lock rows, check the rules and write the audit log); the admin is the
last resort. So the counters the services own (``version``, ``change_seq``, ``stamp``)
and the secrets printed on slips (entry codes, PINs) are shown but never edited here,
and the audit log (操作记录) cannot be added to, changed or deleted at all.
"""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from tournament.models import (
    AuditEntry,
    ForbiddenPairing,
    Foul,
    Match,
    Player,
    Round,
    Staff,
    Stage,
    Submission,
    Team,
    Tournament,
    Unit,
)


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "start_date", "venue", "format", "scoring", "organizer")
    list_filter = ("format", "scoring", "start_date")
    search_fields = ("name", "slug", "venue", "host")
    readonly_fields = ("version", "stamp", "created_at", "updated_at")
    raw_id_fields = ("organizer",)


@admin.register(Stage)
class StageAdmin(admin.ModelAdmin):
    list_display = ("name", "tournament", "order", "kind", "rounds")
    list_filter = ("kind",)
    search_fields = ("name", "tournament__name", "tournament__slug")
    list_select_related = ("tournament",)
    raw_id_fields = ("tournament",)


@admin.register(Staff)
class StaffAdmin(admin.ModelAdmin):
    list_display = ("user", "tournament", "role", "tables")
    list_filter = ("role",)
    search_fields = ("user__username", "tournament__name", "tournament__slug")
    list_select_related = ("user", "tournament")
    raw_id_fields = ("tournament", "user")


@admin.register(Unit)
class UnitAdmin(admin.ModelAdmin):
    list_display = ("name", "tournament")
    search_fields = ("name", "name_pinyin", "tournament__name", "tournament__slug")
    list_select_related = ("tournament",)
    readonly_fields = ("name_pinyin",)
    raw_id_fields = ("tournament",)


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0
    readonly_fields = ("name_pinyin",)


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ("name", "tournament", "unit", "draw_number", "seed", "status")
    list_filter = ("status",)
    search_fields = ("name", "name_pinyin", "players__name", "tournament__slug")
    list_select_related = ("tournament", "unit")
    readonly_fields = ("name_pinyin", "version", "created_at")
    raw_id_fields = ("tournament", "unit")
    inlines = (PlayerInline,)


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "team", "position", "phone")
    search_fields = ("name", "name_pinyin", "phone", "team__name")
    list_select_related = ("team",)
    readonly_fields = ("name_pinyin",)
    raw_id_fields = ("team",)


@admin.register(ForbiddenPairing)
class ForbiddenPairingAdmin(admin.ModelAdmin):
    list_display = ("team_a", "team_b", "tournament", "note")
    search_fields = ("team_a__name", "team_b__name", "tournament__slug")
    list_select_related = ("team_a", "team_b", "tournament")
    raw_id_fields = ("tournament", "team_a", "team_b")


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("__str__", "tournament", "stage", "status", "stale", "started_at")
    list_filter = ("status", "stale")
    search_fields = ("tournament__name", "tournament__slug", "stage__name")
    list_select_related = ("tournament", "stage")
    readonly_fields = ("version", "change_seq")
    raw_id_fields = ("tournament", "stage")


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("__str__", "state", "ew_level", "ns_level", "forfeit", "winner")
    list_filter = ("state", "mode")
    search_fields = ("ew__name", "ns__name", "round__tournament__slug")
    list_select_related = ("round", "ew", "ns")
    readonly_fields = (
        *("ew_code", "ns_code", "ew_pin", "ns_pin"),
        *("version", "change_seq", "entered_at", "confirmed_at"),
    )
    raw_id_fields = ("round", "ew", "ns", "entered_by", "confirmed_by")


@admin.register(Submission)
class SubmissionAdmin(admin.ModelAdmin):
    list_display = ("match", "source", "submitted_by", "created_at")
    list_filter = ("source",)
    list_select_related = ("match__round", "match__ew", "match__ns", "submitted_by")
    readonly_fields = ("created_at",)
    raw_id_fields = ("match", "submitted_by")


@admin.register(Foul)
class FoulAdmin(admin.ModelAdmin):
    list_display = ("match", "team", "kind", "severity", "levels", "deal_number", "created_at")
    list_filter = ("kind", "severity")
    search_fields = ("team__name", "remark")
    list_select_related = ("match__round", "match__ew", "match__ns", "team")
    readonly_fields = ("created_at",)
    raw_id_fields = ("match", "team", "player", "referee")


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    """The audit log is evidence: it is only read here, never written or deleted."""

    list_display = ("created_at", "tournament", "actor", "action", "summary", "ip")
    list_filter = ("action",)
    search_fields = ("actor", "summary", "object_id", "tournament__slug")
    list_select_related = ("tournament",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False
