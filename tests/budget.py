"""How hard the slow tests try: everything in CI, a quick pass on a developer's machine.

Vocabulary
----------
full run
    ``RUN_SLOW=1`` in the environment (``.ci/run`` sets it). Tests marked ``slow`` run, and
    the property tests generate their full number of examples.
quick run
    Anything else: ``slow`` tests are skipped (see ``tests/conftest.py``) and property tests
    try half of their examples. The same properties are checked; CI checks them on twice as
    many inputs, with a fixed seed (``derandomize``), while each developer's run draws new
    ones. The pure packages' tests stay under 10 s of CPU either way (about 5 s and 7 s).
"""

from __future__ import annotations

import os

FULL_RUN = os.environ.get("RUN_SLOW") == "1"
QUICK_SHARE = 2


def examples(full: int) -> int:
    """Hypothesis' ``max_examples``: ``full`` in a full run, half of it (at least 2) otherwise.

    >>> examples(100) in (100, 50)
    True
    """
    return full if FULL_RUN else max(2, full // QUICK_SHARE)
