"""A venue laptop's upload of an event's locked rounds to the association's server
(docs/exchange.md, "Upload"; the sender is :mod:`tournament.exchange.upload_send`).

Vocabulary
----------
upload
    One event's settings and state: the server's address, the upload token (上传令牌) the
    association issued for the event (kept as written: the laptop must send it; the pages
    never show it again), and where the sending stands.
status
    ``off`` (no server set), ``pending`` (待上传: a lock since the last delivery, or a try
    that could not reach the server or got a 5xx: tried again at ``next_try_at``), ``sent``
    (已上传: the server answered 2xx to the newest document) and ``failed`` (上传失败: the
    server refused it with a 4xx, a bad or revoked token say: nothing is retried until the
    organizer changes the settings or presses 立即上传).
generation
    Raised by every lock; a delivery that started before a lock leaves the event 待上传.
lease
    ``lease_until``: the sender that took the event's turn (one thread of one process at a
    time, across the workers of a server); a lease of a sender that died runs out.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.event import Tournament
from tournament.text.messages import render
from tournament.text.messages.audit import decode


class Upload(models.Model):
    OFF, PENDING, SENT, FAILED = "off", "pending", "sent", "failed"
    STATUSES = [
        (OFF, _("未设置上传")),
        (PENDING, _("待上传")),
        (SENT, _("已上传")),
        (FAILED, _("上传失败")),
    ]

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="upload")
    server_url = models.URLField(_("协会服务器地址"), max_length=300, blank=True)
    token = models.CharField(_("上传令牌"), max_length=200, blank=True)
    status = models.CharField(max_length=8, choices=STATUSES, default=OFF)
    attempts = models.PositiveIntegerField(default=0)  # failed tries since the last delivery
    next_try_at = models.DateTimeField(null=True, blank=True)
    last_try_at = models.DateTimeField(null=True, blank=True)
    last_error = models.CharField(max_length=300, blank=True)  # in Chinese (logs, the admin)
    error_message = models.JSONField(null=True, blank=True)  # the same, as a message
    sent_at = models.DateTimeField(null=True, blank=True)
    sent_revision = models.CharField(max_length=80, blank=True)  # the document's revision
    sent_digest = models.CharField(max_length=64, blank=True)  # SHA-256 of what was sent
    sent_rounds = models.PositiveIntegerField(default=0)  # its locked rounds
    lease_until = models.DateTimeField(null=True, blank=True)
    # Counts the locks since the settings were saved: a delivery is 已上传 only when no lock
    # came while it was on its way (the newer rounds would be left unsent).
    generation = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = _("成绩上传")
        verbose_name_plural = _("成绩上传")

    def __str__(self) -> str:
        return f"{self.tournament_id}: {self.status}"

    def error_text(self) -> str:
        """The last error in the active language."""
        if self.error_message:
            return render(decode(self.error_message))
        return self.last_error

    @property
    def configured(self) -> bool:
        return bool(self.server_url and self.token)
