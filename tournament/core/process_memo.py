"""A process's memo: values kept by key, at most a given number, emptied when full.

For what a hot path makes again and again from the same few inputs (links, a select's
HTML, a piece of a page, a round's hidden names): a dict lookup instead of the work. When
full it is emptied, not trimmed: no bookkeeping on every hit, as an LRU has, and what was
dropped is made again at its next use. The key must hold everything the value depends on.
"""

from __future__ import annotations


class Memo(dict):
    """A dict that keeps at most ``size`` entries: :meth:`put` empties it when full."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def put(self, key, value):
        """Keep ``value`` under ``key`` (emptying the memo first when it is full); return it."""
        if len(self) >= self.size:
            self.clear()
        self[key] = value
        return value
