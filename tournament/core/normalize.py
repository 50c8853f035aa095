"""One normalisation for every name a person types or uploads (pair, unit, player).

A *name* is stored and compared in one form: Unicode NFKC (full-width letters, digits and
spaces as their ASCII forms: ``ＬＩ　Ｌｅｉ`` is ``LI Lei``), without invisible format
characters (zero-width spaces and joiners, bidi controls, the byte-order mark, soft hyphens:
category ``Cf``), with control characters and runs of spaces turned into one space and
trimmed, and without a space between two Chinese characters (the padding that aligns a
two-character name with three-character ones: ``王　芳`` is ``王芳``; a space between Latin
words stays). ``正常队`` and ``正常\\u200b队`` are then the same name, so the duplicate checks
see them as one pair, and no invisible character reaches a page or an export.

A *search key* is how a search compares a name with what someone typed (find my table):
the name's stored form without any space, in lower case, so "Zhu Ge" finds "zhuge".
"""

from __future__ import annotations

import functools
import re
import unicodedata

_SPACES = re.compile(r"[\s\u3000]+")
# Wide characters: Hangul Jamo, CJK radicals to Yi, Hangul syllables, CJK compatibility
# ideographs, and the supplementary ideographs. One space between two of them is padding.
_WIDE = "\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\U00020000-\U0003fffd"
_PADDING = re.compile(f"(?<=[{_WIDE}]) (?=[{_WIDE}])")


def normalize_text(text: object) -> str:
    """Any typed or uploaded text as it is kept (a spreadsheet's every cell): NFC, without
    invisible format characters, control characters and runs of spaces as one space,
    trimmed. Full-width digits stay as written (a seed of ``３`` is refused, not read as 3)."""
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


def normalize_name(text: object) -> str:
    """The stored form of a name typed in a form, read from a sheet or an archive (see the
    module docstring): :func:`normalize_text` after NFKC, without CJK padding."""
    if text is None:
        return ""
    text = str(text)
    return _short_name(text) if len(text) <= _KEPT_LENGTH else _name(text)


def _name(text: str) -> str:
    return _PADDING.sub("", normalize_text(unicodedata.normalize("NFKC", text)))


# A registration compares the new pair's name with every stored one, normalised (a name
# stored before normalisation may hold a zero-width space): the same few thousand names,
# each a character-by-character walk, again at every registration. Names are short; a long
# text (a hostile sheet's cell) is not kept, so the memo stays within a few MB.
_KEPT_LENGTH = 64
_short_name = functools.lru_cache(maxsize=16_384)(_name)


def search_key(text: object) -> str:
    """A name or a query as a search compares them: :func:`normalize_name`, then without
    spaces and in lower case (the stored form stays the one to show).

    >>> search_key(" Zhu  Ge\u200b Liang "), search_key("诸葛 亮")
    ('zhugeliang', '诸葛亮')
    """
    return normalize_name(text).replace(" ", "").lower()
