"""Players entered alone in an individual event (个人赛, docs/rules.md §17).

Vocabulary
----------
individual
    One person registered alone (:class:`Individual`): name, unit, phone, and the entry
    fields a pair has (draw number, status, …).
partnership
    Two individuals who sit on one side of a table in some round: an ordinary
    :class:`~tournament.models.Pair` of the event whose two players name them
    (``Player.individual``), named "甲/乙". Made when a round first seats the two together
    and reused if they ever partner again, so every table, result, referee page and score
    sheet of an individual event is a pairs one.
own entry
    Each individual's own :class:`~tournament.models.Pair` of one player
    (``Individual.own``, named as the individual): what check-in, an absence and a
    sit-out (a bye row) are written against.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.event import Tournament
from tournament.models.pairs import NAME_MAX, Entry, Pair, Unit


class Individual(Entry):
    """A player registered alone in one individual event."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="individuals")
    name = models.CharField(_("姓名"), max_length=NAME_MAX)
    name_pinyin = models.CharField(max_length=200, editable=False, db_index=True)
    unit = models.ForeignKey(
        Unit,
        verbose_name=_("单位"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="individuals",
    )
    phone = models.CharField(_("电话"), max_length=30, blank=True)
    person = models.ForeignKey(
        "tournament.Person",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="individuals",
    )
    member_no = models.CharField(_("会员号"), max_length=30, blank=True)
    own = models.OneToOneField(
        Pair,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="individual",
        editable=False,
    )

    class Meta:
        ordering = ["name_pinyin"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="individual_name_unique"),
            models.UniqueConstraint(
                fields=["tournament", "draw_number"], name="individual_draw_number_unique"
            ),
        ]
        verbose_name = _("个人选手")
        verbose_name_plural = _("个人选手")

    def __str__(self) -> str:
        return self.name

    def player_names(self) -> str:
        """As a pair's or a team's players on a list: the individual's own name."""
        return self.name
