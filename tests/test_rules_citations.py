"""Citations of the rules point into ``docs/rules.md``, at sections that exist (no Django).

Vocabulary:

- a *section* of docs/rules.md is a heading numbered ``## 6`` or ``### 6.3``; each carries a
  stable anchor ``<a id="s6-3"></a>`` on the line above it, which links (``#s6-3``) use;
- a *citation* is ``docs/rules.md`` followed by section numbers: ``docs/rules.md §6.3``,
  ``docs/rules.md §3–§5``, ``docs/rules.md §6, §7, §8``. Every number must be a section;
- a *stale citation* names a file or document a reader of the repository cannot open: the
  old domain spec ``RULES.md``, a "seed 001" document, "003 §12" or "000 fifth text"
  (the source documents are named by title in docs/rules.md §14 instead).

The files searched are the project's text files (code, tests, templates, scripts, docs),
outside hidden folders and the vendored static files.
"""

from __future__ import annotations

import doctest
import os
import re
import sys
from pathlib import Path

from tests.rules.test_profiles import ROWS

ROOT = Path(__file__).resolve().parents[1]
RULES_DOC = ROOT / "docs" / "rules.md"
TEXT_SUFFIXES = {".py", ".html", ".js", ".css", ".md", ".txt", ".sh", ".toml", ".cfg", ".ini"}
SKIPPED_DIRS = {"node_modules", "__pycache__", "var", "vendor", "migrations"}

HEADING = re.compile(r"^#{2,3} (\d+(?:\.\d+)?) ", re.M)
ANCHOR = re.compile(r'^<a id="s(\d+(?:-\d+)?)"></a>$', re.M)
# "docs/rules.md" then the run of section numbers after it (§, digits, dots, ranges, lists).
CITATION = re.compile(r"docs/rules\.md((?:[ ,]*(?:and|&)?[ ]*[§–-]+\s*\d+(?:\.\d+)?)+)")
SECTION = re.compile(r"(\d+(?:\.\d+)?)")
STALE = re.compile(
    r"RULES\.md|\b(?i:seeds?) 00\d|\b00[0-4] §\d"
    r"|\b00[0-4],? \(?(?:first|second|third|fourth|fifth) text|\b00[0-4]第.篇"
)

# Texts stored in a migration (a field's help text): rewriting them needs a migration of its
# own, so they wait for one. Each entry is a path and the text its line still holds.
WAITING_FOR_A_MIGRATION: set[tuple[str, str]] = set()


def sections(text: str) -> set[str]:
    """The section numbers of docs/rules.md's headings: ``{"1", …, "6", "6.1", …}``.

    >>> sorted(sections("## 6 计分\\n### 6.1 26 分制\\n"))
    ['6', '6.1']
    """
    return set(HEADING.findall(text))


def cited(text: str) -> list[tuple[int, str]]:
    """Every section a text cites in docs/rules.md, with its line number.

    >>> cited("x (docs/rules.md §6, §7.3)\\ny docs/rules.md §3–§5 z")
    [(1, '6'), (1, '7.3'), (2, '3'), (2, '5')]
    """
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for table in CITATION.finditer(line):
            found += [(number, section) for section in SECTION.findall(table.group(1))]
    return found


def text_files() -> list[Path]:
    found = []
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in SKIPPED_DIRS)
        found += [Path(folder, f) for f in sorted(files) if Path(f).suffix in TEXT_SUFFIXES]
    return found


def bad_citations(known: set[str], files: list[Path], root: Path = ROOT) -> list[str]:
    offenders = []
    for path in files:
        for line, section in cited(path.read_text(encoding="utf-8")):
            if section not in known:
                offenders.append(f"{path.relative_to(root)}:{line} §{section}")
    return offenders


def stale_citations(files: list[Path]) -> list[str]:
    offenders = []
    for path in files:
        rel = path.relative_to(ROOT)
        if path == Path(__file__):
            continue  # this file names the patterns
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            waiting = any(str(rel) == p and t in line for p, t in WAITING_FOR_A_MIGRATION)
            if STALE.search(line) and not waiting:
                offenders.append(f"{rel}:{number}: {line.strip()[:80]}")
    return offenders


def test_every_section_has_its_stable_anchor_and_every_link_lands():
    text = RULES_DOC.read_text(encoding="utf-8")
    numbers = sections(text)
    assert {"1", "4.3", "6.3", "13", "14"} <= numbers
    anchors = {a.replace("-", ".") for a in ANCHOR.findall(text)}
    assert anchors == numbers
    links = set(re.findall(r"\]\(#s(\d+(?:-\d+)?)\)", text))
    assert {link.replace("-", ".") for link in links} <= numbers


def test_every_citation_names_a_section_that_exists():
    known = sections(RULES_DOC.read_text(encoding="utf-8"))
    files = [path for path in text_files() if path != Path(__file__)]  # its sample is below
    assert len(files) > 300
    offenders = bad_citations(known, files)
    assert not offenders, "citations of missing sections:\n" + "\n".join(offenders)


def test_a_citation_of_a_missing_section_is_caught(tmp_path):
    sample = tmp_path / "x.py"
    sample.write_text("# see docs/rules.md §6.3 and docs/rules.md §4.9, §99\n", encoding="utf-8")
    known = sections(RULES_DOC.read_text(encoding="utf-8"))
    assert bad_citations(known, [sample], tmp_path) == ["x.py:1 §4.9", "x.py:1 §99"]


def test_no_citation_of_the_old_spec_or_of_document_numbers():
    offenders = stale_citations(text_files())
    assert not offenders, "cite docs/rules.md by section instead:\n" + "\n".join(offenders)
    for stale in ("RULES.md §6", "seed 001", "003 §12", "000 fifth text", "004 (third text)"):
        assert STALE.search(stale), stale


def test_each_profile_row_quotes_a_line_of_its_profile_section_and_names_a_document():
    text = RULES_DOC.read_text(encoding="utf-8")
    profiles = text.split('<a id="s13"></a>')[1].split('<a id="s14"></a>')[0]
    known = sections(text)
    for profile, option, _value, document, line in ROWS:
        section = profiles.partition(f"`{profile}`")[2].partition("<a id=")[0]
        assert f"`{option}`" in section, (profile, option)
        assert line in section, (profile, option, line)
        assert document.startswith("§14.") and document[1:] in known, document


def test_the_examples_in_the_docstrings_hold():
    assert doctest.testmod(sys.modules[__name__]).failed == 0
