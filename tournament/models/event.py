"""Tournament (赛事), its stages (阶段) and the people who run it.

Vocabulary
----------
tournament
    One event: its dates, venue, and every rule option (see :mod:`tournament.text.options`).
stage
    A block of rounds with one format: e.g. 7 Swiss rounds, then a knockout of the top 8.
staff
    A user with a role in one tournament: chief referee (裁判长) or referee (裁判).
    The organizer (编排/赛事组织) is the tournament's owner.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from rules.profiles import PROFILES
from tournament.text import options as opt
from tournament.text.messages import render

TEAM_OPTIONS = ("entry", "team_pairs", "substitutes", "team_rank", "team_tiebreaks")
INDIVIDUAL_OPTIONS = ("individual_tiebreaks",)


def _choices(mapping: dict) -> list[tuple[str, str]]:
    # Labels are Chinese msgids; the English catalogue translates them.
    return [(key, _(label)) for key, label in mapping.items()]


def default_tiebreaks() -> list[str]:
    return list(opt.DEFAULT_TIEBREAKS)


def default_team_tiebreaks() -> list[str]:
    return list(opt.DEFAULT_TEAM_TIEBREAKS)


def default_individual_tiebreaks() -> list[str]:
    return list(opt.DEFAULT_INDIVIDUAL_TIEBREAKS)


def default_award_tiers() -> list[list]:
    return [list(t) for t in opt.DEFAULT_AWARD_TIERS]


class Tournament(models.Model):
    """One event and all its rule options."""

    name = models.CharField(_("赛事名称"), max_length=120)
    slug = models.SlugField(_("网址代号"), max_length=60, unique=True)
    start_date = models.DateField(_("开始日期"), null=True, blank=True)
    end_date = models.DateField(_("结束日期"), null=True, blank=True)
    venue = models.CharField(_("比赛地点"), max_length=120, blank=True)
    host = models.CharField(_("主办单位"), max_length=120, blank=True)
    organizer = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("编排/组织者"),
        on_delete=models.PROTECT,
        related_name="organized_tournaments",
    )
    format = models.CharField(
        _("赛制"), max_length=16, choices=_choices(opt.FORMATS), default="swiss"
    )
    rounds = models.PositiveSmallIntegerField(_("轮数"), default=7)
    levels = models.CharField(
        _("升级规则"), max_length=16, choices=_choices(opt.LEVEL_PRESETS), default="jiangsu"
    )
    pass_a = models.CharField(
        _("过A条件"), max_length=20, choices=_choices(opt.PASS_A), default="partner_not_last"
    )
    a_fail = models.CharField(
        _("打A失败"), max_length=20, choices=_choices(opt.A_FAIL), default="unlimited"
    )
    time_limit = models.PositiveSmallIntegerField(_("每轮时限（分钟）"), default=60)
    at_time = models.CharField(
        _("到时规则"), max_length=16, choices=_choices(opt.AT_TIME), default="finish_deal"
    )
    games = models.PositiveSmallIntegerField(
        _("淘汰赛每场局数"), choices=_choices(opt.GAMES), default=1
    )
    scoring = models.CharField(
        _("计分方法"), max_length=16, choices=_choices(opt.SCORING), default="points26"
    )
    bye_policy = models.CharField(
        _("轮空计分"), max_length=16, choices=_choices(opt.BYE_POLICIES), default="forfeit_win"
    )
    late_minutes = models.PositiveSmallIntegerField(_("迟到判负（分钟）"), default=10)
    seating = models.CharField(
        _("座位规则"), max_length=10, choices=_choices(opt.SEATING), default="first_ew"
    )
    avoid_same_unit = models.CharField(
        _("同单位回避"), max_length=6, choices=_choices(opt.SAME_UNIT), default="off"
    )
    hundred_forfeit = models.PositiveSmallIntegerField(_("100+弃权得分"), default=105)
    hundred_at_time = models.CharField(
        _("100+到时无人过A"),
        max_length=16,
        choices=_choices(opt.HUNDRED_AT_TIME),
        default="climbed_only",
    )
    three_fouls_defeat = models.BooleanField(_("一轮累计三次犯规判负"), default=False)
    two_warnings = models.CharField(
        _("两次警告判犯规"),
        max_length=16,
        choices=_choices(opt.TWO_WARNINGS),
        default="gestures_only",
    )
    delay = models.CharField(
        _("超时（拖延）"), max_length=10, choices=_choices(opt.DELAY), default="warning"
    )
    out_of_turn = models.CharField(
        _("越序出牌"), max_length=20, choices=_choices(opt.OUT_OF_TURN), default="foul_plus1"
    )
    time_tie = models.CharField(
        _("到时级数相同"), max_length=16, choices=_choices(opt.TIME_TIE), default="draw"
    )
    late_disqualify = models.BooleanField(_("连续两轮以上迟到取消资格"), default=False)
    profile = models.CharField(
        _("赛制模板"),
        max_length=24,
        choices=_choices(opt.PROFILE_CHOICES),
        blank=True,
        help_text=_("创建赛事时所选的模板；之后每项设置仍可修改"),
    )
    tiebreaks = models.JSONField(_("排名依据"), default=default_tiebreaks)
    award_tiers = models.JSONField(_("奖项设置"), default=default_award_tiers)
    unit_best_k = models.PositiveSmallIntegerField(_("单位团体计前几对"), default=2)
    # A team event (docs/rules.md §16): what is registered, and how teams are ranked.
    entry = models.CharField(
        _("参赛单位"), max_length=12, choices=_choices(opt.ENTRIES), default="pairs"
    )
    team_pairs = models.PositiveSmallIntegerField(
        _("每队组合数"), choices=[(n, str(n)) for n in opt.TEAM_PAIRS], default=2
    )
    substitutes = models.PositiveSmallIntegerField(_("每队替补人数"), default=opt.MAX_SUBSTITUTES)
    team_rank = models.CharField(
        _("团体排名"),
        max_length=16,
        choices=_choices(opt.TEAM_RANK_CHOICES),
        default="match_points",
    )
    team_tiebreaks = models.JSONField(_("团体排名依据"), default=default_team_tiebreaks)
    individual_tiebreaks = models.JSONField(_("个人排名依据"), default=default_individual_tiebreaks)
    lot_seed = models.BigIntegerField(_("抽签种子"), default=0)
    draw_seed = models.BigIntegerField(_("抽签号种子"), null=True, blank=True)
    confirmation_required = models.BooleanField(_("成绩需他人确认"), default=True)
    table_entry = models.BooleanField(_("选手扫码录入成绩"), default=False)
    publish_pairings = models.BooleanField(_("公开对阵"), default=False)
    publish_standings = models.BooleanField(_("公开成绩"), default=False)
    # Ratings (tournament.ratings, docs/rules.md §19): round 1's draw numbers from the
    # entries' ratings instead of by lot, and the ratings shown on this event's public pages.
    seed_by_rating = models.BooleanField(
        _("首轮按等级分编排"),
        default=False,
        help_text=_("抽签号按等级分排定：第1轮强弱相对，强手首轮不相遇（规则说明 §19）"),
    )
    publish_rating = models.BooleanField(_("公开等级分"), default=False)
    print_language = models.CharField(
        _("打印语言"),
        max_length=8,
        choices=[("zh-hans", "中文"), ("en", "English")],
        default="zh-hans",
        help_text=_("对阵表、记录表、成绩公告和证书等打印件所用的语言"),
    )
    certificate_background = models.ImageField(
        _("证书背景图"), upload_to="certificates/", null=True, blank=True
    )
    # The hall's projector (tournament/rounds/views_projector.py): the pages it shows in turn.
    projector_pages = models.CharField(
        _("投影轮播内容"), max_length=40, default="pairings", blank=True
    )
    projector_seconds = models.PositiveSmallIntegerField(
        _("投影翻页间隔（秒）"),
        default=12,
        validators=[MinValueValidator(5), MaxValueValidator(120)],
    )
    projector_sponsor = models.ImageField(
        _("赞助商图片"), upload_to="sponsors/", null=True, blank=True
    )
    version = models.PositiveIntegerField(default=1, editable=False)
    # Bumped (never saved from memory) by every change the public pages show: see
    # tournament/core/stamps.py. With ``updated_at`` it keys the caches and the ETags.
    stamp = models.PositiveBigIntegerField(default=0, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # The event's identity across installations (the exchange file, tournament/exchange): given
    # where the event is made, kept by its archive and its exchange file (docs/exchange.md).
    exchange_uid = models.UUIDField(default=uuid.uuid4, editable=False, db_index=True)
    # An event imported from an exchange file: that file's revision (None: made here).
    exchange_revision = models.PositiveBigIntegerField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("赛事")
        verbose_name_plural = _("赛事")

    def __str__(self) -> str:
        return self.name

    @property
    def is_individual_event(self) -> bool:
        """An individual event (个人赛): players alone, partners rotating (docs/rules.md §17)."""
        return self.entry == "individuals"

    @property
    def is_team_event(self) -> bool:
        """A team event (团体赛): teams of pairs, results combined (docs/rules.md §16)."""
        return self.entry == "teams"

    @property
    def entries(self):
        """What the event registers, draws and pairs: its teams (docs/rules.md §16.5), its
        individuals (§17.1) or its pairs, as a queryset."""
        if self.is_team_event:
            return self.teams.all()
        return self.individuals.all() if self.is_individual_event else self.pairs.all()

    OPTION_FIELDS = (
        *(key for key in PROFILES["swiss_points26"] if key != "profile"),
        "unit_best_k",
        *TEAM_OPTIONS,
        *INDIVIDUAL_OPTIONS,
        "profile",
    )
    """Every rule option: the options a profile sets (rules.profiles), and two more."""

    def save(self, *args, **kwargs) -> None:
        # ``stamp`` only moves through tournament.core.stamps.bump_stamp (an F() update): saving
        # the copy read earlier must not put back an older stamp and revive stale caches.
        if (
            not self._state.adding
            and not kwargs.get("force_insert")
            and not kwargs.get("update_fields")
        ):
            kwargs["update_fields"] = [
                f.name
                for f in self._meta.concrete_fields
                if not f.primary_key and f.name != "stamp"
            ]
        super().save(*args, **kwargs)

    def option_values(self) -> dict:
        """The rule options as plain data, for :func:`tournament.text.options.validate_options`."""
        return {name: getattr(self, name) for name in self.OPTION_FIELDS}

    def clean(self) -> None:
        errors: dict[str, list[str]] = {}
        for problem in opt.validate_options(self.option_values()):
            errors.setdefault(problem.field, []).append(render(problem.message))
        if self.start_date and self.end_date and self.end_date < self.start_date:
            errors.setdefault("end_date", []).append(_("结束日期不能早于开始日期"))
        if errors:
            raise ValidationError(errors)


class Staff(models.Model):
    """A user's role in one tournament (the organizer is ``Tournament.organizer``)."""

    CHIEF_REFEREE = "chief_referee"
    REFEREE = "referee"
    ROLE_CHOICES = [(CHIEF_REFEREE, _("裁判长")), (REFEREE, _("裁判"))]

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="staff")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="roles"
    )
    role = models.CharField(_("角色"), max_length=16, choices=ROLE_CHOICES)
    tables = models.CharField(
        _("负责台号"), max_length=200, blank=True, help_text=_("如 1-10,15；留空表示全部台")
    )
    # The display name in this event (see tournament.core.accounts.display_name): renaming a
    # referee in one event must not rename them in the others. Empty: the account's own.
    name = models.CharField(_("显示名"), max_length=150, blank=True, default="")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="staff_user_unique"),
        ]
        verbose_name = _("裁判人员")
        verbose_name_plural = _("裁判人员")

    def __str__(self) -> str:
        return f"{self.user} · {self.get_role_display()}"


