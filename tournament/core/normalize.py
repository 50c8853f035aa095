"""One normalisation for every name a person types or uploads (team, unit, player).

A *name* is stored and compared in one form: Unicode NFC, without invisible format
characters (zero-width spaces and joiners, bidi controls, the byte-order mark, soft hyphens:
category ``Cf``), with control characters and runs of spaces (ASCII or full-width) turned
into one space and trimmed. ``正常队`` and ``正常\\u200b队`` are then the same name, so the
duplicate checks see them as one pair, and no invisible character reaches a page or an
export. What a person meant to show is kept: the visible characters are untouched.

A *search key* is how a search compares a name with what someone typed (find my table):
the name's stored form without any space, in lower case, so "Zhu Ge" finds "zhuge".
"""

from __future__ import annotations

import re
import unicodedata

_SPACES = re.compile(r"[\s\u3000]+")


def normalize_name(text: object) -> str:
    """The stored form of a name typed in a form, read from a sheet or an archive."""
    if text is None:
        return ""
    value = unicodedata.normalize("NFC", str(text))
    kept = []
    for char in value:
        category = unicodedata.category(char)
        if category == "Cf":
            continue  # zero-width and bidi controls: invisible, and they fake duplicates
        kept.append(" " if category == "Cc" else char)
    return _SPACES.sub(" ", "".join(kept)).strip()


def search_key(text: object) -> str:
    """A name or a query as a search compares them: :func:`normalize_name`, then without
    spaces and in lower case (the stored form stays the one to show).

    >>> search_key(" Zhu  Ge\u200b Liang "), search_key("诸葛 亮")
    ('zhugeliang', '诸葛亮')
    """
    return normalize_name(text).replace(" ", "").lower()
