"""Sort keys for Chinese names by pinyin (拼音), as Chinese organizers expect lists sorted."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import unicodedata
from functools import cache, lru_cache
from pathlib import Path
from types import ModuleType

KEY_MAX = 200
INITIALS_VARIANTS = 8  # spellings of the initials kept per name (polyphonic characters)


@cache
def pypinyin() -> ModuleType:
    """The pypinyin package, imported on first use, not with the app.

    Its dictionaries (3 MB of JSON) load with it: 0.2 CPU-seconds and tens of MB per process.
    Names are keyed when they are saved, so most processes (a server answering pages, a
    management command) never need them. Nothing here changes its dictionaries, so they are
    used as loaded instead of copied (PYPINYIN_NO_DICT_COPY)."""
    os.environ.setdefault("PYPINYIN_NO_DICT_COPY", "1")
    import pypinyin as package

    return package


WORDS_MAX = 20000  # words whose readings a process keeps (a few MB at most)


@cache
def _keyer():
    """pypinyin's converter with the readings of each word kept (:data:`WORDS_MAX`).

    pypinyin cuts a name into words and looks each one up; names share their characters and
    words (surnames, 队, 第), so 15,000 names of a sheet need a few thousand look-ups instead
    of 50,000. The readings are those pypinyin gives: its converter, only remembered.
    """
    p = pypinyin()
    from pypinyin.converter import DefaultConverter

    class WordReadings(DefaultConverter):
        @lru_cache(maxsize=WORDS_MAX)  # noqa: B019 - one instance per process, kept for good
        def _readings(self, words, style, heteronym, errors, strict) -> tuple:
            return tuple(map(tuple, super().convert(words, style, heteronym, errors, strict)))

        def convert(self, words, style, heteronym, errors, strict, **kwargs):
            if kwargs or not isinstance(errors, str):
                return super().convert(words, style, heteronym, errors, strict, **kwargs)
            return [list(r) for r in self._readings(words, style, heteronym, errors, strict)]

    return p.core.Pinyin(WordReadings())


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
    p = pypinyin()
    words = _keyer().lazy_pinyin(text.strip(), style=p.Style.NORMAL, errors="default")
    key = "".join(words).lower()
    return key[:KEY_MAX]  # the column holds 200; a longer key sorts the same for practical names


_DIGITS = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
_UNITS = {"十": 10, "百": 100, "千": 1000}
_NUMERAL_RUN = re.compile(r"[0-9]+|[零〇一二两三四五六七八九十百千]+")
# A run of Chinese numerals counts as a number only when it reads as one: after 第, or before
# a counter word or the end of the name (一队, 第十二组); "一心队" keeps its 一 as a word.
_COUNTERS = "队组号班团届名台轮对"
_PAD = 8


def chinese_number(text: str) -> int | None:
    """The value of a Chinese numeral such as 十二, 二十一, 一百零五 (None if it is not one).

    >>> chinese_number("十二"), chinese_number("二十"), chinese_number("一百零五")
    (12, 20, 105)
    """
    total, digit = 0, None
    for ch in text:
        if ch in _DIGITS:
            digit = _DIGITS[ch]
        elif ch in _UNITS:
            total += (1 if digit is None else digit) * _UNITS[ch]
            digit = None
        else:
            return None
    return total + (digit or 0)


def _is_number(name: str, start: int, end: int) -> bool:
    if name[start].isdigit():
        return True
    return start > 0 and name[start - 1] == "第" or end == len(name) or name[end] in _COUNTERS


@lru_cache(maxsize=20000)
def name_sort_key(name: str) -> str:
    """The one sort key of every list of names (pages and exports): pinyin order, with the
    numbers in a name compared by value, so 1队, 2队 … 10队 and 一队, 二队 … 十二队 come in
    counting order (not 10 before 2, nor 二/六/三 by character).

    Numbers become zero-padded digits, which sort before letters.

    >>> sorted(["10队", "2队", "1队"], key=name_sort_key)
    ['1队', '2队', '10队']
    >>> sorted(["十二队", "二队", "一队"], key=name_sort_key)
    ['一队', '二队', '十二队']
    """
    text = name.strip()
    parts, pos = [], 0
    for m in _NUMERAL_RUN.finditer(text):
        value = int(m.group()) if m.group().isdigit() else chinese_number(m.group())
        if value is None or not _is_number(text, m.start(), m.end()):
            continue
        parts.append(pinyin_key(text[pos : m.start()]))
        parts.append(f"{value:0{_PAD}d}")
        pos = m.end()
    parts.append(pinyin_key(text[pos:]))
    return " ".join(parts)[:KEY_MAX]


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


def _initials(char: str) -> tuple[str, ...]:
    """The distinct first letters of the readings of one character (itself if not Chinese):
    what pypinyin gives (``Style.FIRST_LETTER``, ``heteronym=True``), read from its
    dictionary of characters alone (:func:`char_initials`)."""
    letters = char_initials().get(ord(char))
    return (char.lower(),) if letters is None else letters


# The tone marks of a reading (grave, acute, macron, caron); ê keeps its circumflex, as in
# pypinyin's first letters (欸: a, ê, x, e).
_TONE_MARKS = dict.fromkeys(map(ord, "\u0300\u0301\u0304\u030c"))


def _first_letter(reading: str) -> str:
    bare = unicodedata.normalize("NFD", reading).translate(_TONE_MARKS)
    return unicodedata.normalize("NFC", bare)[0].lower()


@cache
def char_initials() -> dict[int, tuple[str, ...]]:
    """The first letters of each character's readings (code point -> ("z", "c")), from
    pypinyin's dictionary of characters read from its JSON file without importing pypinyin.

    A search index needs only the initials of each character, and importing pypinyin loads
    its phrase dictionary and word segmenter too: 46 MB that a web worker kept for good after
    its first search. The dictionary's readings as loaded held 8 MB more in every worker;
    only the letters are kept, each distinct set of letters once (about a
    thousand for 42,000 characters): 3 MB, for 0.1 CPU-s more once per process.
    """
    spec = importlib.util.find_spec("pypinyin")
    if spec is None or spec.origin is None:
        raise ImportError("pypinyin")
    path = Path(spec.origin).parent / "pinyin_dict.json"
    letters: dict[str, str] = {}  # reading -> its first letter
    shared: dict[tuple[str, ...], tuple[str, ...]] = {}
    initials = {}
    for point, readings in json.loads(path.read_text(encoding="utf-8")).items():
        found = []
        for reading in readings.split(","):
            if reading not in letters:
                letters[reading] = _first_letter(reading)
            found.append(letters[reading])
        distinct = tuple(dict.fromkeys(found))
        initials[int(point)] = shared.setdefault(distinct, distinct)
    return initials
