"""Teams (团体) of a team event: their rosters and their line-ups.

Vocabulary (docs/rules.md §16)
------------------------------
entry kind
    What a tournament registers (``Tournament.entry``): ``pairs`` (双人赛, every event
    before team events) or ``teams`` (团体赛).
team
    Two or three pairs (``Tournament.team_pairs``) whose table results are combined, with
    up to two substitutes (``Tournament.substitutes``). Its pairs are ordinary
    :class:`~tournament.models.Pair` rows with ``team`` set, so every table, result,
    referee page and score sheet of a team event is a pairs one.
roster member (队员)
    One player of a team's roster, numbered as the registration sheet lists them: pair 1's
    players 1 and 2, pair 2's players 3 and 4, …, then the substitutes.
registered pairs
    The pairs formed at registration, ``Pair.team_slot`` 1…k: the team's line-up unless it
    is changed.
line-up (出场名单)
    A team's pairs for a round, in table order: the registered pairs, unless a
    :class:`LineUp` changed them for that round (docs/rules.md §16.1). A pair formed by
    a change is a new ``Pair`` of the team (``team_slot`` empty), so each partnership keeps
    its own results for the best-pairs ranking (最佳组合).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.event import Tournament
from tournament.models.pairs import NAME_MAX, Entry, PinyinKeyed, Unit
from tournament.text.titles import listing


class Team(Entry):
    """A team registered in one team event; its status and draw number work as a pair's."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("队名"), max_length=NAME_MAX)
    name_pinyin = models.CharField(max_length=200, editable=False, db_index=True)
    unit = models.ForeignKey(
        Unit,
        verbose_name=_("单位"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="teams",
    )

    class Meta:
        # "tournament_team" is the pairs' table (tournament.models.former_names).
        db_table = "tournament_squad"
        ordering = ["name_pinyin"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="squad_name_unique"),
            models.UniqueConstraint(
                fields=["tournament", "draw_number"], name="squad_draw_number_unique"
            ),
        ]
        verbose_name = _("团体")
        verbose_name_plural = _("团体")

    def __str__(self) -> str:
        return self.name

    def player_names(self) -> str:
        """The roster's names as a list, in the sheet's order."""
        return listing(m.name for m in self.members.all())


class TeamMember(PinyinKeyed, models.Model):
    """One player of a team's roster (队员), ``number`` in the sheet's order."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members")
    number = models.PositiveSmallIntegerField(_("序号"))
    name = models.CharField(_("姓名"), max_length=NAME_MAX)
    name_pinyin = models.CharField(max_length=200, editable=False, db_index=True)
    phone = models.CharField(_("电话"), max_length=30, blank=True)
    person = models.ForeignKey(
        "tournament.Person",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="team_members",
    )
    member_no = models.CharField(_("会员号"), max_length=30, blank=True)

    class Meta:
        ordering = ["team", "number"]
        constraints = [
            models.UniqueConstraint(fields=["team", "number"], name="member_number_unique"),
        ]
        verbose_name = _("队员")
        verbose_name_plural = _("队员")

    def __str__(self) -> str:
        return self.name


class LineUp(models.Model):
    """A team's line-up changed for round ``round_number``: its pairs' ids in table order."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="line_ups")
    round_number = models.PositiveSmallIntegerField(_("轮次"))
    pairs = models.JSONField(_("出场组合"))
    created_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["team", "round_number"]
        constraints = [
            models.UniqueConstraint(fields=["team", "round_number"], name="line_up_round_unique"),
        ]
        verbose_name = _("出场名单")
        verbose_name_plural = _("出场名单")
