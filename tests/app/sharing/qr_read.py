"""Reading a picture back: its PNG text chunks, and its QR code decoded (zxing-cpp, a kept
reader, from requirements/dev.txt; without it, the code's modules checked against
``qrcode``'s own encoding of the address)."""

from __future__ import annotations

import io

import qrcode
from PIL import Image

from tournament.core import qr


def png_text(body: bytes) -> dict[str, str]:
    """The text chunks of a PNG (``Description``: the card's lines; ``URL``)."""
    image = Image.open(io.BytesIO(body))
    image.load()
    return dict(image.text)


def decoded(image: Image.Image, url: str) -> str:
    """What the QR code in ``image`` says."""
    try:
        import zxingcpp
    except ImportError:  # a venv set up before zxing-cpp was locked
        return _matrix_check(image, url)
    found = zxingcpp.read_barcodes(image.convert("L"))
    texts = [b.text for b in found if b.format == zxingcpp.BarcodeFormat.QRCode]
    assert len(texts) == 1, texts
    return texts[0]


def _matrix_check(image: Image.Image, url: str) -> str:
    """The address, when the picture holds exactly ``qrcode``'s matrix of it (with any mask:
    the project's fixed one), module for module."""
    code = qrcode.QRCode(border=0, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(url.encode())
    code.make(fit=True)
    expected = qr.matrix(url)
    assert len(expected) == len(code.modules)
    grey = image.convert("L")
    box = grey.point(lambda v: 255 if v < 20 else 0).getbbox()  # only the code is black
    n = len(expected)
    step = (box[2] - box[0]) / n
    seen = [
        [
            grey.getpixel((int(box[0] + (c + 0.5) * step), int(box[1] + (r + 0.5) * step))) < 128
            for c in range(n)
        ]
        for r in range(n)
    ]
    return url if seen == expected else ""
