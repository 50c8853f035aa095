"""Audit log (操作记录): who changed what, when, from where, before and after."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.event import Tournament
from tournament.models.former_names import FORMER_MODELS, TAKEN_NAMES
from tournament.text.messages import render
from tournament.text.messages.audit import decode


def object_type(model: type[models.Model]) -> str:
    """The ``object_type`` an audit line stores for an object of ``model``: the model's name
    as it was when the log began (a pair is "team", a table "match"), so older lines and
    newer ones are found alike."""
    name = model._meta.model_name
    return FORMER_MODELS.get(name) or TAKEN_NAMES.get(name, name)


class AuditEntry(models.Model):
    # None: an act about no one event (a merge of two players across events, tournament.people).
    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("赛事"),
        on_delete=models.CASCADE,
        related_name="audit",
        null=True,
        blank=True,
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("用户"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    actor = models.CharField(_("操作人"), max_length=150, blank=True)
    ip = models.GenericIPAddressField(_("IP地址"), null=True, blank=True)
    device = models.CharField(_("设备"), max_length=200, blank=True)  # the browser's user agent
    action = models.CharField(_("操作"), max_length=40)
    object_type = models.CharField(_("对象类型"), max_length=40, blank=True)
    object_id = models.CharField(_("对象编号"), max_length=40, blank=True)
    summary = models.CharField(_("说明"), max_length=300, blank=True)
    # The summary as a message (code and parameters, tournament.text.messages.audit), shown in
    # the reader's language; ``summary`` keeps the Chinese sentence (search, older entries).
    summary_message = models.JSONField(_("说明（消息）"), null=True, blank=True)
    before = models.JSONField(_("修改前"), null=True, blank=True)
    after = models.JSONField(_("修改后"), null=True, blank=True)
    created_at = models.DateTimeField(_("时间"), auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        # One object's lines: a table's page lists them (the form every referee's save
        # starts from), and without this index PostgreSQL read every line of the event for
        # it (a 5,000-pair event writes 2,500 a round): 6 ms at 10,000 lines, growing.
        indexes = [
            models.Index(fields=["tournament", "object_type", "object_id"], name="audit_object")
        ]
        verbose_name = _("操作记录")
        verbose_name_plural = _("操作记录")

    def summary_text(self) -> str:
        """The summary in the active language (older entries: as they were written)."""
        if self.summary_message:
            return render(decode(self.summary_message))
        return self.summary

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.actor} {self.action}"
