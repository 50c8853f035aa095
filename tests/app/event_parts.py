"""Parts of an event that several tests need: open sign-up, a photo of a score sheet."""

from __future__ import annotations

import io

from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from tournament.core.actors import user_actor
from tournament.models import SignUpConfig
from tournament.registration.services import PairData
from tournament.signup.services import signup_submit


def open_signup(t) -> None:
    """Open online sign-up with one application, so that its pages have something to show."""
    qr = io.BytesIO()
    Image.new("RGB", (8, 8), "white").save(qr, "PNG")
    SignUpConfig.objects.create(tournament=t, is_open=True, payment_qr=qr.getvalue())
    pair = PairData(name="网上队", unit="", player1="网上甲", player2="网上乙")
    signup_submit(tournament=t, data=pair, emails=("", ""), by=user_actor(None))


def sheet_upload() -> SimpleUploadedFile:
    """A small photo of a score sheet, as a phone camera sends it."""
    buffer = io.BytesIO()
    Image.new("RGB", (64, 48), "white").save(buffer, "JPEG")
    return SimpleUploadedFile("sheet.jpg", buffer.getvalue(), content_type="image/jpeg")


def sponsor_image(t, size=(32, 18)) -> None:
    """A sponsor's image for the projector (a small PNG in MEDIA), shown among its pages."""
    buffer = io.BytesIO()
    Image.new("RGB", size, "navy").save(buffer, "PNG")
    image = SimpleUploadedFile("sponsor.png", buffer.getvalue())
    t.projector_sponsor.save("sponsor.png", image, save=False)  # the other fields as stored
    type(t).objects.filter(pk=t.pk).update(
        projector_sponsor=t.projector_sponsor.name, projector_pages="standings,pairings,sponsor"
    )
