"""``python -m guandan``: the same as the ``guandan`` command."""

from guandan.guandan_command import main

if __name__ == "__main__":
    raise SystemExit(main())
