"""The one bounded memo behind every cache of the filter (token counts, the estimator's pieces,
shrunk outputs): two generations, safe to share between threads."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any


class Memo:
    """Values of a pure function by key, shared by every request and thread of the process.

    A key always maps to the same value, so two threads that compute one value get the same one,
    and a lost entry only costs computing it again.  Two generations: ``new`` takes entries until
    they weigh ``limit`` (``weigh(value)`` each, 1 by default), then it becomes ``old`` and the
    previous ``old`` is let go; a hit in ``old`` moves back to ``new``, so what every request uses
    stays.  At most ``2 * limit`` is held.  No dict is ever emptied or shrunk in place (a swap
    replaces it), so a thread that holds one keeps a consistent view: reads take no lock, only
    writes do.  ``hits`` and ``misses`` are there to be measured (``scripts/bench_filter.py``).
    """

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

    @property
    def hit_rate(self) -> float:
        return self.hits / max(1, self.hits + self.misses)
