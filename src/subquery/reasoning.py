"""Reasoning in model replies: the blocks stripped from the text the loop reads (Open WebUI's markers, or the turn's
`params.reasoning_tags`), and what a provider sent, replayed next round by Open WebUI's per-provider rule."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

# Open WebUI's reasoning markers, read by the loop (see `strip_reasoning`).
REASONING_TAGS: tuple[tuple[str, str], ...] = (  # Open WebUI's DEFAULT_REASONING_TAGS (0.12.4)
    *((f"<{t}>", f"</{t}>") for t in ("think", "thinking", "reason", "reasoning", "thought", "Thought")),
    ("<|begin_of_thought|>", "<|end_of_thought|>"),
    ("◁think▷", "◁/think▷"),
)
REASONING_TEXT_FIELDS = ("reasoning_content", "reasoning", "thinking")  # where providers put reasoning


def reasoning_tags_for(param: Any) -> tuple[tuple[str, str], ...]:
    """`params.reasoning_tags` as Open WebUI reads it: False disables, a [start, end] pair replaces."""
    if param is False:
        return ()
    if isinstance(param, (list, tuple)) and len(param) == 2 and all(isinstance(t, str) and t for t in param):
        return ((param[0], param[1]),)
    return REASONING_TAGS


def _start_pattern(tag: str) -> str:
    if tag.startswith("<") and tag.endswith(">"):
        return rf"<{re.escape(tag[1:-1])}(\s[^>]*)?>"  # attributes allowed, as Open WebUI does
    return re.escape(tag)


def strip_reasoning(content: str, tags: Sequence[tuple[str, str]] = REASONING_TAGS) -> str:
    """Content without reasoning blocks; an unclosed block runs to the end (still reasoning)."""
    if not content:
        return ""
    original = content
    for start, end in tags:
        content = re.sub(rf"{_start_pattern(start)}.*?(?:{re.escape(end)}|\Z)", "", content, flags=re.DOTALL)
    return content.strip() if content != original else content


def reasoning_of(message: Mapping[str, Any]) -> tuple[str, tuple[Any, ...]]:
    """The reasoning a provider sent on a reply: its text and its `reasoning_details` entries."""
    text = next(
        (message[k] for k in REASONING_TEXT_FIELDS if isinstance(message.get(k), str) and message[k]), ""
    )
    details = message.get("reasoning_details")
    provider = message.get("provider_specific_fields")
    if not details and isinstance(provider, Mapping):
        details = provider.get("reasoning_details")
    if isinstance(details, dict):
        details = [details]
    return text, tuple(details) if isinstance(details, list) else ()


def replay_reasoning(text: str, details: Sequence[Any], fmt: str | None) -> dict:
    """Open WebUI's rule for reasoning sent back within a turn (`convert_output_to_messages`, raw):
    the text only in the provider's own field (`thinking` for Ollama, `reasoning_content` for
    llama.cpp; nothing by default), `reasoning_details` without unsigned Anthropic entries. The
    adapter uses Open WebUI's own functions; this is their rule for when they cannot be imported."""
    out: dict[str, Any] = {}
    if text and fmt in ("thinking", "reasoning_content"):
        out[fmt] = text
    kept = [
        d
        for d in details
        if isinstance(d, dict) and (d.get("format") != "anthropic-claude-v1" or d.get("signature"))
    ]
    if kept:
        out["reasoning_details"] = kept
    return out
