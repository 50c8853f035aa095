"""The sign-up form's challenge (验证题): a sum drawn as a picture, nothing stored to show it.

Vocabulary
----------
challenge token
    The hidden value the form carries: a random nonce and the time, signed with the site's
    key (:class:`~django.core.signing.TimestampSigner`, HMAC-SHA256, named so a Django
    upgrade that changes the default cannot void the forms open in browsers). It holds no
    operand: the question is derived from the nonce by another HMAC with the same key, so
    neither the token nor the page's text gives the answer away; only the picture does.
question
    ``a + b`` with ``a`` from 10 to 49 and ``b`` from 1 to 9: the sign shown is the sum
    computed (django-simple-captcha's ``+`` setting relabelled its ``×`` as ``+``).
spent challenge
    A token answered once, right or wrong, is counted in the database
    (:func:`tournament.core.counters.hit`, key ``challenge:<nonce>``) until it could no
    longer be valid anyway, so it cannot be answered twice. Showing the form writes nothing:
    a row per page shown (django-simple-captcha's) let anonymous reads fill the database.
"""

from __future__ import annotations

import base64
import io
import random
import secrets
from dataclasses import dataclass

from django.conf import settings
from django.core import signing
from django.utils.crypto import salted_hmac

from tournament.core.counters import hit

SALT = "tournament.signup.challenge"
ALGORITHM = "sha256"
IMAGE_SIZE = (180, 60)
# Degrees a digit may lean either way. At 20 a "1" leaning left read as "7" (10+1 read 10+7 on
# a phone at 390 px): people failed, which is what the picture is not for.
DIGIT_TURN = 8


@dataclass(frozen=True)
class Question:
    """One challenge's sum (shown only in the picture)."""

    a: int
    b: int

    @property
    def text(self) -> str:
        return f"{self.a}+{self.b}="

    @property
    def answer(self) -> int:
        return self.a + self.b


def _signer() -> signing.TimestampSigner:
    return signing.TimestampSigner(salt=SALT, algorithm=ALGORITHM)


def max_age() -> int:
    """Seconds a challenge stays answerable after the form was shown."""
    return settings.SIGNUP_CHALLENGE_MINUTES * 60


def new_token() -> str:
    """A fresh challenge token (nothing is written)."""
    return _signer().sign_object({"n": secrets.token_urlsafe(16)})


def nonce_of(token: str) -> str | None:
    """The token's nonce, or None when it is forged, damaged or too old."""
    try:
        payload = _signer().unsign_object(token, max_age=max_age())
    except (signing.BadSignature, ValueError, TypeError):
        return None
    nonce = payload.get("n") if isinstance(payload, dict) else None
    return nonce if isinstance(nonce, str) and 0 < len(nonce) <= 64 else None


def question_of(token: str) -> Question | None:
    """The question a valid token asks (None for an invalid token)."""
    nonce = nonce_of(token)
    if nonce is None:
        return None
    digest = salted_hmac(f"{SALT}.question", nonce, algorithm=ALGORITHM).digest()
    return Question(a=10 + digest[0] % 40, b=1 + digest[1] % 9)


WRONG, EXPIRED = "wrong", "expired"


def check(token: str, answer: int | None) -> str | None:
    """Spend the challenge and judge ``answer``: None when right, else WRONG or EXPIRED
    (forged, too old, or already answered once). Writes one row, only for a valid token."""
    question = question_of(token)
    if question is None:
        return EXPIRED
    if hit(f"challenge:{nonce_of(token)}", max_age()) > 1:
        return EXPIRED
    return None if answer == question.answer else WRONG


def image_data_uri(token: str) -> str:
    """The token's question drawn as a PNG (``data:`` URI, so no second request and no state):
    each character turned and shifted a little, over lines and dots of the same colour."""
    from PIL import Image, ImageDraw, ImageFont  # only a page showing the form needs Pillow

    question = question_of(token)
    text = question.text if question else "?"
    draw_random = random.Random(secrets.randbits(64))  # noise only: no secret depends on it
    width, height = IMAGE_SIZE
    image = Image.new("L", IMAGE_SIZE, 255)
    font = ImageFont.load_default(size=36)
    x = 8
    for char in text:
        glyph = Image.new("L", (44, 52), 0)
        ImageDraw.Draw(glyph).text((6, 4), char, font=font, fill=255)
        # Digits lean; the signs stay upright (a "+" turned 45° reads as "×").
        turn = DIGIT_TURN if char.isdigit() else 4
        glyph = glyph.rotate(draw_random.uniform(-turn, turn), resample=Image.Resampling.BICUBIC)
        image.paste(40, (x, draw_random.randint(0, 6)), glyph)
        x += int(font.getlength(char)) + draw_random.randint(1, 5)
    pen = ImageDraw.Draw(image)
    for _ in range(4):
        points = [(draw_random.randint(0, width), draw_random.randint(0, height)) for _ in "ab"]
        # One pixel wide: a 2-pixel line through a digit's stroke changed the digit (1 to 7).
        pen.line(points, fill=60, width=1)
    for _ in range(120):
        pen.point((draw_random.randrange(width), draw_random.randrange(height)), fill=80)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return "data:image/png;base64," + base64.b64encode(out.getvalue()).decode("ascii")
