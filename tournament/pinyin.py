"""Sort keys for Chinese names by pinyin (拼音), as Chinese organizers expect lists sorted."""

from __future__ import annotations

from functools import lru_cache

from pypinyin import Style, lazy_pinyin

KEY_MAX = 200


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
def pinyin_initials(text: str) -> str:
    """The first letter of each syllable, lower case: 诸葛亮 → "zgl" (what people type).

    >>> pinyin_initials("诸葛亮")
    'zgl'
    """
    letters = lazy_pinyin(text.strip(), style=Style.FIRST_LETTER, errors="default")
    return "".join(letters).lower()[:KEY_MAX]
