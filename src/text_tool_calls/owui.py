"""The Open WebUI adapter: the `Filter` class Open WebUI loads (valves, the `stream` and `outlet` hooks) over the pure
core. The only module that touches Open WebUI: its reasoning tags and Tool Search's `resolve_tool_call`, imported
when they are used (the file imports without Open WebUI).

`stream` sees each provider chunk of a native turn's model request (Open WebUI's streaming path, the only one that
runs tools): the reply's text is fed to the request's `Holder`, the chunk goes on with the text released. On the
chunk that ends the reply (a finish reason, or a usage-only chunk), what is held becomes `delta.tool_calls` when it is
nothing but calls the rule lets run (Open WebUI's own loop then runs them, with its approval, access checks, storage
and `request` hooks), else it is released as text. `outlet` puts back text held by a reply that ended with no last
chunk. Per-request state lives in `STREAMS` (bounded, expiring), never on `self`: one instance serves every user.
Nothing raises into Open WebUI (`BaseException` included; only a cancellation or an exit goes through): a chunk
that fails is passed on with whatever its reply held."""

from __future__ import annotations

import asyncio
import time
import uuid
from functools import lru_cache
from typing import Any

from textcalls.rule import Mentions, verdict

from .chunks import Chunk, read, with_calls, with_content
from .data import turn_calls, untrusted_texts
from .decide import Offer, Outcome, decide, offer_of, status_line
from .hold import Holder
from .restore import restored
from .settings import FATAL_EXCEPTIONS, Valves, log
from .streams import Key, Stream, Streams
from .tokens import Table

# process-wide: every request's state, keyed by user, chat, message and request
STREAMS = Streams(time.monotonic)
OFFLOAD_CHARS = 65_536  # held text or untrusted data larger than this is read in a worker thread
_EMIT_TIMEOUT = 5.0  # seconds a status event may take before it is abandoned


def _key(user: Any, metadata: Any, body: Any) -> Key | None:
    """The request a chunk belongs to; None outside a native turn (no chat, message, user or body)."""
    if not (isinstance(body, dict) and isinstance(metadata, dict) and isinstance(user, dict)):
        return None
    chat, message, uid = metadata.get("chat_id"), metadata.get("message_id"), user.get("id")
    if not all(isinstance(v, str) and v for v in (chat, message, uid)):
        return None
    messages = body.get("messages")
    return uid, chat, message, id(body), len(messages) if isinstance(messages, list) else -1


def _reasoning_tags(metadata: dict) -> tuple[tuple[str, str], ...]:
    """The reasoning tags Open WebUI strips in this chat (its `reasoning_tags` param, else its defaults)."""
    params = metadata.get("params")
    param = params.get("reasoning_tags") if isinstance(params, dict) else None
    if param is False:
        return ()
    if isinstance(param, list) and len(param) == 2:
        return ((str(param[0]), str(param[1])),)
    try:
        from open_webui.utils.middleware import DEFAULT_REASONING_TAGS
    except ImportError:
        return ()
    return tuple((str(a), str(b)) for a, b in DEFAULT_REASONING_TAGS)


@lru_cache(maxsize=32)
def _table(tags: tuple[tuple[str, str], ...]) -> Table:
    return Table(tags)


def _resolved(name: str, arguments: str, tools: Any) -> str:
    """The tool a call runs: Tool Search's `call_tool` unwrapped by Open WebUI's own `resolve_tool_call`."""
    if name != "call_tool" or not isinstance(tools, dict):
        return name
    try:
        from open_webui.utils.tool_search import resolve_tool_call

        call = {"function": {"name": name, "arguments": arguments}}
        return name if resolve_tool_call(call, tools) else str(call["function"].get("name") or name)
    except Exception:
        return name


async def _why(body: dict, metadata: dict) -> Any:
    """The rule for this request: the untrusted texts since the user's last message read once (off the event loop
    when large), then `why(name, arguments)` -> the reason a call does not run ("" when it runs)."""
    tools = metadata.get("tools") if isinstance(metadata.get("tools"), dict) else {}
    mentions = Mentions(tools)
    texts = list(untrusted_texts(body.get("messages"), metadata.get("sources")))

    def read_all() -> None:
        for text, where in texts:
            mentions.read(text, where)

    if sum(len(t) for t, _ in texts) > OFFLOAD_CHARS:
        await asyncio.to_thread(read_all)
    else:
        read_all()

    def why(name: str, arguments: str) -> str:
        found = verdict([name, _resolved(name, arguments, tools)], mentions, can_ask=False)
        return found.reason if found.action != "allow" else ""

    return why


