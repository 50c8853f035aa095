"""Persons in the admin: shown, never changed there (merges, unmerges and hiding go through
the people pages and are audited)."""

from __future__ import annotations

from django.contrib import admin

from tournament.core.view_only_admin import ViewOnlyAdmin
from tournament.models import Person, PersonMerge


@admin.register(Person)
class PersonAdmin(ViewOnlyAdmin):
    """Persons across events: merged, unmerged and hidden on the people pages (audited)."""

    list_display = ("name", "number", "phone", "unit", "hidden", "merged_into")
    list_filter = ("hidden",)
    search_fields = ("name", "name_pinyin", "number", "phone")


@admin.register(PersonMerge)
class PersonMergeAdmin(ViewOnlyAdmin):
    list_display = ("kept", "absorbed", "by", "at", "undone_at")
    list_select_related = ("kept", "absorbed", "by")
