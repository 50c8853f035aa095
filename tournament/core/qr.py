"""QR codes for the table-entry links on the score sheets, drawn as vector rectangles.

Speed matters: 2,500 score sheets carry 5,000 codes. The ``qrcode`` package spends most of
its time choosing the best of eight masks (about 19 ms a code), in a generic polynomial
Reed–Solomon step and in placing the bits module by module (about 4 ms together). Any mask is
valid and every reader decodes it, so the mask is fixed; the error-correction codewords are
computed here with log tables; and the matrix is a per-version template (learnt once from
``qrcode``, see :func:`_layout`) with the data bits written along a precomputed path: well
under a millisecond a code. ``tests/app/printing/test_parts.py`` checks the matrices equal those
of ``qrcode`` alone.

Error correction level M (15 % of the code may be damaged): score sheets get creased and
written on.
"""

from __future__ import annotations

import re
from functools import lru_cache

import qrcode
from qrcode import base, util
from qrcode.constants import ERROR_CORRECT_M
from reportlab.pdfgen.canvas import Canvas

MASK = 4
_EXP = base.EXP_TABLE[:255] * 2  # α^0…α^254 twice: log sums below 510 need no "% 255"
_LOG = base.LOG_TABLE


@lru_cache(maxsize=64)
def _generator_logs(n: int) -> tuple[int, ...]:
    """log α of the coefficients (after the leading 1) of ∏(x − α^i), i < n."""
    poly = [1]
    for i in range(n):
        # multiply by (x + α^i); addition is XOR in GF(256)
        nxt = poly + [0]
        for j, coef in enumerate(poly):
            if coef:
                nxt[j + 1] ^= _EXP[(_LOG[coef] + i) % 255]
        poly = nxt
    return tuple(_LOG[c] if c else -1 for c in poly[1:])


def _ec_codewords(data: list[int], n: int) -> list[int]:
    """The ``n`` Reed–Solomon remainder codewords of ``data``."""
    gen = _generator_logs(n)
    rem = [0] * n
    for byte in data:
        factor = byte ^ rem[0]
        del rem[0]
        rem.append(0)
        if factor:
            lf = _LOG[factor]
            for i, g in enumerate(gen):
                if g >= 0:
                    rem[i] ^= _EXP[g + lf]
    return rem


def _codewords(version: int, error_correction: int, data: bytes) -> list[int]:
    """Data and error-correction codewords for 8-bit ``data``, interleaved as QR wants."""
    blocks = base.rs_blocks(version, error_correction)
    capacity = sum(b.data_count for b in blocks)
    count_bits = 8 if version < 10 else 16
    bits = (0b0100 << count_bits | len(data)) << 8 * len(data) | int.from_bytes(data, "big")
    nbits = 4 + count_bits + 8 * len(data)
    terminator = min(4, capacity * 8 - nbits)
    bits <<= terminator
    nbits += terminator
    pad = -nbits % 8
    bits <<= pad
    nbits += pad
    words = list(bits.to_bytes(nbits // 8, "big"))
    words += [0xEC, 0x11] * ((capacity - len(words)) // 2 + 1)
    words = words[:capacity]
    data_blocks, ec_blocks, offset = [], [], 0
    for block in blocks:
        chunk = words[offset : offset + block.data_count]
        offset += block.data_count
        data_blocks.append(chunk)
        ec_blocks.append(_ec_codewords(chunk, block.total_count - block.data_count))
    out = []
    for i in range(max(len(b) for b in data_blocks)):
        out += [b[i] for b in data_blocks if i < len(b)]
    for i in range(max(len(b) for b in ec_blocks)):
        out += [b[i] for b in ec_blocks if i < len(b)]
    return out


def version_for(nbytes: int) -> int:
    """The smallest version holding ``nbytes`` bytes at level M."""
    limits = util.BIT_LIMIT_TABLE[ERROR_CORRECT_M]
    for version in range(1, 41):
        if 4 + (8 if version < 10 else 16) + 8 * nbytes <= limits[version]:
            return version
    raise ValueError(f"{nbytes} bytes do not fit in a QR code")


def _qrcode_modules(version: int, codewords: list[int]) -> list[list[bool]]:
    """The matrix ``qrcode`` lays out for these codewords (its codeword cache)."""
    code = qrcode.QRCode(
        version=version, error_correction=ERROR_CORRECT_M, border=0, mask_pattern=MASK
    )
    code.data_cache = codewords
    code.make(fit=False)
    return code.modules


@lru_cache(maxsize=16)
def _layout(version: int) -> tuple[tuple[tuple[bool, ...], ...], tuple[tuple[int, int, bool], ...]]:
    """The fixed part of every code of ``version`` and where its data bits go.

    Two codes laid out by ``qrcode`` (all codewords 0x00, all 0xFF) differ exactly in the data
    modules; the rest (finder and timing patterns, format and version information for the
    fixed mask, remainder bits) is the template. The data modules are visited in the standard
    order — two-column strips from the right, up then down, skipping the timing column —
    each with its mask bit, which is its value in the all-zero code.
    """
    total = sum(b.total_count for b in base.rs_blocks(version, ERROR_CORRECT_M))
    zero = _qrcode_modules(version, [0] * total)
    ones = _qrcode_modules(version, [0xFF] * total)
    n = len(zero)
    order = []
    upward = True
    right = n - 1
    while right > 0:
        if right == 6:
            right -= 1
        rows = range(n - 1, -1, -1) if upward else range(n)
        for r in rows:
            for c in (right, right - 1):
                if zero[r][c] != ones[r][c]:
                    order.append((r, c, zero[r][c]))
        upward = not upward
        right -= 2
    return tuple(map(tuple, zero)), tuple(order[: total * 8])


def matrix(text: str) -> list[list[bool]]:
    """The QR modules of ``text`` (UTF-8, byte mode, level M, fixed mask), no quiet zone."""
    data = text.encode("utf-8")
    version = version_for(len(data))
    template, order = _layout(version)
    words = _codewords(version, ERROR_CORRECT_M, data)
    bits = int.from_bytes(bytes(words), "big")
    shift = len(words) * 8 - 1
    rows = [list(row) for row in template]
    for i, (r, c, mask) in enumerate(order):
        rows[r][c] = bool(bits >> (shift - i) & 1) != mask
    return rows


_DARK_RUN = re.compile("1+")


def draw(canvas: Canvas, text: str, x: float, y: float, size: float) -> None:
    """Draw the code of ``text`` as a ``size`` square with its lower-left corner at (x, y).

    Vector rectangles, one per horizontal run of dark modules, with integer coordinates in a
    scaled coordinate system (short operators, no float formatting per module). An inline
    1-bit image would be smaller, but viewers smooth small images when they enlarge them and
    a blurred code may not scan; rectangles stay sharp everywhere.
    """
    modules = matrix(text)
    n = len(modules)
    ops = []
    for r, row in enumerate(modules):
        line = "".join("1" if dark else "0" for dark in row)
        ops += [
            f"{m.start()} {n - 1 - r} {m.end() - m.start()} 1 re" for m in _DARK_RUN.finditer(line)
        ]
    canvas.saveState()
    canvas.setFillColorRGB(0, 0, 0)
    canvas.transform(size / n, 0, 0, size / n, x, y)
    canvas.addLiteral("\n".join(ops) + "\nf")
    canvas.restoreState()
