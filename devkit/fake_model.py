"""The in-process stand-in for the model in Subquery's core tests: the `complete` hook of `Hooks`.

`devkit/scripted_model.py` is the real scripted server the end-to-end tests talk to over HTTP; the
pure core needs no server, only a coroutine that answers each round. `FakeModel` answers from a list
of replies (the last one repeats once the list runs out; a reply may be an async function, awaited
when its turn comes) and records what each request carried, as JSON would carry it.
"""

from __future__ import annotations

import json
from typing import Any


class FakeModel:
    """``await model(messages, specs, remaining, tool_choice, max_tokens=None)`` -> the next reply.

    ``sent``: each request's messages (a JSON round trip: what a provider would receive);
    ``specs``: each request's tool specs; ``choices``: each request's ``tool_choice``; ``limits``: each request's
    ``max_tokens`` (Subquery sends one when its token budget leaves a reply less than 4,096 tokens)."""

    def __init__(self, *replies: Any) -> None:
        self.replies = list(replies)
        self.sent: list[list[dict]] = []
        self.specs: list[Any] = []
        self.choices: list[Any] = []
        self.limits: list[int | None] = []

    async def __call__(
        self, messages: Any, specs: Any, remaining: float, tool_choice: Any = None, max_tokens: int | None = None
    ) -> Any:
        self.sent.append(json.loads(json.dumps(messages)))
        self.specs.append(specs)
        self.choices.append(tool_choice)
        self.limits.append(max_tokens)
        reply = self.replies[min(len(self.sent) - 1, len(self.replies) - 1)]
        return await reply() if callable(reply) else reply
