"""Online sign-up (报名): the organizer's settings and each pair's application.

Vocabulary
----------
sign-up settings (:class:`SignUpConfig`)
    Whether the public sign-up page is open, until when (deadline), for how many pairs
    (cap), the fee per pair, whether the organizer approves each pair (always, once the
    event has begun: a pair signed up by a script must not be seated by the next pairing)
    and whether a pair must confirm its e-mail address first.
application (:class:`SignUp`)
    What one pair sent through the public page, reached again through its private link
    (``token``). Its ``data`` is a :class:`tournament.registration.services.TeamData` as a dict;
    once accepted the pair is a :class:`~tournament.models.Pair` and that row is the truth.
place
    A pair within the cap: an active pair, or an application waiting for approval.
unconfirmed (待确认邮箱)
    An application whose e-mail address is not confirmed yet (when the organizer asks for
    it): it holds no place and no name until the link mailed to player 1 is opened and its
    button pressed; then it is placed as if it had just arrived (a place or the waiting list).
held (待核实)
    An application that came in a flood (beyond ``SIGNUP_HOLD_PER_ADDRESS`` from its
    address, or while ``SIGNUP_FLOOD_ADDRESSES`` addresses signed up within
    ``SIGNUP_FLOOD_MINUTES``; :func:`tournament.signup.flood.flooded`): it holds no place,
    no name and no rank on the waiting list, and no e-mail is sent to the addresses it
    gave, until the organizer approves it (then it takes a place if one is free, else the
    waiting list in the order it came) or rejects it. A script's sign-ups wait for a person
    instead of filling the cap before the real pairs.
waiting list (候补)
    Applications beyond the cap, in the order they came (``seq``); the first moves up
    when a place is freed (a withdrawal or a rejection).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.event import Tournament
from tournament.models.pairs import Pair


class SignUpConfig(models.Model):
    """One tournament's sign-up settings (created when the organizer first saves them)."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="signup_config"
    )
    is_open = models.BooleanField(_("开放报名"), default=False)
    deadline = models.DateTimeField(_("报名截止时间"), null=True, blank=True)
    cap = models.PositiveIntegerField(_("名额（组合数）"), null=True, blank=True)
    fee = models.DecimalField(_("报名费（元/组合）"), max_digits=8, decimal_places=2, default=0)
    needs_approval = models.BooleanField(_("需要审核"), default=False)
    confirm_email = models.BooleanField(
        _("需确认邮箱"),
        default=False,
        help_text=_("报名者须填写邮箱，并打开邮件中的链接确认后，报名才算数。"),
    )
    payment_qr = models.BinaryField(_("收款码"), null=True, blank=True, editable=False)

    class Meta:
        verbose_name = _("报名设置")
        verbose_name_plural = _("报名设置")

    def __str__(self) -> str:
        return str(self.tournament)


class SignUp(models.Model):
    """One pair's application through the public sign-up page."""

    UNCONFIRMED = "unconfirmed"
    HELD = "held"
    PENDING = "pending"
    WAITING = "waiting"
    APPROVED = "approved"
    REJECTED = "rejected"
    WITHDRAWN = "withdrawn"
    STATE_CHOICES = [
        (UNCONFIRMED, _("待确认邮箱")),
        (HELD, _("待核实")),
        (PENDING, _("待审核")),
        (WAITING, _("候补")),
        (APPROVED, _("报名成功")),
        (REJECTED, _("未通过")),
        (WITHDRAWN, _("已退出")),
    ]
    UNPAID = "unpaid"
    PAID = "paid"
    WAIVED = "waived"
    FEE_CHOICES = [(UNPAID, _("未缴费")), (PAID, _("已缴费")), (WAIVED, _("免缴"))]

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="signups")
    token = models.CharField(max_length=43, unique=True, editable=False)
    seq = models.PositiveIntegerField(_("报名序号"))
    state = models.CharField(_("状态"), max_length=12, choices=STATE_CHOICES)
    data = models.JSONField(default=dict)
    email1 = models.EmailField(_("选手1邮箱"), blank=True)
    email2 = models.EmailField(_("选手2邮箱"), blank=True)
    pair = models.OneToOneField(
        Pair,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="signup",
        db_column="team_id",
    )
    reason = models.CharField(_("未通过原因"), max_length=200, blank=True)
    fee_status = models.CharField(_("报名费"), max_length=8, choices=FEE_CHOICES, default=UNPAID)
    fee_marked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    fee_marked_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # The address the application came from (the organizer rejects a flood by it).
    ip = models.GenericIPAddressField(_("来源地址"), null=True, blank=True)

    class Meta:
        ordering = ["seq"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "seq"], name="signup_seq_unique"),
        ]
        # The sign-up limits count the last hour's applications, of the event and of an address.
        indexes = [
            models.Index(fields=["tournament", "created_at"], name="signup_recent"),
            models.Index(fields=["tournament", "ip", "created_at"], name="signup_recent_ip"),
        ]
        verbose_name = _("网上报名")
        verbose_name_plural = _("网上报名")

    def __str__(self) -> str:
        return self.data.get("name", "")
