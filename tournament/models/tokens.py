"""Staff tokens (接口令牌): per-event keys that let the event's own tools read unpublished data.

Vocabulary
----------
token
    A random secret given once to the organizer; only its SHA-256 digest is stored, so a
    leaked database does not leak working keys. ``prefix`` (its first characters) names
    it on the page. A token is revoked by setting ``revoked_at``; it is never deleted, so
    the audit log keeps pointing at it.
kind
    ``read``: a staff token of the read API, of one event (``tournament``). ``upload``: an
    upload token (上传令牌) the association's server issues for an event's ``slug``, which a
    venue laptop sends its locked rounds with (docs/exchange.md, "Upload"); the event may
    not exist on the server yet, so it has a slug and no ``tournament``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.event import Tournament


class ApiToken(models.Model):
    READ, UPLOAD = "read", "upload"
    KINDS = [(READ, _("接口令牌")), (UPLOAD, _("上传令牌"))]

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="api_tokens", null=True, blank=True
    )
    kind = models.CharField(max_length=8, choices=KINDS, default=READ)
    slug = models.SlugField(max_length=60, blank=True)  # an upload token's event
    name = models.CharField(_("用途"), max_length=60)
    prefix = models.CharField(max_length=8)
    digest = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament_id", "-created_at"]  # by the column: no join (a nullable FK)
        verbose_name = _("接口令牌")
        verbose_name_plural = _("接口令牌")

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @property
    def active(self) -> bool:
        return self.revoked_at is None
