"""The one bounded memo behind every cache of the filter (token counts, the estimator's pieces, shrunk
outputs): two generations, safe to share between threads. Not `functools.lru_cache`: it bounds entries by
count, and a shrunk output may weigh megabytes (`test_filter_memory` bounds the memo in bytes)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any


class Memo:
    """Values of a pure function by key, shared by every thread.  ``new`` takes entries until they weigh
    ``limit``, then becomes ``old`` (the previous one goes); a hit in ``old`` moves back.  A dict is only
    ever added to (a swap replaces it), so reads take no lock."""

    def __init__(self, limit: int, weigh: Callable[[Any], int] | None = None) -> None:
        self.limit, self.weigh = limit, weigh
        self.lock = threading.Lock()
        self.clear()

    def clear(self) -> None:
        with self.lock:
            self.new: dict[Any, Any] = {}
            self.old: dict[Any, Any] = {}
            self.used = self.hits = self.misses = 0

    def get(self, key: Any) -> Any:
        value = self.new.get(key)
        if value is None:
            value = self.old.get(key)
            if value is None:
                self.misses += 1
                return None
            self.put(key, value)
        self.hits += 1
        return value

    def put(self, key: Any, value: Any) -> None:
        size = 1 if self.weigh is None else self.weigh(value)
        if size > self.limit:
            return
        with self.lock:
            if self.used + size > self.limit:
                self.old, self.new, self.used = self.new, {}, 0
            self.new[key] = value
            self.used += size
