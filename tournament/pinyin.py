"""Sort keys for Chinese names by pinyin (拼音), as Chinese organizers expect lists sorted."""

from __future__ import annotations

from functools import lru_cache

from pypinyin import Style, lazy_pinyin, pinyin

KEY_MAX = 200
INITIALS_VARIANTS = 8  # spellings of the initials kept per name (polyphonic characters)


@lru_cache(maxsize=20000)
def pinyin_key(text: str) -> str:
    """Return a lower-case ASCII key that sorts ``text`` in pinyin order.

    Each Chinese character becomes its toneless syllable, run together so that a search for
    "beijing" finds 北京; other characters stay as they are, so "A队" sorts among the a's.

    >>> pinyin_key("张三") < pinyin_key("李四")
    False
    >>> pinyin_key("李四")
    'lisi'
    """
    key = "".join(lazy_pinyin(text.strip(), style=Style.NORMAL, errors="default")).lower()
    return key[:KEY_MAX]  # the column holds 200; a longer key sorts the same for practical names


@lru_cache(maxsize=50000)
def pinyin_initials(text: str) -> tuple[str, ...]:
    """The first letters of the syllables, lower case: 诸葛亮 → ("zgl",) (what people type).

    Character by character, with every reading of a character read several ways (单 is dan
    or shan, 长 chang or zhang): a name is not a phrase, so each spelling is kept (up to
    :data:`INITIALS_VARIANTS`). A cache of a few thousand characters makes the initials of
    15,000 names almost free.

    >>> pinyin_initials("诸葛亮")
    ('zgl',)
    >>> sorted(pinyin_initials("曾国藩"))
    ['cgf', 'zgf']
    """
    variants = [""]
    for char in text.strip():
        if char.isspace():
            continue
        variants = [v + letter for v in variants for letter in _initials(char)]
        variants = variants[:INITIALS_VARIANTS]
    return tuple(v[:KEY_MAX] for v in variants if v)


@lru_cache(maxsize=30000)
def _initials(char: str) -> tuple[str, ...]:
    """The distinct first letters of the readings of one character (itself if not Chinese)."""
    readings = pinyin(char, style=Style.FIRST_LETTER, heteronym=True, errors="default")[0]
    return tuple(dict.fromkeys(r.lower() for r in readings))
