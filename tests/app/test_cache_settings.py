"""The cache backend: memory by default (bounded in bytes, config/memory_cache.py), Django's
Redis backend (made safe against a stopped Redis, config/cache.py) when REDIS_URL is set."""

from __future__ import annotations

import os

import pytest
from django.core.cache.backends.redis import RedisCache

from config.cache import SafeRedisCache
from config.env import cache_config
from config.memory_cache import BoundedLocMemCache

REDIS = "redis://127.0.0.1:6379/9"


def test_memory_by_default_and_redis_with_redis_url():
    memory = cache_config("", 100, 2048)["default"]
    assert memory["BACKEND"].endswith("BoundedLocMemCache")
    assert memory["OPTIONS"] == {"MAX_ENTRIES": 100, "MAX_BYTES": 2048}
    redis = cache_config(REDIS, 100, 2048)["default"]
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


def bounded(max_bytes: int, max_entries: int = 300) -> BoundedLocMemCache:
    options = {"MAX_BYTES": max_bytes, "MAX_ENTRIES": max_entries}
    cache = BoundedLocMemCache(f"test-bounded-{max_bytes}-{max_entries}", {"OPTIONS": options})
    cache.clear()
    return cache


def test_the_memory_cache_keeps_its_bytes_within_the_bound_least_recently_used_first():
    cache = bounded(10_000)
    for n in range(40):  # 40 pages of about 1 KB: 40 KB asked, 10 KB kept
        cache.set(f"page{n}", "x" * 1000)
        if n == 5:
            assert cache.get("page0") is not None  # now the most recently used of them
    assert cache.size <= 10_000 and len(cache._cache) == len(cache._sizes)
    assert cache.size == sum(cache._sizes.values())
    assert cache.get("page39") is not None and cache.get("page1") is None
    cache.set("page39", "y" * 2000)  # a value replaced counts once
    assert cache.size == sum(cache._sizes.values()) <= 10_000
    cache.delete("page39")
    assert "page39" not in cache._sizes and cache.size == sum(cache._sizes.values())


def test_a_value_larger_than_the_bound_is_never_kept_nor_pushes_the_others_out():
    cache = bounded(10_000)
    cache.set("small", "x")
    cache.set("huge", "x" * 20_000)
    assert cache.get("huge") is None and cache.get("small") == "x"


def test_culling_by_entries_keeps_the_sizes_right():
    cache = bounded(10**9, max_entries=10)
    for n in range(25):
        cache.set(f"k{n}", "x" * 100)
    assert len(cache._cache) <= 10 and cache.size == sum(cache._sizes.values())
    assert set(cache._sizes) == set(cache._cache)
