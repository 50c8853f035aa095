#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from guandan.command_process import execute

    execute(sys.argv)


if __name__ == "__main__":
    main()
