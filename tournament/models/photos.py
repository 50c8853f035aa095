"""Score-sheet photos (记录表照片): a picture of a table's signed paper sheet.

Vocabulary
----------
score-sheet photo (:class:`ScoreSheetPhoto`)
    A JPEG re-encoded by the app (EXIF and every other metadata dropped, at most
    ``PHOTO_MAX_SIDE`` pixels a side), stored under ``MEDIA_ROOT/sheets/`` and served only
    through a view that checks the reader: the event's staff or one of the table's sides,
    never the public ``MEDIA_URL``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.rounds import Table


class ScoreSheetPhoto(models.Model):
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="photos", db_column="match_id"
    )
    image = models.FileField(_("照片"), upload_to="sheets/%Y/%m/")
    width = models.PositiveIntegerField(default=0)
    height = models.PositiveIntegerField(default=0)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    source = models.CharField(max_length=12)  # referee, table_ew, table_ns
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        # Its table keeps the model's first name (SheetPhoto, migration 0028): no data moved.
        db_table = "tournament_sheetphoto"
        ordering = ["table", "created_at"]
        verbose_name = _("记录表照片")
        verbose_name_plural = _("记录表照片")

    def __str__(self) -> str:
        return f"{self.table} · {self.pk}"
