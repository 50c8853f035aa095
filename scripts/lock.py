"""Lock the requirements with hashes: requirements/runtime.txt (runtime.in and server.in: the
venue install and deploy/) and requirements/dev.txt (dev.in: everything a clone installs).

    .venv/bin/python scripts/lock.py            (Windows: .venv\\Scripts\\python scripts\\lock.py)

Run it after a change to requirements/runtime.in or dev.in, then ``bash scripts/setup.sh``.
Each lock is universal (one file for Windows, macOS and Linux, Python 3.11 and later: markers
where a platform needs its own package) and every file carries its hashes, so an install
takes exactly the files that were locked. The development lock is constrained by the runtime
lock, so that both install the same version of every package they share. A package already
locked keeps its version unless ``--upgrade`` is given (every package to its newest release
that the ``.in`` files allow), or ``--upgrade-package NAME`` for that package alone: a
security release, e.g. ``scripts/lock.py --upgrade-package django`` (docs/install.md,
"Security releases").
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REQUIREMENTS = ROOT / "requirements"
# The oldest Python supported (pyproject.toml's requires-python): the lock holds for it and
# every later one.
PYTHON = "3.11"


def uv() -> str:
    """uv beside this Python (the clone's .venv), else the first on PATH."""
    beside = Path(sys.executable).with_name("uv.exe" if sys.platform == "win32" else "uv")
    found = str(beside) if beside.exists() else shutil.which("uv")
    if not found:
        sys.exit("scripts/lock.py: uv not found (bash scripts/setup.sh installs it in .venv)")
    return found


def compile_lock(sources: list[str], output: str, *extra: str) -> None:
    """Run ``uv pip compile`` for ``.in`` files; the header names this script."""
    subprocess.run(
        [
            uv(),
            "pip",
            "compile",
            "--quiet",
            "--universal",
            "--python-version",
            PYTHON,
            "--generate-hashes",
            "--custom-compile-command",
            "python scripts/lock.py",
            *extra,
            *(str(REQUIREMENTS / source) for source in sources),
            "-o",
            str(REQUIREMENTS / output),
        ],
        check=True,
        cwd=ROOT,
    )


def upgrade_options(argv: list[str]) -> list[str]:
    """uv's options for ``--upgrade`` and each ``--upgrade-package NAME`` of ``argv``."""
    options = ["--upgrade"] if "--upgrade" in argv else []
    for where, word in enumerate(argv):
        if word == "--upgrade-package":
            if where + 1 == len(argv):
                sys.exit("scripts/lock.py: --upgrade-package needs a package's name")
            options += ["--upgrade-package", argv[where + 1]]
    return options


def main(argv: list[str]) -> int:
    extra = upgrade_options(argv)
    compile_lock(["runtime.in", "server.in"], "runtime.txt", *extra)
    constraint = ["--constraint", str(REQUIREMENTS / "runtime.txt")]
    compile_lock(["dev.in"], "dev.txt", *constraint, *extra)
    print("locked: requirements/runtime.txt, requirements/dev.txt")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
