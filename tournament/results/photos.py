"""Attaching a score-sheet photo to a table (audited; see :mod:`tournament.results.photo_files`)."""

from __future__ import annotations

from django.core.files.base import ContentFile
from django.db import transaction

from rules.messages import Message
from tournament.core.accounts import actor_label
from tournament.core.actors import Actor
from tournament.core.audit import log_action
from tournament.core.errors import Refused
from tournament.models import ScoreSheetPhoto, Table
from tournament.results.photo_files import MSG_NO_PHOTO, MSG_TOO_MANY, PhotoError, scoresheet_jpeg
from tournament.results.sides import actor_name
from tournament.results.table_write import check_referee
from tournament.spreadsheets.reader import TableFileError, check_size
from tournament.spreadsheets.uploads import upload_limits
from tournament.text.messages.audit import MSG_AUDIT_PHOTO

MAX_PER_TABLE = 10  # a sheet, its back, a correction: more is a mistake or abuse


def attach_photo(table: Table, upload, *, by: Actor) -> ScoreSheetPhoto:
    """Store ``upload`` as a photo of the table's sheet; :class:`PhotoError` when refused."""
    try:
        check_referee(table, by)  # the table rights of every write
    except Refused as exc:
        raise PhotoError(exc.msg) from None
    if upload is None:
        raise PhotoError(MSG_NO_PHOTO)
    try:
        check_size(upload.size or 0, upload_limits())  # refused unread
    except TableFileError as exc:
        raise PhotoError(exc.msg) from None
    if table.photos.count() >= MAX_PER_TABLE:
        raise PhotoError(MSG_TOO_MANY, n=MAX_PER_TABLE)
    jpeg = scoresheet_jpeg(upload.read())
    tournament = table.round.tournament
    with transaction.atomic():
        photo = ScoreSheetPhoto(
            table=table,
            width=jpeg.width,
            height=jpeg.height,
            uploaded_by=by.person,
            source=by.path,
        )
        name = f"{tournament.slug}-r{table.round.number}-t{table.number}.jpg"
        photo.image.save(name, ContentFile(jpeg.data), save=False)
        photo.save()
        log_action(
            tournament=tournament,
            by=by,
            action="photo.add",
            obj=table,
            summary=Message(MSG_AUDIT_PHOTO, {"table": table.number}),
            after={"photo": photo.pk},
            label=actor_name(by.path) or (actor_label(by.user) if by.user else by.path),
        )
    return photo
