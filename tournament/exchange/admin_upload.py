"""A laptop's uploads in the admin: shown, never changed there (the event's 成绩上传 page sets
them, audited); the token is never shown."""

from __future__ import annotations

from django.contrib import admin

from tournament.core.view_only_admin import ViewOnlyAdmin
from tournament.models import Upload


class UploadAdmin(ViewOnlyAdmin):
    list_display = ("tournament", "server_url", "status", "sent_at", "next_try_at", "last_error")
    list_filter = ("status",)
    search_fields = ("tournament__slug", "server_url")
    exclude = ("token", "lease_until")


def register() -> None:
    """Register :class:`UploadAdmin` (called once at start-up, tournament/apps.py)."""
    if not admin.site.is_registered(Upload):
        admin.site.register(Upload, UploadAdmin)
