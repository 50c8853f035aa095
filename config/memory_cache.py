"""The in-memory cache of one process (no Redis), bounded in bytes as well as in entries.

Without ``REDIS_URL`` each worker keeps its computed standings and whole public pages in
Django's own ``LocMemCache``, which counts entries only (``CACHE_MAX_ENTRIES``). Entries
run from a 300-byte poll to a 150 KB standings page: when a round is published at 5,000
pairs, ten thousand players' searches of a few KB each would hold tens of megabytes in
every worker, past the memory target of 150 MB a worker. ``MAX_BYTES`` bounds
the pickled values kept: the least recently used go first, as when the entries are too
many (one least recently used entry at a time, not a third of them).

The entries are those of ``LocMemCache`` (its store, lock and order: most recently used
first); only their sizes are kept beside them.
"""

from __future__ import annotations

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache

_sizes: dict[str, dict[str, int]] = {}  # the cache's name -> key -> bytes (as LocMemCache's store)
_totals: dict[str, list[int]] = {}  # the cache's name -> [bytes of all its values]


class BoundedLocMemCache(LocMemCache):
    """``LocMemCache`` holding at most ``OPTIONS["MAX_BYTES"]`` bytes of pickled values."""

    def __init__(self, name, params):
        super().__init__(name, params)
        self.max_bytes = int(params.get("OPTIONS", {}).get("MAX_BYTES", 64 * 1024 * 1024))
        self._sizes = _sizes.setdefault(name, {})
        self._total = _totals.setdefault(name, [0])

    @property
    def size(self) -> int:
        """Bytes of the pickled values kept."""
        return self._total[0]

    def _set(self, key, value, timeout=DEFAULT_TIMEOUT):  # called with the lock held
        if len(value) > self.max_bytes:  # never kept: it would push out everything else
            self._delete(key)
            return
        self._forget(key)
        super()._set(key, value, timeout)
        self._sizes[key] = len(value)
        self._total[0] += len(value)
        while self._total[0] > self.max_bytes and len(self._cache) > 1:
            oldest, _ = self._cache.popitem()  # the least recently used
            self._expire_info.pop(oldest, None)
            self._forget(oldest)

    def _cull(self):
        super()._cull()
        for key in [k for k in self._sizes if k not in self._cache]:
            self._forget(key)

    def _delete(self, key):
        self._forget(key)
        return super()._delete(key)

    def _forget(self, key) -> None:
        self._total[0] -= self._sizes.pop(key, 0)

    def clear(self):
        with self._lock:
            self._cache.clear()
            self._expire_info.clear()
            self._sizes.clear()
            self._total[0] = 0
