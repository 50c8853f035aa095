"""Merge the English of new texts waiting in ``locale/pending/*.po`` into the catalogue.

    python scripts/merge_pending_po.py

Each branch that adds interface texts writes their English to a pending file of its own
(no two branches edit the catalogue at once); the lead runs this after merging them. The
catalogue keeps its own entry where a pending file repeats one (``msgcat --use-first``),
the merged catalogue is compiled (``msgfmt --check``) and the pending files are removed.
Needs GNU gettext (msgcat, msgfmt).
"""

from __future__ import annotations

import re
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = ROOT / "locale" / "en" / "LC_MESSAGES" / "django.po"
PENDING = ROOT / "locale" / "pending"
HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'


def main() -> None:
    pending = sorted(PENDING.glob("*.po"))
    if not pending:
        print("nothing pending")
        return
    with tempfile.TemporaryDirectory() as tmp:
        parts = [str(CATALOGUE)]
        for i, po in enumerate(pending):
            text = po.read_text(encoding="utf-8")
            if not re.search(r'^msgid ""\nmsgstr "', text, re.M):
                text = HEADER + text
            part = Path(tmp, f"part{i}.po")
            part.write_text(text, encoding="utf-8")
            parts.append(str(part))
        merged = Path(tmp, "merged.po")
        subprocess.run(["msgcat", "--use-first", "-o", str(merged), *parts], check=True)
        CATALOGUE.write_text(merged.read_text(encoding="utf-8"), encoding="utf-8")
    mo = CATALOGUE.with_suffix(".mo")
    subprocess.run(["msgfmt", "--check", "-o", str(mo), str(CATALOGUE)], check=True)
    for po in pending:
        po.unlink()
    print(f"merged {len(pending)} pending files into {CATALOGUE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