class Stage(models.Model):
    """A block of rounds with one format; stages run in ``order``."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="stages")
    order = models.PositiveSmallIntegerField(_("顺序"), default=1)
    name = models.CharField(_("阶段名称"), max_length=60)
    kind = models.CharField(_("赛制"), max_length=16, choices=_choices(opt.STAGE_KINDS))
    rounds = models.PositiveSmallIntegerField(_("轮数"), default=1)
    qualify = models.JSONField(
        _("晋级规则"), default=dict, blank=True, help_text=_('例如 {"top": 8}')
    )
    state = models.JSONField(default=dict, blank=True, help_text="bracket or groups, as plain data")
    # A knockout stage's own number of games per match (1 or 3); None: the event's ``games``.
    # A Swiss event may end with a best-of-three knockout (docs/rules.md §11.8).
    games = models.PositiveSmallIntegerField(_("每场局数"), null=True, blank=True)
    places_by_time = models.BooleanField(
        _("按过A时间决定名次"),
        default=False,
        help_text=_("裁判记录每台过A的时间，先过A者名次在前（规则说明 §5.5）"),
    )

    class Meta:
        ordering = ["tournament", "order"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "order"], name="stage_order_unique"),
        ]
        verbose_name = _("阶段")
        verbose_name_plural = _("阶段")

    def __str__(self) -> str:
        return self.name

    @property
    def games_per_match(self) -> int:
        """Games per match of this stage: its own number, else the event's."""
        return self.games or self.tournament.games
