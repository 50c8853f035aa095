#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import gc
import os
import sys


def main() -> None:
    # Collect garbage less often: start-up builds hundreds of thousands of objects that live
    # until the process ends, and a command's own work (``pair`` at 5,000 pairs: 20,000
    # records and their tallies) many more that mostly die by reference count. CPython's
    # default (700, 10, 10) ran some 650 collections in ``pair``, 0.25 of its CPU-s (start-up
    # frozen, tournament/management/commands/_base.py); these thresholds, the test processes'
    # own (tests/conftest.py): about 10, 0.07 CPU-s.
    gc.set_threshold(50_000, 20, 50)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
