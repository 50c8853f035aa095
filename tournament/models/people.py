"""People across events (选手档案): one identity for a player in every event they play.

Vocabulary
----------
person
    A player as the association knows them across events (:class:`Person`; the
    interface says 选手). Identified by the association's number (会员号, ``number``) where
    one exists, else by name + phone (docs/rules.md §18). An event's registration rows
    point at their person: a pair's :class:`~tournament.models.Player`, a team's
    :class:`~tournament.models.TeamMember` and an :class:`~tournament.models.Individual`
    (and the ``Player`` rows a team's line-up or an individual's partnership makes).
member number
    ``member_no`` on those registration rows: the 会员号 as the event's sheet or form gave
    it (blank when none). The person's ``number`` is the one the identity settled on.
merge
    Two persons found to be one (same name and phone, same name and unit: suggested;
    an organizer confirms). The absorbed person's links move to the kept one; the
    absorbed row stays, with ``merged_into`` set, and a :class:`PersonMerge` records
    which rows moved, so an unmerge puts exactly those back.
hidden
    A person who asked not to appear on public pages: their name is replaced there, and
    their player page answers 404 to the public.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.pairs import NAME_MAX, PinyinKeyed

MEMBER_NO_MAX = 30


class Person(PinyinKeyed, models.Model):
    """One player across events."""

    number = models.CharField(
        _("会员号"), max_length=MEMBER_NO_MAX, null=True, blank=True, unique=True
    )
    name = models.CharField(_("姓名"), max_length=NAME_MAX)
    name_pinyin = models.CharField(max_length=200, editable=False, db_index=True)
    # Digits only (tournament.core.identity.phone_key), so "138 0000 0000" and
    # "13800000000" are one phone.
    phone = models.CharField(_("电话"), max_length=30, blank=True, db_index=True)
    unit = models.CharField(_("单位"), max_length=NAME_MAX, blank=True)
    hidden = models.BooleanField(_("不在公开页面显示"), default=False)
    merged_into = models.ForeignKey(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="absorbed"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name_pinyin", "pk"]
        indexes = [models.Index(fields=["name", "phone"], name="person_name_phone")]
        verbose_name = _("选手档案")
        verbose_name_plural = _("选手档案")

    def __str__(self) -> str:
        return self.name


class PersonMerge(models.Model):
    """One confirmed merge: ``absorbed`` into ``kept``, and the rows it moved."""

    kept = models.ForeignKey(Person, on_delete=models.PROTECT, related_name="merges_kept")
    absorbed = models.ForeignKey(Person, on_delete=models.PROTECT, related_name="merges_absorbed")
    # {"players": [ids], "members": [ids], "individuals": [ids]}: what an unmerge moves back.
    moved = models.JSONField(default=dict)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    undone_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-at"]
        verbose_name = _("选手合并")
        verbose_name_plural = _("选手合并")
