"""A compact text notation for a match, as a referee writes it on the score sheet.

Tokens are separated by spaces, commas, semicolons or 、 and read left to right in time
order. Input is case-insensitive and full-width characters (ＥＷ１２) are accepted;
:func:`format_notation` prints the canonical form (upper case, single spaces).

Grammar::

    sheet    := token (sep token)*
    deal     := side "1" place              EW12  NS13  EW14   (place of 头游's partner)
    penalty  := ("+" | "-") [n] side        +NS  -EW  +2NS  -3EW   (n = 1…12, default 1)
    foul     := "F:" side ":" kind [":" ("+"|"-") n]      F:NS:O   F:EW:S:-1
    warning  := "W:" side ":" wkind                       W:EW:O
    forfeit  := "FF:" side [":" reason]                   FF:NS  FF:EW:LATE  FF:NS:3F
    time     := "T"
    side     := "EW" | "NS"
    kind     := "O" out_of_turn 越序 | "H" card_hiding 藏牌 | "C" wrong_count 报牌错误
              | "D" time_delay 超时 | "S" signalling 暗示 | "X" other 其他
    wkind    := "O" | "D" | "S" | "X"
    reason   := "FORFEIT" (default) | "LATE" | "3F" three_fouls | "3H" three_hidden

Full names are accepted for kinds and reasons (``F:NS:card_hiding``, ``FF:NS:three_fouls``).
A level change on a foul (``:-1``) applies to the offending side and is allowed only for the
kinds without a fixed penalty (D, S, X).

>>> parse_notation("EW12 NS14 +NS F:EW:O T")
[{'win': 'EW', 'partner': 2}, {'win': 'NS', 'partner': 4}, {'penalty': 'NS', 'levels': 1}, {'foul': 'EW', 'kind': 'out_of_turn'}, {'time': True}]
>>> format_notation([{"penalty": "EW", "levels": -2}, {"forfeit_by": "NS", "reason": "late"}])
'-2EW FF:NS:LATE'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from rules.errors import BAD_TOKEN, RuleError
from rules.steps import Step, normalize_step, step_type

KIND_CODES: dict[str, str] = {
    "O": "out_of_turn",
    "H": "card_hiding",
    "C": "wrong_count",
    "D": "time_delay",
    "S": "signalling",
    "X": "other",
}
REASON_CODES: dict[str, str] = {
    "FORFEIT": "forfeit",
    "LATE": "late",
    "3F": "three_fouls",
    "3H": "three_hidden",
}
_KIND_LETTER = {v: k for k, v in KIND_CODES.items()}
_REASON_CODE = {v: k for k, v in REASON_CODES.items()}

_SEPARATORS = re.compile(r"[^\s,;，；、]+")
_DEAL = re.compile(r"(EW|NS)1([234])", re.ASCII)
_PENALTY = re.compile(r"([+-])(\d{0,2})(EW|NS)", re.ASCII)
_FOUL = re.compile(r"F:(EW|NS):(\w+)(?::([+-]\d{1,2}))?", re.ASCII)
_WARNING = re.compile(r"W:(EW|NS):(\w+)", re.ASCII)
_FORFEIT = re.compile(r"FF:(EW|NS)(?::(\w+))?", re.ASCII)


def parse_notation(text: str) -> list[Step]:
    """Return the canonical steps written in ``text``; raise ``bad_token`` on a bad token."""
    steps = []
    for position, match in enumerate(_SEPARATORS.finditer(text), start=1):
        raw = match.group()
        try:
            steps.append(_parse_token(unicodedata.normalize("NFKC", raw).upper()))
        except RuleError as err:
            raise RuleError(
                BAD_TOKEN, token=raw, position=position, column=match.start() + 1
            ) from err
    return steps


def _parse_token(token: str) -> Step:
    if token == "T":
        return {"time": True}
    if m := _DEAL.fullmatch(token):
        return normalize_step({"win": m[1], "partner": int(m[2])})
    if m := _PENALTY.fullmatch(token):
        levels = int(m[2] or "1")
        return normalize_step({"penalty": m[3], "levels": -levels if m[1] == "-" else levels})
    if m := _FOUL.fullmatch(token):
        step: Step = {"foul": m[1], "kind": KIND_CODES.get(m[2], m[2].lower())}
        if m[3] is not None:
            step["levels"] = int(m[3])
        return normalize_step(step)
    if m := _WARNING.fullmatch(token):
        return normalize_step({"warning": m[1], "kind": KIND_CODES.get(m[2], m[2].lower())})
    if m := _FORFEIT.fullmatch(token):
        reason = REASON_CODES.get(m[2] or "FORFEIT", (m[2] or "").lower())
        return normalize_step({"forfeit_by": m[1], "reason": reason})
    raise RuleError(BAD_TOKEN, token=token, position=0, column=0)  # replaced by the caller


def format_notation(steps: Iterable[Step]) -> str:
    """Print steps in the canonical notation; ``parse_notation`` reads it back unchanged."""
    return " ".join(format_step(step) for step in steps)


def format_step(step: Step) -> str:
    """Print one step as a token (the step is validated first)."""
    s = normalize_step(step)
    kind = step_type(s)
    if kind == "win":
        return f"{s['win']}1{s['partner']}"
    if kind == "penalty":
        n = s["levels"]
        amount = "" if abs(n) == 1 else str(abs(n))
        return f"{'+' if n > 0 else '-'}{amount}{s['penalty']}"
    if kind == "foul":
        levels = f":{s['levels']:+d}" if "levels" in s else ""
        return f"F:{s['foul']}:{_KIND_LETTER[s['kind']]}{levels}"
    if kind == "warning":
        return f"W:{s['warning']}:{_KIND_LETTER[s['kind']]}"
    if kind == "forfeit_by":
        reason = "" if s["reason"] == "forfeit" else f":{_REASON_CODE[s['reason']]}"
        return f"FF:{s['forfeit_by']}{reason}"
    return "T"
