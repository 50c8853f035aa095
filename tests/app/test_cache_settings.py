"""The cache backend: memory by default, Django's Redis backend (made safe against a stopped
Redis, config/cache.py) when REDIS_URL is set."""

from __future__ import annotations

import os

import pytest
from django.core.cache.backends.redis import RedisCache

from config.cache import SafeRedisCache
from config.env import cache_config

REDIS = "redis://127.0.0.1:6379/9"


def test_memory_by_default_and_redis_with_redis_url():
    assert cache_config("", 100)["default"]["BACKEND"].endswith("LocMemCache")
    redis = cache_config(REDIS, 100)["default"]
    assert redis == {"BACKEND": "config.cache.SafeRedisCache", "LOCATION": REDIS}
    assert issubclass(SafeRedisCache, RedisCache)


def test_the_redis_backend_stores_and_reads_a_value():
    """Against the Redis server of TEST_REDIS_URL (.ci/run starts one on a free port)."""
    url = os.environ.get("TEST_REDIS_URL")
    if not url:
        if os.environ.get("REQUIRE_REDIS"):
            pytest.fail("TEST_REDIS_URL is not set (REQUIRE_REDIS is)")
        pytest.skip("needs Redis (TEST_REDIS_URL)")
    cache = SafeRedisCache(url, {})
    cache.set("gd:test:settings", {"ok": [1, 2]}, 30)
    assert cache.get("gd:test:settings") == {"ok": [1, 2]}
    cache.delete("gd:test:settings")
