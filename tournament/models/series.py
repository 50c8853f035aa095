"""A series of events (系列赛/联赛) and the events in it (docs/rules.md §20).

Vocabulary
----------
series
    A set of events whose players collect points by their places (:class:`Series`): the
    points table is :mod:`scoring.series_points`, set by ``config`` (JSON; a missing key
    takes the documented default) and ``best_n`` (each person's best N events count).
series event
    One event in a series (:class:`SeriesEvent`) with its class (县级 … 全国), which
    scales its awards. An event may be in several series.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.event import Tournament

EVENT_CLASSES = [
    ("county", _("县级")),
    ("city", _("市级")),
    ("province", _("省级")),
    ("national", _("全国")),
]


class Series(models.Model):
    slug = models.SlugField(_("网址代号"), max_length=60, unique=True)
    name = models.CharField(_("名称"), max_length=100)
    host = models.CharField(_("主办单位"), max_length=100, blank=True)
    # The points table's settings (scoring.series_points.DEFAULT_CONFIG's keys but best_n).
    config = models.JSONField(_("积分设置"), default=dict, blank=True)
    best_n = models.PositiveSmallIntegerField(_("计入最好成绩场数"), default=5)
    certificate_top = models.PositiveSmallIntegerField(_("颁发证书名次"), default=3)
    published = models.BooleanField(_("公开积分榜"), default=False)
    # The players' ratings beside their points on the public standings (docs/rules.md §19.2):
    # off unless the series asks for it, as for an event (Tournament.publish_rating).
    publish_rating = models.BooleanField(_("公开等级分"), default=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("系列赛")
        verbose_name_plural = _("系列赛")

    def __str__(self) -> str:
        return self.name


class SeriesEvent(models.Model):
    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="entries")
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="series_entries"
    )
    event_class = models.CharField(
        _("赛事级别"), max_length=16, choices=EVENT_CLASSES, default="county"
    )
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["added_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["series", "tournament"], name="series_event_once")
        ]
        verbose_name = _("系列赛赛事")
        verbose_name_plural = _("系列赛赛事")
