"""The projector's settings on the event's settings page: the pages the hall's screen shows
in turn (standings, the round's pairings, a sponsor's image), how long each stays, and the
sponsor's image, checked for size and type before it is stored in MEDIA."""

from __future__ import annotations

from django import forms
from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

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


def sponsor_error() -> str:
    return _("赞助商图片只能是不超过 %(mb)s MB 的 PNG、JPEG 或 WebP 图片") % {"mb": SPONSOR_MAX_MB}


def check_sponsor(upload) -> None:
    """Refuse an upload over the size cap or not a PNG/JPEG/WebP image (by its content)."""
    if not isinstance(upload, UploadedFile):
        return  # the stored image kept, or cleared
    if (upload.size or 0) > SPONSOR_MAX_MB * 1024 * 1024:
        raise forms.ValidationError(sponsor_error())
    from PIL import Image

    try:
        upload.seek(0)
        with Image.open(upload) as image:
            kind, (width, height) = image.format, image.size
            image.verify()
    except Exception:  # noqa: BLE001 - whatever Pillow cannot read is not an image
        raise forms.ValidationError(sponsor_error()) from None
    finally:
        upload.seek(0)
    if kind not in SPONSOR_TYPES or width * height > SPONSOR_MAX_PIXELS:
        raise forms.ValidationError(sponsor_error())


class ProjectorFieldsMixin(forms.Form):
    """The projector's fields of :class:`~tournament.events.forms.TournamentForm`."""

    projector_pages = forms.MultipleChoiceField(
        label=gettext_lazy("投影轮播内容"),
        choices=list(PROJECTOR_PAGES.items()),
        widget=forms.CheckboxSelectMultiple,
        required=False,
        help_text=gettext_lazy("投影屏依次显示所选内容；成绩排名较长时自动分页"),
    )

    def projector_init(self) -> None:
        self.initial["projector_pages"] = page_list(self.instance.projector_pages)
        # Absent (a settings form of before): the event's own interval.
        self.fields["projector_seconds"].required = False
        field = self.fields["projector_sponsor"]
        field.error_messages["invalid_image"] = sponsor_error()
        field.widget.attrs["accept"] = ",".join(SPONSOR_TYPES.values())
        field.help_text = _("PNG、JPEG 或 WebP，不超过 %(mb)s MB；投影时全屏显示") % {
            "mb": SPONSOR_MAX_MB
        }

    def clean_projector_pages(self) -> str:
        return ",".join(page_list(",".join(self.cleaned_data.get("projector_pages") or [])))

    def clean_projector_seconds(self) -> int:
        value = self.cleaned_data.get("projector_seconds")
        return self.instance.projector_seconds if value is None else value

    def clean_projector_sponsor(self):
        upload = self.cleaned_data.get("projector_sponsor")
        check_sponsor(upload)
        return upload
