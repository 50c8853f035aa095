"""``python -m guandan``: the same as the ``guandan`` command."""

from guandan.cli import main

raise SystemExit(main())
