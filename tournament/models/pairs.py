"""Units (单位/代表队), pairs (组合) and players.

A *pair* is a fixed partnership of two players (对/组合), registered in one tournament;
the rules call it a pair, the interface 组合. (Until migration 0029 the model was called
``Team``; its database table, columns and archive keys keep that name, so nothing moved.
A *team* is now only what the rules call a team: two or more pairs whose results are
combined.)
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournament.models.event import Tournament
from tournament.text.pinyin import pinyin_key
from tournament.text.titles import listing

NAME_MAX = 50
PAIR_NAME_MAX = 120


class PinyinKeyed:
    """A model with a ``name`` found and sorted by its pinyin key (``name_pinyin``).

    The key is made from the name on every save, and by :meth:`with_pinyin` for a bulk
    insert, which skips ``save``.
    """

    def with_pinyin(self):
        """Set ``name_pinyin`` from ``name``; return the object (for bulk inserts)."""
        self.name_pinyin = pinyin_key(self.name)
        return self

    def save(self, *args, **kwargs) -> None:
        self.with_pinyin()
        super().save(*args, **kwargs)


class Unit(PinyinKeyed, models.Model):
    """The club, company or town a pair represents."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="units")
    name = models.CharField(_("单位"), max_length=NAME_MAX)
    name_pinyin = models.CharField(max_length=200, editable=False, db_index=True)

    class Meta:
        ordering = ["name_pinyin"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="unit_name_unique"),
        ]
        verbose_name = _("单位")
        verbose_name_plural = _("单位")

    def __str__(self) -> str:
        return self.name

    @classmethod
    def named(cls, tournament: Tournament, name: str) -> Unit | None:
        """The event's unit of this name (as stored: normalized), made when new; None for
        no name. Pairs, teams and individuals are registered in units through it."""
        if not name:
            return None
        return cls.objects.get_or_create(tournament=tournament, name=name)[0]


class Entry(PinyinKeyed, models.Model):
    """What a pair and a team (tournament.models.teams) share as entries of an event: their
    draw number, seed, status and the round they joined, and the count of their saves."""

    ACTIVE = "active"
    WITHDRAWN = "withdrawn"
    DISQUALIFIED = "disqualified"
    STATUS_CHOICES = [(ACTIVE, _("参赛")), (WITHDRAWN, _("退赛")), (DISQUALIFIED, _("取消资格"))]

    draw_number = models.PositiveIntegerField(_("抽签号"), null=True, blank=True)
    seed = models.PositiveIntegerField(_("种子"), null=True, blank=True)
    status = models.CharField(_("状态"), max_length=12, choices=STATUS_CHOICES, default=ACTIVE)
    joined_round = models.PositiveSmallIntegerField(_("加入轮次"), default=1)
    version = models.PositiveIntegerField(default=1, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True

    @property
    def is_active(self) -> bool:
        return self.status == self.ACTIVE

    def draw_key(self) -> tuple:
        """Where the entry stands before any standings: draw order, then seed, then name."""
        return (self.draw_number or 0, self.seed or 0, self.name_pinyin, self.pk)


class Pair(Entry):
    """A fixed pair registered in one tournament."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pairs")
    # Longer than other names: a team's pair is named after its team ("苏州一队·组合1").
    name = models.CharField(_("队名"), max_length=PAIR_NAME_MAX)
    name_pinyin = models.CharField(max_length=200, editable=False, db_index=True)
    unit = models.ForeignKey(
        Unit,
        verbose_name=_("单位"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="pairs",
    )
    # A team event's pairs (tournament.models.teams): the team, and the place 1…k of a
    # pair formed at registration (empty for a pair formed by a line-up change).
    team = models.ForeignKey(
        "tournament.Team",
        verbose_name=_("团体"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="pairs",
        db_column="squad_id",
    )
    team_slot = models.PositiveSmallIntegerField(_("组合序号"), null=True, blank=True)

    class Meta:
        db_table = "tournament_team"  # the name from when the model was called Team
        ordering = ["name_pinyin"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="team_name_unique"),
            models.UniqueConstraint(
                fields=["tournament", "draw_number"], name="team_draw_number_unique"
            ),
        ]
        verbose_name = _("组合")
        verbose_name_plural = _("组合")

    def __str__(self) -> str:
        return self.name

    def with_unit(self) -> str:
        """The pair's name with its unit, as a list shows it: "广陵二队（扬州市体育总会）"."""
        if not self.unit_id:
            return self.name
        return gettext("%(name)s（%(unit)s）") % {"name": self.name, "unit": self.unit.name}

    def player_names(self) -> str:
        return listing(p.name for p in self.players.all())


class Player(PinyinKeyed, models.Model):
    """One of the two players of a pair; ``position`` is 1 or 2."""

    pair = models.ForeignKey(
        Pair, on_delete=models.CASCADE, related_name="players", db_column="team_id"
    )
    position = models.PositiveSmallIntegerField(_("位置"), choices=[(1, "1"), (2, "2")])
    name = models.CharField(_("姓名"), max_length=NAME_MAX)
    name_pinyin = models.CharField(max_length=200, editable=False, db_index=True)
    phone = models.CharField(_("电话"), max_length=30, blank=True)
    # The player across events (tournament.models.people) and the 会员号 as registered.
    person = models.ForeignKey(
        "tournament.Person",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="seats",
    )
    member_no = models.CharField(_("会员号"), max_length=30, blank=True)
    # In a team event, the roster member (队员) who plays in this pair.
    member = models.ForeignKey(
        "tournament.TeamMember",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="players",
    )

    # In an individual event, the individual this player is (a partnership names two).
    individual = models.ForeignKey(
        "tournament.Individual",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="seats",
    )

    class Meta:
        ordering = ["pair", "position"]
        constraints = [
            models.UniqueConstraint(fields=["pair", "position"], name="player_position_unique"),
            models.CheckConstraint(
                condition=models.Q(position__in=[1, 2]), name="player_position_1_or_2"
            ),
        ]
        verbose_name = _("选手")
        verbose_name_plural = _("选手")

    def __str__(self) -> str:
        return self.name


class ForbiddenPairing(models.Model):
    """Two pairs the organizer keeps apart (回避: relatives, one club's two best pairs).

    A hard constraint of every computer pairing (Swiss rounds and the round-1 draw): the
    two never meet while some pairing avoids it; a table where it cannot be avoided is
    flagged. Stored with ``team_a_id < team_b_id`` so each pairing exists once.
    """

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="forbidden_pairings"
    )
    pair_a = models.ForeignKey(
        Pair, on_delete=models.CASCADE, related_name="+", db_column="team_a_id"
    )
    pair_b = models.ForeignKey(
        Pair, on_delete=models.CASCADE, related_name="+", db_column="team_b_id"
    )
    note = models.CharField(_("原因"), max_length=NAME_MAX, blank=True)

    class Meta:
        ordering = ["pair_a__name_pinyin", "pair_b__name_pinyin"]
        constraints = [
            models.UniqueConstraint(fields=["pair_a", "pair_b"], name="forbidden_pairing_unique"),
            models.CheckConstraint(
                condition=models.Q(pair_a__lt=models.F("pair_b")),
                name="forbidden_pairing_ordered",
            ),
        ]
        verbose_name = _("回避")
        verbose_name_plural = _("回避")

    def __str__(self) -> str:
        return f"{self.pair_a} – {self.pair_b}"
