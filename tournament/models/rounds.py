"""Rounds (轮次) and matches (台/对阵): who plays whom, where, and the result.

Vocabulary
----------
round
    One round of a stage, numbered 1… across the whole tournament. Its ``status`` walks
    draft → published → in_play → entered → confirmed → locked.
match
    One table of a round: the East–West pair against the North–South pair, or a bye
    (``ns`` empty, no table number). It holds the result as entered (final levels or the
    deal-by-deal sheet), its state, and a ``version`` for optimistic locking.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import connections, models, router
from django.utils.translation import gettext_lazy as _

from rules.levels import LEVELS
from rules.sides import EW, NS
from rules.steps import FOUL_KINDS, MAX_LEVELS
from tournament.models import table_guard
from tournament.models.event import Stage, Tournament
from tournament.models.pairs import Pair, Player
from tournament.models.result_values import FORFEITS
from tournament.text.messages import render
from tournament.text.messages.audit import table_ref
from tournament.text.titles import number_title

# The side labels, the one place the app writes them (forms, pages, the activity log).
SIDE_CHOICES = [("EW", _("东西")), ("NS", _("南北"))]
BOTH_SIDES = _("双方")  # a forfeit of both sides
SIDES = (EW, NS)
# A stored level is empty (no result yet) or one of the rules' levels (one source).
LEVEL_VALUES = ("", *LEVELS)


class Round(models.Model):
    DRAFT = "draft"
    PUBLISHED = "published"
    IN_PLAY = "in_play"
    ENTERED = "entered"
    CONFIRMED = "confirmed"
    LOCKED = "locked"
    STATUS_CHOICES = [
        (DRAFT, _("草稿")),
        (PUBLISHED, _("已公布")),
        (IN_PLAY, _("比赛中")),
        (ENTERED, _("成绩已录完")),
        (CONFIRMED, _("已确认")),
        (LOCKED, _("已锁定")),
    ]

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField(_("轮次"))
    status = models.CharField(_("状态"), max_length=10, choices=STATUS_CHOICES, default=DRAFT)
    seed = models.BigIntegerField(_("编排种子"), default=0)
    started_at = models.DateTimeField(_("开始时间"), null=True, blank=True)
    stale = models.BooleanField(
        _("依据已修改的成绩编排"),
        default=False,
        help_text=_("之前某轮成绩解锁修改后，本轮对阵可能需要复核"),
    )
    version = models.PositiveIntegerField(default=1, editable=False)
    # The number of the latest table change of this round (see ``Table.save``): live pages
    # ask for the tables changed after the number they hold.
    change_seq = models.PositiveBigIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_number_unique"),
        ]
        verbose_name = _("轮次")
        verbose_name_plural = _("轮次")

    def __str__(self) -> str:
        return number_title(self.number)

    def stage_problem(self) -> str | None:
        """Why the round's stage does not fit it (another tournament's stage), or None.

        The database cannot say it (Django has no composite foreign key), so the model
        does: ``clean`` for forms and the admin, ``save`` for every service.
        """
        if self.stage_id is None or self.tournament_id is None:
            return None
        if Round.stage.is_cached(self):
            owner = self.stage.tournament_id
        else:
            owner = Stage.objects.filter(pk=self.stage_id).values_list("tournament", flat=True)
            owner = owner.first()
        if owner == self.tournament_id:
            return None
        return _("轮次的阶段必须属于同一赛事")

    def clean(self) -> None:
        super().clean()
        problem = self.stage_problem()
        if problem:
            raise ValidationError({"stage": problem})

    def save(self, *args, **kwargs) -> None:
        """Save, never writing ``change_seq`` back from a possibly older copy in memory,
        and never with another tournament's stage.

        The counter only moves through :func:`next_change_seq`; a full save of a round
        loaded before a table changed must not turn it back.
        """
        fields = kwargs.get("update_fields")
        if fields is None or {"stage", "stage_id", "tournament", "tournament_id"} & set(fields):
            problem = self.stage_problem()
            if problem:
                raise ValidationError({"stage": problem})
        if not self._state.adding and kwargs.get("update_fields") is None:
            kwargs["update_fields"] = [
                f.name
                for f in self._meta.concrete_fields
                if not f.primary_key and f.name != "change_seq"
            ]
        super().save(*args, **kwargs)


def next_change_seq(round_id: int) -> int:
    """Advance the round's change counter and return the new value.

    One statement (``UPDATE … RETURNING``) where the database has it, as PostgreSQL and
    SQLite 3.35+ do: a table's save holds its round's lock while it runs, so every round trip
    saved shortens the queue of the other referees' saves (bench/public_load.py).
    """
    connection = connections[router.db_for_write(Round)]
    # The two databases the app runs on (config/env.py) have UPDATE … RETURNING exactly when
    # they have INSERT … RETURNING: PostgreSQL always, SQLite from 3.35.
    if not connection.features.can_return_rows_from_bulk_insert:
        Round.objects.filter(pk=round_id).update(change_seq=models.F("change_seq") + 1)
        return Round.objects.values_list("change_seq", flat=True).get(pk=round_id)
    table, pk, column = (
        connection.ops.quote_name(name)
        for name in (Round._meta.db_table, Round._meta.pk.column, "change_seq")
    )
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} SET {column} = {column} + 1 WHERE {pk} = %s RETURNING {column}",
            [round_id],
        )
        return cursor.fetchone()[0]


def new_entry_code() -> str:
    return secrets.token_urlsafe(9)


def new_side_pin() -> str:
    """A side's PIN (4 digits), printed only on that side's slip; needed to confirm."""
    return f"{secrets.randbelow(10_000):04d}"


class TableQuerySet(models.QuerySet):
    """Tables; an update or bulk update of their result fields asks the model's net
    (:mod:`tournament.models.table_guard`): only tables the rule was asked about."""

    def ruled(self, pks: list[int]) -> TableQuerySet:
        """The tables ``pks``, ruled (checked at the update, with no read to find them)."""
        found = self.filter(pk__in=pks)
        found.ruled_pks = pks
        return found

    def update(self, **kwargs) -> int:
        table_guard.check_update(self, kwargs)
        return super().update(**kwargs)

    def bulk_update(self, objs, fields, batch_size=None) -> int:
        objs = list(objs)
        with table_guard.checked_bulk(objs, fields):
            return super().bulk_update(objs, fields, batch_size=batch_size)


class Table(models.Model):
    EMPTY = "empty"
    IN_PLAY = "in_play"
    ENTERED = "entered"
    CONFIRMED = "confirmed"
    DISPUTED = "disputed"
    STATE_CHOICES = [
        (EMPTY, _("未开始")),
        (IN_PLAY, _("比赛中")),
        (ENTERED, _("已录入")),
        (CONFIRMED, _("已确认")),
        (DISPUTED, _("有争议")),
    ]
    MODE_CHOICES = [("final", _("终局级数")), ("deals", _("逐副记录"))]

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveIntegerField(_("台号"), null=True, blank=True, db_column="table")
    # A team event's team match (团体对阵) this table belongs to, numbered from 1 in its
    # round (docs/rules.md §16.2); empty in a pairs event and for byes.
    team_match = models.PositiveSmallIntegerField(_("团体对阵"), null=True, blank=True)
    ew = models.ForeignKey(Pair, on_delete=models.PROTECT, related_name="ew_tables")
    ns = models.ForeignKey(
        Pair, on_delete=models.PROTECT, related_name="ns_tables", null=True, blank=True
    )
    flags = models.JSONField(default=list, blank=True)
    # A knockout table's place in the bracket: the bracket match (``pairing.bracket`` ids,
    # "R2-1", "3rd") and which game of that match it is (from 1; 0 outside a knockout).
    bracket_id = models.CharField(_("淘汰赛场次"), max_length=8, blank=True)
    bracket_game = models.PositiveSmallIntegerField(_("淘汰赛第几局"), default=0)
    # The result as entered.
    state = models.CharField(_("状态"), max_length=10, choices=STATE_CHOICES, default=EMPTY)
    mode = models.CharField(_("录入方式"), max_length=6, choices=MODE_CHOICES, default="final")
    deals = models.JSONField(_("逐副记录"), default=list, blank=True)
    # When each line of ``deals`` was first saved (ISO times, same order): pace alerts.
    deal_times = models.JSONField(default=list, blank=True, editable=False)
    games = models.JSONField(_("淘汰赛各局"), default=list, blank=True)
    ew_level = models.CharField(_("东西级数"), max_length=3, blank=True)
    ns_level = models.CharField(_("南北级数"), max_length=3, blank=True)
    forfeit = models.CharField(_("弃权方"), max_length=4, blank=True)
    defeat_side = models.CharField(_("判负方"), max_length=2, blank=True)
    defeat_reason = models.CharField(_("判负原因"), max_length=16, blank=True)
    ew_fouls = models.PositiveSmallIntegerField(_("东西犯规"), default=0)
    ns_fouls = models.PositiveSmallIntegerField(_("南北犯规"), default=0)
    winner = models.CharField(_("胜方"), max_length=2, blank=True)
    passed_at = models.TimeField(_("过A时间"), null=True, blank=True)
    pass_upgrade = models.PositiveSmallIntegerField(
        _("过A一副的升级数"),
        null=True,
        blank=True,
        help_text=_("100+级差计分：过A按A加该副升级数计"),
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_via = models.CharField(max_length=12, blank=True)
    entered_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    confirmed_via = models.CharField(max_length=12, blank=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    ew_code = models.CharField(max_length=16, default=new_entry_code, editable=False)
    ns_code = models.CharField(max_length=16, default=new_entry_code, editable=False)
    ew_pin = models.CharField(max_length=6, default=new_side_pin, editable=False)
    ns_pin = models.CharField(max_length=6, default=new_side_pin, editable=False)
    version = models.PositiveIntegerField(default=1, editable=False)
    change_seq = models.PositiveBigIntegerField(default=0, editable=False)

    objects = TableQuerySet.as_manager()

    class Meta:
        db_table = "tournament_match"  # the name from when the model was called Match
        ordering = ["round", "number"]
        # A round's counts by state (round control's summary, every save's "a table still
        # to enter?") read from this index alone, not from the tables' rows.
        # The tables of a round with a score sheet (round control's pace, read on every
        # look while the round is in play): most rounds have none, and the pace query then
        # reads no table at all instead of every table's sheet.
        indexes = [
            models.Index(fields=["round", "state", "ns"], name="match_round_state"),
            models.Index(fields=["round"], condition=~models.Q(deals=[]), name="match_with_sheet"),
        ]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="match_table_unique"),
            # NULL ns (a bye) makes the comparison NULL, which a CHECK lets through.
            models.CheckConstraint(
                condition=~models.Q(ew=models.F("ns")), name="match_sides_differ"
            ),
            # A bye has no table, and every played table has a number.
            models.CheckConstraint(
                condition=models.Q(number__isnull=True, ns__isnull=True)
                | models.Q(number__isnull=False, ns__isnull=False),
                name="match_table_iff_opponent",
            ),
            models.CheckConstraint(
                condition=models.Q(ew_level__in=LEVEL_VALUES, ns_level__in=LEVEL_VALUES),
                name="match_levels_known",
            ),
            models.CheckConstraint(
                condition=models.Q(winner__in=("", *SIDES)), name="match_winner_side"
            ),
            models.CheckConstraint(
                condition=models.Q(defeat_side__in=("", *SIDES)), name="match_defeat_side"
            ),
            models.CheckConstraint(
                condition=models.Q(forfeit__in=FORFEITS), name="match_forfeit_side"
            ),
        ]
        verbose_name = _("对阵")
        verbose_name_plural = _("对阵")

    def __str__(self) -> str:
        return render(table_ref(self))  # the activity log's wording, in the active language

    @property
    def is_bye(self) -> bool:
        return self.ns_id is None

    def save(self, *args, **kwargs) -> None:
        """Save, taking the round's next change number when an existing table changes.

        Every result service locks the round row before the table row, so the numbers are
        handed out in commit order: a page that has seen change *n* misses nothing by asking
        for the changes after *n*. New tables (a fresh draft) need no number: publishing
        the round changes its version, and pages reload on that.
        """
        # The model's net under the write rule: a result changes only on a ruled table.
        table_guard.check_save(self, kwargs.get("update_fields"))
        if not self._state.adding:
            self.change_seq = next_change_seq(self.round_id)
            fields = kwargs.get("update_fields")
            if fields is not None:
                kwargs["update_fields"] = {*fields, "change_seq"}
        super().save(*args, **kwargs)

    @property
    def has_result(self) -> bool:
        return self.state in (self.ENTERED, self.CONFIRMED)


class Submission(models.Model):
    """One person's entry of a table's result; two that differ make a dispute."""

    table = models.ForeignKey(
        Table,
        verbose_name=_("对阵"),
        on_delete=models.CASCADE,
        related_name="submissions",
        db_column="match_id",
    )
    values = models.JSONField(_("成绩"))
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("提交人"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    source = models.CharField(_("来源"), max_length=12)
    created_at = models.DateTimeField(_("时间"), auto_now_add=True)

    class Meta:
        ordering = ["table", "created_at"]
        verbose_name = _("成绩提交")
        verbose_name_plural = _("成绩提交")

    def __str__(self) -> str:
        return f"{self.table} · {self.source}"


class Foul(models.Model):
    """A foul or warning written in a round's foul log (docs/rules.md §7)."""

    # The kinds and their labels are the rules engine's (one source, docs/rules.md §7).
    KIND_CHOICES = [(key, _(label)) for key, label in FOUL_KINDS.items()]
    SEVERITY_CHOICES = [("warning", _("警告")), ("foul", _("犯规"))]

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="fouls", db_column="match_id"
    )
    pair = models.ForeignKey(
        Pair, on_delete=models.CASCADE, related_name="fouls", db_column="team_id"
    )
    player = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True, blank=True)
    kind = models.CharField(_("类型"), max_length=12, choices=KIND_CHOICES)
    severity = models.CharField(_("处理"), max_length=8, choices=SEVERITY_CHOICES)
    levels = models.SmallIntegerField(_("级数处罚"), default=0)
    deal_number = models.PositiveSmallIntegerField(_("第几副"), null=True, blank=True)
    referee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    remark = models.CharField(_("备注"), max_length=200, blank=True)
    created_at = models.DateTimeField(_("时间"), auto_now_add=True)

    class Meta:
        ordering = ["table", "created_at"]
        constraints = [
            # The rules' bound on a penalty in levels (rules.steps.MAX_LEVELS).
            models.CheckConstraint(
                condition=models.Q(levels__gte=-MAX_LEVELS, levels__lte=MAX_LEVELS),
                name="foul_levels_range",
            ),
        ]
        verbose_name = _("犯规记录")
        verbose_name_plural = _("犯规记录")
