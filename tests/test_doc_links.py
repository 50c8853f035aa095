"""Every relative link of the README and of docs/ leads somewhere (no Django).

Vocabulary:

- a *link* is a Markdown link or image, ``[text](target)`` or ``![alt](target)``, outside
  code blocks; links to other sites (``https:``, ``mailto:``) are not followed;
- its *file* is the target before ``#``, relative to the folder of the page that holds it
  (empty: the page itself); it must exist in the repository;
- its *anchor* is the part after ``#``; in a Markdown file it must be an ``<a id="…">`` of
  that file or the anchor GitHub makes of one of its headings (lower case, punctuation
  dropped, spaces as hyphens: "## Several app servers: PostgreSQL + Redis" is
  ``#several-app-servers-postgresql--redis``).
"""

from __future__ import annotations

import doctest
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.M | re.S)
# Pages another branch of this session is writing (the installing guide, the recovery guide):
# the lead removes each entry when its page is merged.
WRITTEN_ELSEWHERE: set[str] = set()


def pages() -> list[Path]:
    return [ROOT / "README.md", ROOT / "README.en.md", *sorted((ROOT / "docs").glob("*.md"))]


def slug(heading: str) -> str:
    """GitHub's anchor of a heading.

    >>> slug("Several app servers: PostgreSQL + Redis")
    'several-app-servers-postgresql--redis'
    >>> slug("Read API (`/api/v1/`)")
    'read-api-apiv1'
    """
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = page.read_text(encoding="utf-8")
    found = set(re.findall(r'<a id="([^"]+)"></a>', text))
    found |= {slug(h) for h in re.findall(r"^#{1,6} (.+)$", FENCE.sub("", text), re.M)}
    return found


def broken_links(page: Path, root: Path = ROOT) -> list[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    broken = []
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue
        name, _, anchor = target.partition("#")
        path = (page.parent / name).resolve() if name else page
        rel = path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)
        where = f"{page.relative_to(root)}: {target}"
        if not path.exists():
            if rel not in WRITTEN_ELSEWHERE:
                broken.append(f"{where} (no such file)")
        elif anchor and path.suffix == ".md" and anchor not in anchors(path):
            broken.append(f"{where} (no such anchor)")
    return broken


def test_every_relative_link_points_to_a_file_and_anchor_that_exist():
    assert len(pages()) >= 8
    broken = [line for page in pages() for line in broken_links(page)]
    assert not broken, "broken links:\n" + "\n".join(broken)


def test_a_broken_link_is_caught(tmp_path):
    page = tmp_path / "README.md"
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("## Some Title\n", encoding="utf-8")
    page.write_text(
        "[ok](docs/a.md#some-title) [gone](docs/b.md) [bad](docs/a.md#nope) [web](https://x.org)\n"
        "```\n[in code](nowhere.md)\n```\n",
        encoding="utf-8",
    )
    assert broken_links(page, tmp_path) == [
        "README.md: docs/b.md (no such file)",
        "README.md: docs/a.md#nope (no such anchor)",
    ]


def test_the_readme_starts_with_the_two_commands_and_shows_the_screenshots():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"^    (\S.*)$", text, re.M)
    assert commands[:2] == ["bash scripts/demo.sh", "bash scripts/test.sh"]
    for image in ("referee-phone", "projector", "score-sheet"):
        path = ROOT / "docs" / "images" / f"{image}.png"
        assert f"docs/images/{image}.png" in text
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and path.stat().st_size < 60_000
    assert "如果笔记本坏了 / If the laptop fails" in text


def test_the_examples_in_the_docstrings_hold():
    assert doctest.testmod(sys.modules[__name__]).failed == 0
