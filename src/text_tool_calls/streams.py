"""The state of the replies being streamed (`Streams`): one `Stream` per model request, keyed by its user, chat,
message and request, so no two users, chats or requests ever share one. Bounded: at most MAX_STREAMS at once (a new
reply past that passes untouched, nothing is evicted mid-reply), at most MAX_HELD characters held by all together (a
reply that would pass it releases what it holds), and a stream silent for EXPIRE_SECONDS is dropped. Time comes from
an injected clock. Pure: no Open WebUI."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from .decide import Offer
from .hold import HOLD_CHARS, Holder

MAX_STREAMS = 512  # replies followed at once (in one Open WebUI worker)
MAX_HELD = 16 * HOLD_CHARS  # characters held by all of them together
# a reply with no chunk for this long is over (Open WebUI's own read timeout is shorter)
EXPIRE_SECONDS = 900.0

# (user id, chat id, message id, the request body's identity, its message count): one model request of a turn
Key = tuple[str, str, str, int, int]


@dataclass
class Stream:
    """One model request's reply: its holder, the tools it may call, whether the model sent structured calls."""

    key: Key
    holder: Holder
    offer: Offer
    seen: float
    structured: bool = False
    held: int = 0  # characters counted in the store's total


class Streams:
    """The replies being streamed, oldest first (by their last chunk)."""

    def __init__(
        self,
        clock: Callable[[], float],
        max_streams: int = MAX_STREAMS,
        max_held: int = MAX_HELD,
        expire: float = EXPIRE_SECONDS,
    ) -> None:
        self.clock, self.max_streams, self.max_held, self.expire = clock, max_streams, max_held, expire
        self._items: OrderedDict[Key, Stream] = OrderedDict()
        self.total = 0  # characters held by all streams

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: Key) -> Stream | None:
        self._expire()
        stream = self._items.get(key)
        if stream is not None:
            stream.seen = self.clock()
            self._items.move_to_end(key)
        return stream

    def open(self, key: Key, make: Callable[[], tuple[Holder, Offer]]) -> Stream | None:
        """A new stream for `key`, or None when MAX_STREAMS are already followed."""
        self._expire()
        if len(self._items) >= self.max_streams:
            return None
        holder, offer = make()
        stream = self._items[key] = Stream(key, holder, offer, self.clock())
        return stream

    def room(self, stream: Stream) -> int:
        """How much `stream` may hold: what the others leave of MAX_HELD."""
        return max(self.max_held - (self.total - stream.held), 0)

    def counted(self, stream: Stream) -> None:
        """`stream` was fed: its held characters counted again."""
        now = stream.holder.holding
        self.total += now - stream.held
        stream.held = now

    def close(self, key: Key) -> Stream | None:
        stream = self._items.pop(key, None)
        if stream is not None:
            self.total -= stream.held
            stream.held = 0
        return stream

    def left(self, user: str, chat: str, message: str) -> list[Stream]:
        """The streams of one message still open (their replies ended with no last chunk), closed."""
        keys = [k for k in self._items if k[:3] == (user, chat, message)]
        return [s for s in (self.close(k) for k in keys) if s is not None]

    def _expire(self) -> None:
        limit = self.clock() - self.expire
        while self._items:
            key, stream = next(iter(self._items.items()))
            if stream.seen > limit:
                return
            self.close(key)
