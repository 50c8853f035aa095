"""Turning an uploaded picture into a stored score-sheet photo (Pillow).

The picture is decoded, turned upright from its EXIF orientation, shrunk to at most
``MAX_SIDE`` pixels a side and re-encoded as a JPEG written without any metadata: the
phone's GPS position, model and time never reach the server's disk.
"""

from __future__ import annotations

from dataclasses import dataclass
from io import BytesIO

from PIL import Image, ImageOps, UnidentifiedImageError

from tournament.core.errors import Invalid

MAX_SIDE = 1600  # the pixels of the longer side: a signed A5 sheet stays readable
MAX_PIXELS = 60_000_000  # decoded size refused beyond this (a 200 MP camera would be 4x)
QUALITY = 85


class PhotoError(Invalid):
    """The file cannot be stored as a sheet photo; ``str(e)`` is the user's message."""


MSG_TOO_MANY_PIXELS = "photo_too_many_pixels"
MSG_NOT_IMAGE = "photo_not_image"
MSG_NO_PHOTO = "photo_missing"
MSG_TOO_MANY = "photo_too_many"  # n: the photos a table may have


@dataclass(frozen=True)
class ScoreSheetJpeg:
    data: bytes
    width: int
    height: int


def scoresheet_jpeg(data: bytes, max_side: int = MAX_SIDE) -> ScoreSheetJpeg:
    """The photo as a metadata-free JPEG of at most ``max_side`` pixels a side."""
    try:
        with Image.open(BytesIO(data)) as probe:
            if probe.width * probe.height > MAX_PIXELS:
                raise PhotoError(MSG_TOO_MANY_PIXELS)
            probe.verify()  # a truncated or forged file fails here, before decoding
        with Image.open(BytesIO(data)) as image:
            upright = ImageOps.exif_transpose(image)
            picture = upright.convert("RGB")
    except PhotoError:
        raise
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, Image.DecompressionBombError):
        raise PhotoError(MSG_NOT_IMAGE) from None
    picture.thumbnail((max_side, max_side), Image.Resampling.LANCZOS)
    out = BytesIO()
    # No exif= and no info carried over: Pillow writes a bare JFIF.
    picture.save(out, "JPEG", quality=QUALITY, optimize=True)
    return ScoreSheetJpeg(out.getvalue(), picture.width, picture.height)
