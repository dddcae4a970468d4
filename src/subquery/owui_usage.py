"""Usage where the admin analytics read it: each inner call's in the audit log (`Run._log_usage`), a loop's
total on the turn's `chat_message` row (`record_usage`). Every save of the message merges the usage it carries
unless equal, and the turn's final save writes the outer calls' usage; so the inner usage is added after it, to
the row and the history's copy in one locked transaction, and sent to the browser (a `chat:completion` event
carrying only `usage`), whose later `saveChatHandler` would otherwise merge its own copy back."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping, Sequence
from typing import Any

from .owui_context import Turn
from .status import _spawn
from .types import log

USAGE_WAIT_SECONDS = 1800.0  # longest wait for the turn's final save; then the usage is added anyway
USAGE_POLL_SECONDS = 0.5


def merged_usage(usages: Sequence[Any]) -> dict:
    from open_webui.utils.response import merge_usage

    total: dict = {}
    for usage in usages:
        if isinstance(usage, Mapping) and usage:
            total = merge_usage(total, dict(usage))
    return total


def record_usage(turn: Turn, usages: Sequence[Any]) -> asyncio.Task | None:
    """In the background, after the turn's final save. Temporary chats have no row."""
    from open_webui.utils.chat_id import is_saved_chat_id

    chat_id, message_id = turn.metadata.get("chat_id"), turn.metadata.get("message_id")
    ids = isinstance(chat_id, str) and isinstance(message_id, str) and bool(message_id)
    if not ids or not is_saved_chat_id(chat_id) or not (total := merged_usage(usages)):
        return None
    return _spawn(add_usage_after_final_save(chat_id, message_id, total, emit=turn.send))


async def add_usage_after_final_save(
    chat_id: str, message_id: str, usage: Mapping, wait: float = USAGE_WAIT_SECONDS, emit: Any = None
) -> dict | None:
    """Wait (bounded) until the message is saved as done, then add `usage`; the total goes to the browser too."""
    try:
        from open_webui.models.chat_messages import ChatMessages

        deadline = time.monotonic() + wait
        while True:
            row = await ChatMessages.get_message_by_id(f"{chat_id}-{message_id}")
            if row is None:
                return None  # no stored message to count on
            if row.done or time.monotonic() >= deadline:
                break
            await asyncio.sleep(USAGE_POLL_SECONDS)
        if not row.done:
            log.warning("subquery: message %s not done after %.0f s; usage added anyway", message_id, wait)
        total = await add_message_usage(chat_id, message_id, usage)
    except Exception:
        log.exception("subquery: could not add the inner usage to message %s", message_id)
        return None
    if total and emit is not None:
        await emit({"type": "chat:completion", "data": {"usage": total}})
    return total


async def add_message_usage(chat_id: str, message_id: str, usage: Mapping[str, Any]) -> dict | None:
    """Add `usage` to the message's row and the history's copy, in one transaction under the chat's lock.
    Private on purpose: 0.12.4's public writers of a message go through `ChatMessages.upsert_message`, which ADDS the
    usage the message carries to the row's, so row and history could not end at one total."""
    from open_webui.models.chat_messages import ChatMessage
    from open_webui.models.chats import Chats
    from open_webui.utils.response import merge_usage, normalize_usage
    from sqlalchemy.orm.attributes import flag_modified

    async with Chats._chat_transaction(chat_id) as (session, chat):
        row = await session.get(ChatMessage, f"{chat_id}-{message_id}") if chat is not None else None
        history = ((chat.chat or {}).get("history") or {}) if chat is not None else {}
        message = (history.get("messages") or {}).get(message_id)
        if row is None or not isinstance(message, dict):
            return None
        total = merge_usage(normalize_usage(row.usage or {}), dict(usage))
        row.usage = total
        history["messages"][message_id] = {**message, "usage": total}
        chat.chat = {**(chat.chat or {}), "history": history}
        flag_modified(chat, "chat")
    return total
