"""Entries made on a phone and sent with their own key (offline-first table entry).

Vocabulary
----------
entry key
    A key the phone makes for one entry (form field ``entry_key``) before it sends it. The
    phone may send the same entry again (the answer was lost, the network came back): the
    server applies a key once and answers a repeat as it answered the first time.
applied entry
    The record of a key that was applied, written in the same transaction as the save:
    what the first request answered (``answer``) and, for a conflict, what the phone sent
    (``payload``), so both entries are kept.
outcome
    ``applied`` (saved as sent), ``same`` (the table held it already), ``conflict`` (filed
    as a dispute) or ``kept`` (a late entry kept for the record that changed nothing: its
    payload says why, ``payload["kept"]``; before migration 0025 stored as a conflict).
made at / arrived at
    When the phone says the entry was made (``made_at``, checked to a sane range, shown to
    people, never used to order anything) and when the server received it (``created_at``).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.event import Tournament
from tournament.models.rounds import Table


class AppliedEntry(models.Model):
    APPLIED, SAME, CONFLICT, KEPT = "applied", "same", "conflict", "kept"
    OUTCOME_CHOICES = [
        (APPLIED, _("已保存")),
        (SAME, _("与现有成绩相同")),
        (CONFLICT, _("冲突，转裁判长")),
        (KEPT, _("已保留，成绩未改动")),
    ]

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("赛事"), on_delete=models.CASCADE, related_name="+"
    )
    key = models.CharField(_("录入编号"), max_length=64)
    table = models.ForeignKey(
        Table,
        verbose_name=_("对阵"),
        on_delete=models.CASCADE,
        related_name="applied_entries",
        db_column="match_id",
    )
    kind = models.CharField(_("类型"), max_length=12)  # result, sheet, foul, absence
    outcome = models.CharField(_("结果"), max_length=12, choices=OUTCOME_CHOICES)
    answer = models.JSONField(_("答复"), default=dict)
    payload = models.JSONField(_("手机上的录入"), null=True, blank=True)
    made_at = models.DateTimeField(_("手机上录入时间"), null=True, blank=True)
    created_at = models.DateTimeField(_("送达时间"), auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "key"], name="applied_entry_key_once"),
        ]
        verbose_name = _("手机录入")
        verbose_name_plural = _("手机录入")

    def __str__(self) -> str:
        return f"{self.key} · {self.kind} · {self.outcome}"
