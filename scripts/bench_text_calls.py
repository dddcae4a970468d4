#!/usr/bin/env python3
"""Benchmark of filters/text_tool_calls.py: a 100,000-chunk reply through Open WebUI's own stream path, with the
plugin against a filter that passes every chunk untouched, in the same run.

Each chunk goes the way Open WebUI 0.12.4's middleware sends it: the SSE line decoded (`JSONCodec.loads`), then
`utils.filter.process_filter_functions(filter_type='stream')` with the extra parameters the streaming handler gives
(`__body__`, `__metadata__`, `__user__`, `__event_emitter__`). The pass-through filter is the unavoidable work: every
installed stream filter costs at least that. The replies:

- prose: 100,000 chunks of markdown prose (lists, links, code spans, a fenced Python block, JSON examples at line
  starts): nothing converted, some text held and released;
- call: the same prose, then a fenced JSON call to an offered tool, converted on the finish chunk.

The criterion (issue 35, Must 4): the plugin costs at most 2x the pass-through filter. Also printed: the ratio to
decoding the chunks alone (no filter), for scale. Best of `--repeat` runs; `--chunks` changes the size.

Usage: ``python scripts/bench_text_calls.py [--chunks 100000] [--repeat 3] [--json PATH]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SCRATCH = ROOT / "test-output" / "bench-text-calls"
(SCRATCH / "data").mkdir(parents=True, exist_ok=True)
for key, value in {
    "DATA_DIR": str(SCRATCH / "data"),
    "STATIC_DIR": str(SCRATCH / "static"),
    "FROM_INIT_PY": "true",
    "OFFLINE_MODE": "true",
    "HF_HUB_OFFLINE": "1",
    "ENABLE_OLLAMA_API": "false",
    "RAG_EMBEDDING_ENGINE": "openai",
    "WEBUI_SECRET_KEY": "bench",
}.items():
    os.environ.setdefault(key, value)
sys.path.insert(0, str(ROOT))

from devkit.plugins import load_plugin  # noqa: E402

PASS_THROUGH = '''
from pydantic import BaseModel


class Filter:
    class Valves(BaseModel):
        enabled: bool = True

    def __init__(self):
        self.valves = self.Valves()

    async def stream(self, event, __body__=None, __metadata__=None, __user__=None, __event_emitter__=None):
        return event
'''
SPEC = {
    "name": "get_time",
    "description": "the time in a zone",
    "parameters": {"type": "object", "properties": {"zone": {"type": "string"}}},
}
WORDS = "the of and to in is for on with as by at from that this result value data file path item status".split()
CALL = '\n```json\n{"name": "get_time", "arguments": {"zone": "Europe/Lisbon"}}\n```'


def prose_pieces(n: int, seed: int = 7) -> list[str]:
    """`n` token-sized pieces of markdown prose, with the candidates a reply holds briefly now and then."""
    rnd = random.Random(seed)
    extras = ["\n- ", " [link](https://example.com)", " `code`", "\n{\"config\": 1}\n", "\n[1, 2]\n", " <b>", ".\n\n"]
    out: list[str] = []
    while len(out) < n:
        out.append(" " + rnd.choice(WORDS))
        if rnd.random() < 0.03:
            out.append(rnd.choice(extras))
        if rnd.random() < 0.0005:
            out += ["\n```python\n", "x = {'a': [1, 2]}", "\n```\n"]
    return out[:n]


def sse(pieces: list[str]) -> list[str]:
    """The SSE data lines of a reply: a role chunk, one chunk per piece, a finish chunk, a usage chunk."""

    def line(delta: dict, finish: str | None = None, **extra: Any) -> str:
        body = {"id": "c", "object": "chat.completion.chunk", "created": 0, "model": "m",
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish}], **extra}
        return "data: " + json.dumps(body)

    usage = {"id": "c", "object": "chat.completion.chunk", "choices": [], "usage": {"prompt_tokens": 1, "completion_tokens": len(pieces)}}
    return [line({"role": "assistant", "content": ""}), *(line({"content": p}) for p in pieces),
            line({}, "stop"), "data: " + json.dumps(usage)]


async def run_reply(lines: list[str], module: Any, fid: str, decode_only: bool = False) -> tuple[float, str, int]:
    """Seconds to send `lines` through Open WebUI's stream path, and what the user saw (text, converted calls)."""
    from open_webui.utils.filter import FilterContext, process_filter_functions
    from open_webui.utils.json_codec import JSONCodec
    from open_webui.utils.plugin import get_functions_cache

    request = SimpleNamespace(app=SimpleNamespace(state=SimpleNamespace()))
    get_functions_cache(request)[fid] = module.Filter()
    body = {"model": "m", "stream": True, "messages": [{"role": "user", "content": "what time is it?"}],
            "tools": [{"type": "function", "function": SPEC}]}
    metadata = {"chat_id": "bench-chat", "message_id": f"bench-{time.perf_counter_ns()}", "tools": {"get_time": {"spec": SPEC, "type": "function"}}}

    async def emitter(event: dict) -> None:
        return None

    extra = {"__body__": body, "__metadata__": metadata, "__user__": {"id": "bench-user", "role": "admin"},
             "__event_emitter__": emitter}
    functions = [SimpleNamespace(id=fid)]
    context = FilterContext()
    context.valves_by_id = {}
    context.user_valves = {(fid, "bench-user"): None}
    shown, calls = [], 0
    began = time.perf_counter()
    for raw in lines:
        data = JSONCodec.loads(raw[5:].strip())
        if not decode_only:
            data, _ = await process_filter_functions(request, context, functions, "stream", data, extra)
        choices = data.get("choices") if data else None
        if choices:
            shown.append(choices[0]["delta"].get("content") or "")
            calls += len(choices[0]["delta"].get("tool_calls") or [])
    return time.perf_counter() - began, "".join(shown), calls


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--chunks", type=int, default=100_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    plugin = load_plugin("filters/text_tool_calls.py", "bench_text_tool_calls")
    passer = SimpleNamespace()
    exec(compile(PASS_THROUGH, "pass_through_filter", "exec"), passer.__dict__)  # noqa: S102 - our own literal
    pieces = prose_pieces(args.chunks)
    replies = {"prose": pieces, "call": pieces[:-1] + [CALL]}
    results: dict[str, dict] = {}
    for module, fid in ((passer, "pass"), (plugin, "text_tool_calls")):  # imports and first calls, untimed
        asyncio.run(run_reply(sse(prose_pieces(200) + [CALL]), module, fid))
    for name, reply in replies.items():
        lines = sse(reply)
        best: dict[str, float] = {}
        for _ in range(args.repeat):
            for kind, module, fid, decode in (("decode", passer, "pass", True), ("pass", passer, "pass", False),
                                              ("plugin", plugin, "text_tool_calls", False)):
                seconds, shown, calls = asyncio.run(run_reply(lines, module, fid, decode))
                best[kind] = min(best.get(kind, float("inf")), seconds)
                if kind == "plugin":
                    text = "".join(reply)
                    want = (text, 0) if name == "prose" else (text[: 1 - len(CALL)], 1)  # the line break before the fence is prose
                    assert (shown, calls) == want, (name, shown[-80:], calls)
        results[name] = {**{k: round(v, 3) for k, v in best.items()},
                         "plugin_vs_pass": round(best["plugin"] / best["pass"], 2),
                         "plugin_vs_decode": round(best["plugin"] / best["decode"], 2)}
        r = results[name]
        print(f"{name:6} {len(lines):,} chunks: decode only {r['decode']:.2f} s, pass-through filter {r['pass']:.2f} s, "
              f"text-call plugin {r['plugin']:.2f} s -> {r['plugin_vs_pass']:.2f}x the pass-through filter "
              f"(criterion <= 2x: {'met' if r['plugin_vs_pass'] <= 2 else 'NOT met'}), {r['plugin_vs_decode']:.2f}x decoding alone")
    if args.json:
        args.json.write_text(json.dumps({"chunks": args.chunks, "results": results}, indent=1) + "\n")
    return 0 if all(r["plugin_vs_pass"] <= 2 for r in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
