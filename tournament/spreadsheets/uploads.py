"""The upload limits of this installation (settings ``UPLOAD_MAX_MB`` …) and the file field
that enforces the size cap before a byte of the file is read into memory."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from django import forms
from django.conf import settings
from django.core.files.uploadedfile import UploadedFile

from tournament.spreadsheets.reader import ACCEPT, Limits, TableFileError, check_size

# The views that take a file (``request.FILES``), by URL name: only a request to one of these
# may send a body longer than SMALL_BODY_BYTES (guandan/front.py answers any other 413 before
# reading it). tests/app/core/test_upload_urls.py fails when a view that reads request.FILES
# is missing here. Archive import and restore are commands, not pages.
UPLOAD_URL_NAMES = frozenset(
    {
        "pair_import",  # registration sheet
        "team_import",  # a team event's registration sheet
        "individual_import",  # an individual event's registration sheet
        "results_import",  # results sheet
        "table_photo_add",  # score-sheet photo, referee
        "side_photo_add",  # score-sheet photo, a side's table link
        "tournament_edit",  # certificate background
        "signup_admin",  # payment QR code
    }
)
# The longest body any other request may send: forms and JSON (the sheet API takes 256 KB).
SMALL_BODY_BYTES = 1024 * 1024
UPLOAD_FORM_MARGIN = 1024 * 1024  # the form's other fields and the multipart framing


def body_limit(path: str) -> int:
    """The longest request body accepted for ``path`` (a URL path, as PATH_INFO): the
    largest upload plus a form's worth for the views in :data:`UPLOAD_URL_NAMES`,
    :data:`SMALL_BODY_BYTES` for every other (and for a path that names no view)."""
    from django.urls import Resolver404, resolve

    try:
        table = resolve(path)
    except Resolver404:
        return SMALL_BODY_BYTES
    if table.namespace or table.url_name not in UPLOAD_URL_NAMES:
        return SMALL_BODY_BYTES
    return settings.UPLOAD_MAX_BYTES + UPLOAD_FORM_MARGIN


def upload_limits() -> Limits:
    """The :class:`Limits` every sheet upload is read with."""
    return Limits(
        max_bytes=settings.UPLOAD_MAX_BYTES,
        max_rows=settings.UPLOAD_MAX_ROWS,
        max_seconds=settings.UPLOAD_MAX_SECONDS,
    )


def read_upload(upload: UploadedFile) -> bytes:
    """The file's bytes, or :class:`TableFileError` when it is over the size cap (unread)."""
    check_size(upload.size or 0, upload_limits())
    return upload.read()


def read_file(path: Path, max_bytes: int | None = None) -> bytes:
    """A file given on the command line, refused unread when over the cap (default the
    sheet cap ``UPLOAD_MAX_MB``)."""
    limits = upload_limits()
    if max_bytes is not None:
        limits = replace(limits, max_bytes=max_bytes)
    check_size(path.stat().st_size, limits)
    with path.open("rb") as handle:
        return handle.read(limits.max_bytes + 1)  # the file may grow after the check


class BoundedFileField(forms.FileField):
    """A file field refusing files over ``UPLOAD_MAX_MB`` with a message naming the limit."""

    def clean(self, data, initial=None):
        upload = super().clean(data, initial)
        if upload:
            try:
                check_size(upload.size or 0, upload_limits())
            except TableFileError as exc:
                raise forms.ValidationError(str(exc), code="too_big") from None
        return upload


# The file picker offers every sheet format the reader takes (the content decides, not this).
SPREADSHEET_PICKER = forms.ClearableFileInput(attrs={"accept": ACCEPT})
