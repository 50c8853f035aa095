"""Pairing for Guandan (掼蛋) events: pure Python, plain data in, plain data out.
"""

from .draw import draw_numbers, draw_sheet, pair_round_one
from .entrants import Entrant
from .errors import PairingError
from .flags import DRAW_FLAG_DESCRIPTIONS
from .result import Bye, Pairing, Table
from .swiss import pair_swiss

__all__ = [
    "DRAW_FLAG_DESCRIPTIONS",
    "Bye",
    "Entrant",
    "Pairing",
    "PairingError",
    "Table",
    "draw_numbers",
    "draw_sheet",
    "pair_round_one",
    "pair_swiss",
]
