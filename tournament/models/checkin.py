"""Check-in (检录): a pair reported at the venue, and pairs marked absent from a round.

Vocabulary
----------
check-in
    A pair came to the desk on the day: when, by which staff member, and how (scanned its
    check-in QR, typed its draw number or a name). At most one per pair; undoing deletes it.
absence
    The organizer, before pairing round *n*, marked a pair that did not check in as absent
    from that round: it is paired as usual and forfeits its table when the round is paired
    (:func:`tournament.signup.checkin.apply_absences`).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.pairs import Pair


class CheckIn(models.Model):
    """One pair's check-in."""

    SCAN = "scan"
    TYPED = "typed"
    METHOD_CHOICES = [(SCAN, _("扫码")), (TYPED, _("输入"))]

    pair = models.OneToOneField(
        Pair, on_delete=models.CASCADE, related_name="checkin", db_column="team_id"
    )
    at = models.DateTimeField(_("检录时间"), auto_now_add=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    method = models.CharField(_("方式"), max_length=8, choices=METHOD_CHOICES)

    class Meta:
        verbose_name = _("检录")
        verbose_name_plural = _("检录")

    def __str__(self) -> str:
        return str(self.pair)


class Absence(models.Model):
    """A pair marked absent (forfeit) for one round before it was paired."""

    pair = models.ForeignKey(
        Pair, on_delete=models.CASCADE, related_name="absences", db_column="team_id"
    )
    round_number = models.PositiveSmallIntegerField(_("轮次"))
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["pair", "round_number"], name="absence_unique"),
        ]
        verbose_name = _("缺席")
        verbose_name_plural = _("缺席")

    def __str__(self) -> str:
        return f"{self.pair} #{self.round_number}"