async def _emit(emitter: Any, description: str) -> None:
    if not callable(emitter) or not description:
        return
    try:
        result = emitter({"type": "status", "data": {"description": description, "done": True}})
        if asyncio.iscoroutine(result) or isinstance(result, asyncio.Future):
            await asyncio.wait_for(result, timeout=_EMIT_TIMEOUT)
    except FATAL_EXCEPTIONS:
        raise
    except BaseException:
        log.warning("text_tool_calls: status event failed", exc_info=True)


async def _outcome(stream: Stream, held: str, chunk: Chunk, body: dict, metadata: dict) -> Outcome:
    """What the held text becomes: nothing is converted when the model sent structured calls or ran out of room."""
    if stream.structured or chunk.finish == "length" or not held.strip():
        return Outcome([], held)
    why = await _why(body, metadata)
    prefix = f"call_text_{uuid.uuid4().hex[:12]}"
    args = (held, stream.offer, why, lambda i: f"{prefix}_{i}", turn_calls(body.get("messages")))
    return await asyncio.to_thread(decide, *args) if len(held) > OFFLOAD_CHARS else decide(*args)


async def on_chunk(event: Any, body: Any, metadata: Any, user: Any, emitter: Any, show: bool) -> Any:
    """One chunk of a streamed reply: the chunk to pass on."""
    chunk = read(event)
    key = _key(user, metadata, body) if chunk is not None else None
    if chunk is None or key is None:
        return event
    stream = STREAMS.get(key)
    if stream is None:
        if not (chunk.content or chunk.calls):
            return event
        offer = offer_of(body.get("tools"), metadata.get("tools"))
        if not offer.specs:
            return event
        stream = STREAMS.open(key, lambda: _start(offer, metadata))
        if stream is None:
            log.warning("text_tool_calls: %d replies followed already; this one passes as is", len(STREAMS))
            return event
    stream.structured = stream.structured or chunk.calls
    released = stream.holder.feed(chunk.content, STREAMS.room(stream)) if chunk.content else ""
    STREAMS.counted(stream)
    if not (chunk.finish or chunk.last):
        return event if released == chunk.content else with_content(event, released)
    STREAMS.close(key)
    held = stream.holder.end()
    if not held:
        return event if released == chunk.content else with_content(event, released)
    outcome = await _outcome(stream, held, chunk, body, metadata)
    if show:
        await _emit(emitter, status_line(outcome))
    if outcome.calls:
        return with_calls(event, released, outcome.calls)
    return with_content(event, released + outcome.text)


def _start(offer: Offer, metadata: dict) -> tuple[Holder, Offer]:
    return Holder(_table(_reasoning_tags(metadata)), offer.is_calls), offer


def salvage(event: Any, body: Any, metadata: Any, user: Any) -> Any:
    """After a failure: the chunk with everything its reply held (nothing is lost), the reply no longer followed."""
    try:
        key = _key(user, metadata, body)
        stream = STREAMS.close(key) if key is not None else None
        held = stream.holder.end() if stream is not None else ""
        chunk = read(event)
        return with_content(event, held + chunk.content) if held and chunk is not None else event
    except FATAL_EXCEPTIONS:
        raise
    except BaseException:
        log.exception("text_tool_calls: the chunk passes as it came")
        return event


class Filter:
    Valves = Valves

    def __init__(self) -> None:
        self.valves = self.Valves()

    async def stream(
        self,
        event: dict,
        __body__: Any = None,
        __metadata__: Any = None,
        __user__: Any = None,
        __event_emitter__: Any = None,
    ) -> Any:
        """Hold a reply's text while it may be calls written as text; turn such calls into structured ones."""
        try:
            if not self.valves.enabled:
                return event
            show = bool(self.valves.show_status)
            return await on_chunk(event, __body__, __metadata__, __user__, __event_emitter__, show)
        except FATAL_EXCEPTIONS:
            raise
        except BaseException:
            log.exception("text_tool_calls stream failed; the chunk passes with what its reply held")
            return salvage(event, __body__, __metadata__, __user__)

    async def outlet(self, body: dict, __user__: Any = None, __metadata__: Any = None) -> Any:
        """Put back text held by a reply that ended with no last chunk; nothing else changes."""
        try:
            metadata = __metadata__ if isinstance(__metadata__, dict) else {}
            uid = __user__.get("id") if isinstance(__user__, dict) else None
            chat = body.get("chat_id") or metadata.get("chat_id") if isinstance(body, dict) else None
            message = body.get("id") or metadata.get("message_id") if isinstance(body, dict) else None
            if not all(isinstance(v, str) and v for v in (uid, chat, message)):
                return body
            left = STREAMS.left(uid, chat, message)
            blank = left[0].holder.blank if left else ""
            text = "".join(s.holder.end() for s in left)
            return restored(body, message, text, blank) if text else body
        except FATAL_EXCEPTIONS:
            raise
        except BaseException:
            log.exception("text_tool_calls outlet failed; the body passes unchanged")
            return body
