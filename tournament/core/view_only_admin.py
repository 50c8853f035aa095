"""The admin's read-only pages: rows shown to the site administrator and changed only through
the app's own pages and services, which check who may act and write the audit."""

from __future__ import annotations

from django.contrib import admin


class ViewOnlyAdmin(admin.ModelAdmin):
    """Shown to the administrator; never added, changed or deleted in the admin."""

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
