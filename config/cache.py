"""A Redis cache that a stopped Redis cannot turn into errors.

Vocabulary
----------
shared cache
    The Redis server named by ``REDIS_URL``: every app process keeps its computed standings
    and whole public pages there (tournament/core/page_cache.py, tournament/public/conditional.py).
    It holds copies only: every key carries a stamp read from the database, so losing an
    entry costs a recomputation, never a wrong page.
pause
    After Redis fails, the backend leaves it alone for :data:`PAUSE_SECONDS`: every read is
    a miss and every write is dropped at once, instead of each request waiting for a
    connection that will be refused. After the pause the next call tries Redis again, so
    the cache comes back by itself once Redis is back; nobody restarts anything.

With Redis stopped every page is computed from the database, as without a cache: slower
under load, but served. A counter kept in the cache (the table PIN tries of
tournament/results/sides.py) starts again from zero while Redis is down; the
login lockouts of django-axes live in the database and are not affected.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

log = logging.getLogger("guandan.cache")

PAUSE_SECONDS = 5.0
# Give up on a connection quickly: a cache that answers slowly is worse than no cache.
SOCKET_OPTIONS = {"socket_connect_timeout": 0.5, "socket_timeout": 1.0}
_FAILURES = (RedisError, OSError)


class SafeRedisCache(RedisCache):
    """Django's RedisCache whose every operation survives a failing Redis (see above).

    A failure is logged once per pause (a warning with the error), not once per request.
    """

    def __init__(self, server, params):
        params = {**params, "OPTIONS": {**SOCKET_OPTIONS, **params.get("OPTIONS", {})}}
        super().__init__(server, params)
        self._paused_until = 0.0
        self._pause_lock = threading.Lock()

    def _available(self) -> bool:
        return time.monotonic() >= self._paused_until

    def _failed(self, operation: str, exc: Exception) -> None:
        with self._pause_lock:
            first = self._available()
            self._paused_until = time.monotonic() + PAUSE_SECONDS
        if first:
            log.warning(
                "shared cache (Redis) failed in %s, pages are served without it and it is"
                " tried again in %.0f s: %s",
                operation,
                PAUSE_SECONDS,
                exc,
            )

    def _safely(self, operation: str, default: Any, call, *args, **kwargs) -> Any:
        if not self._available():
            return default
        try:
            return call(*args, **kwargs)
        except _FAILURES as exc:
            self._failed(operation, exc)
            return default

    def get(self, key, default=None, version=None):
        return self._safely("get", default, super().get, key, default, version)

    def get_many(self, keys, version=None):
        return self._safely("get_many", {}, super().get_many, keys, version)

    def has_key(self, key, version=None):
        return self._safely("has_key", False, super().has_key, key, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        self._safely("set", None, super().set, key, value, timeout, version)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._safely("add", False, super().add, key, value, timeout, version)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._safely("set_many", list(data), super().set_many, data, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._safely("touch", False, super().touch, key, timeout, version)

    def incr(self, key, delta=1, version=None):
        # A missing key raises ValueError as usual; only Redis failures are absorbed, and
        # then the count starts again (as for a key that expired).
        return self._safely("incr", delta, super().incr, key, delta, version)

    def delete(self, key, version=None):
        return self._safely("delete", False, super().delete, key, version)

    def delete_many(self, keys, version=None):
        self._safely("delete_many", None, super().delete_many, keys, version)

    def clear(self):
        return self._safely("clear", False, super().clear)
