"""The projector's settings on the event's settings page: the pages the hall's screen shows
in turn (standings, the round's pairings, a sponsor's image), how long each stays, and the
sponsor's image, checked for size and type before it is stored in MEDIA."""

from __future__ import annotations

from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.text.messages import render

PROJECTOR_PAGES = {
    "standings": gettext_lazy("成绩排名"),
    "pairings": gettext_lazy("本轮对阵"),
    "sponsor": gettext_lazy("赞助商图片"),
}
# Pillow's format name → the type the image is served with.
SPONSOR_TYPES = {"PNG": "image/png", "JPEG": "image/jpeg", "WEBP": "image/webp"}
SPONSOR_MAX_MB = 5
SPONSOR_MAX_PIXELS = 40_000_000  # a 8,000 × 5,000 poster; more is a decompression bomb
PROJECTOR_FIELDS = ["projector_pages", "projector_seconds", "projector_sponsor"]


def page_list(value: str) -> list[str]:
    """The chosen pages, in the order the screen shows them.

    >>> page_list("sponsor,standings,bogus")
    ['standings', 'sponsor']
    """
    chosen = {word.strip() for word in (value or "").split(",")}
    return [key for key in PROJECTOR_PAGES if key in chosen]


MSG_SPONSOR_IMAGE = "form_sponsor_image"  # text in tournament/text/messages/people.py


def sponsor_error() -> str:
    return render(MSG_SPONSOR_IMAGE, mb=SPONSOR_MAX_MB)


def sponsor_refused(upload) -> bool:
    """Whether an upload is over the size cap or not a PNG/JPEG/WebP image (by its content);
    False for no new upload (the stored image kept, or cleared)."""
    if not isinstance(upload, UploadedFile):
        return False
    if (upload.size or 0) > SPONSOR_MAX_MB * 1024 * 1024:
        return True
    from PIL import Image

    try:
        upload.seek(0)
        with Image.open(upload) as image:
            kind, (width, height) = image.format, image.size
            image.verify()
    except Exception:  # noqa: BLE001 - whatever Pillow cannot read is not an image
        return True
    finally:
        upload.seek(0)
    return kind not in SPONSOR_TYPES or width * height > SPONSOR_MAX_PIXELS


def sponsor_help() -> str:
    return _("PNG、JPEG 或 WebP，不超过 %(mb)s MB；投影时全屏显示") % {"mb": SPONSOR_MAX_MB}
