"""Pillow helpers for the share cards and the poster: the PDFs' CJK font, a QR code as
sharp square modules, text fitted to a width, and the PNG written with its lines as text
chunks (so tests, and anyone curious, can read a card back without OCR)."""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont
from PIL.PngImagePlugin import PngInfo

from tournament.core.qr import matrix
from tournament.printing.fonts import chosen

INK = (34, 34, 34)
MUTED = (110, 110, 110)
ACCENT = (176, 32, 32)  # the red of a Chinese certificate
PAPER = (255, 252, 245)
BAND = (250, 236, 226)


@lru_cache(maxsize=32)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The PDFs' CJK TrueType font at ``size`` pixels (Pillow's default font without one)."""
    spec = chosen().cjk_source
    if not spec:
        return ImageFont.load_default(size)
    path, _sep, index = spec.partition("#")
    return ImageFont.truetype(path, size, index=int(index or 0))


def fitted(draw: ImageDraw.ImageDraw, text: str, width: int, size: int, least: int = 14):
    """The largest font (``size`` down to ``least``) in which ``text`` fits ``width``; the text
    cut with … when even the least does not fit. Returns (text, font)."""
    while size > least and draw.textlength(text, font=font(size)) > width:
        size -= 2
    face = font(size)
    if draw.textlength(text, font=face) <= width:
        return text, face
    while text and draw.textlength(text + "…", font=face) > width:
        text = text[:-1]
    return text + "…", face


def qr_image(url: str, size: int) -> Image.Image:
    """The QR code of ``url`` as a ``size``-pixel square (4 modules of quiet zone), each
    module a whole number of pixels so that no edge is blurred."""
    modules = matrix(url)
    n = len(modules) + 8
    scale = max(1, size // n)
    small = Image.new("1", (n, n), 1)
    pixels = small.load()
    for r, row in enumerate(modules):
        for c, dark in enumerate(row):
            if dark:
                pixels[c + 4, r + 4] = 0
    return small.resize((n * scale, n * scale), Image.Resampling.NEAREST).convert("RGB")


def png_bytes(image: Image.Image, lines: list[str], url: str) -> bytes:
    """The PNG of ``image`` with its text lines (``Description``) and the QR code's address
    (``URL``) as iTXt chunks (UTF-8). In 64 colours: a card is a few flat colours and
    anti-aliased text, and a third of the RGB size (45 KB instead of 120 KB) for the cache
    and a phone on the venue's network, for 30 ms more."""
    info = PngInfo()
    info.add_itxt("Description", "\n".join(lines))
    info.add_itxt("URL", url)
    out = io.BytesIO()
    small = image.quantize(colors=64, method=Image.Quantize.MEDIANCUT)
    small.save(out, "PNG", pnginfo=info, optimize=False, compress_level=6)
    return out.getvalue()
