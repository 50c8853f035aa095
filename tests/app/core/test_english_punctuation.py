"""No English translation writes Chinese punctuation (English pass).

Found on the English pages: quotes written “…” in the catalogue showed full-width (the
pages name a Chinese font first, and its curly quotes are as wide as a character), as did
a Chinese comma, colon or parenthesis carried over from the source text. The English
texts use ASCII quotes and punctuation.

A translation may still quote Chinese that the reader has to find as written: a sheet's
column name or a button of the Chinese page (队员1（姓名）). Such a run is allowed only when
the same Chinese appears in the source text (msgid); nothing does so today.
"""

from __future__ import annotations

import gettext
import re
import subprocess
from pathlib import Path

from django.conf import settings

from tests.app.conftest import HEADER

FULL_WIDTH = re.compile(r"[“”‘’，。：；（）！？、【】《》\u3000\uff01-\uff5e]")
CHINESE_RUN = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef“”‘’]+")


def english_texts(tmp_path: Path) -> dict[str, str]:
    """Every English text of the catalogue and the pending files, source text → English."""
    locale = Path(settings.BASE_DIR, "locale")
    parts = [str(locale / "en" / "LC_MESSAGES" / "django.po")]
    for i, po in enumerate(sorted((locale / "pending").glob("*.po"))):
        part = tmp_path / f"pending{i}.po"
        text = po.read_text(encoding="utf-8")
        has_header = re.search(r'^msgid ""\nmsgstr "', text, re.M)
        part.write_text(text if has_header else HEADER + text, encoding="utf-8")
        parts.append(str(part))
    merged, mo = tmp_path / "all.po", tmp_path / "all.mo"
    subprocess.run(["msgcat", "--use-first", "-o", str(merged), *parts], check=True)
    subprocess.run(["msgfmt", "-o", str(mo), str(merged)], check=True)
    with mo.open("rb") as f:
        catalog = gettext.GNUTranslations(f)._catalog  # type: ignore[attr-defined]
    texts = {}
    for key, english in catalog.items():
        source = key[0] if isinstance(key, tuple) else key
        if source:  # not the header
            texts[source.split("\x04")[-1]] = english
    return texts


def stray_punctuation(source: str, english: str) -> list[str]:
    """The full-width marks of ``english`` outside the Chinese it quotes from ``source``."""
    kept = [
        run
        for run in CHINESE_RUN.findall(english)
        if run in source and re.search(r"[\u4e00-\u9fff]", run)
    ]
    for run in sorted(kept, key=len, reverse=True):
        english = english.replace(run, "")
    return FULL_WIDTH.findall(english)


def test_no_english_text_has_chinese_punctuation(tmp_path):
    texts = english_texts(tmp_path)
    assert len(texts) > 1000, "the catalogue should be read"
    found = {s: e for s, e in texts.items() if stray_punctuation(s, e)}
    assert found == {}


def test_chinese_quoted_from_the_source_text_may_keep_its_marks():
    assert stray_punctuation("请填写“队员1（姓名）”列", 'Fill in column "队员1（姓名）"') == []
    assert stray_punctuation("请按“确认”", "Press “Confirm”") == ["“", "”"]
    assert stray_punctuation("没有找到，请检查", "Nothing found，check") == ["，"]
