"""The site administrator's view of the series (系列赛), registered by tournament.admin.

A series belongs to no event, so its admin page writes no audit line (its settings page
logs the points changes on its events, tournament.series.services). The events of a series
are shown, not edited, here: adding and removing them is logged on the event, through the
series' page or command.
"""

from __future__ import annotations

from django.contrib import admin

from tournament.core.view_only_admin import ViewOnlyAdmin
from tournament.models import Series, SeriesEvent


@admin.register(Series)
class SeriesAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "best_n", "published", "created_by", "created_at")
    search_fields = ("name", "slug")
    readonly_fields = ("created_at",)
    raw_id_fields = ("created_by",)


@admin.register(SeriesEvent)
class SeriesEventAdmin(ViewOnlyAdmin):
    list_display = ("series", "tournament", "event_class", "added_at")
    list_filter = ("event_class",)
