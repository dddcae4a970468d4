"""Issue 25, Must 6 and issue 35, Must 6: every dialect the plugins ship reads at least 95% of its upstream parsers'
own test cases (`tests/data/upstream_text_calls.py`: vLLM, SGLang, Ollama and llama.cpp, each case named by repo, file
and test), counted per dialect twice: over all four, and over vLLM's, SGLang's and Ollama's alone (the inference
servers local models run on; llama.cpp's many template cases could hide a dialect those servers' own cases fail).

How a case is counted:
- only cases taken from an upstream parser's test suite count (sources starting with `COUNTED`); cases from
  issue threads or our own issues are in the data too, but they are not upstream's tests;
- a case passes when the calls read (name and decoded arguments, in order) equal the calls upstream expects
  (`Case.calls`, not `Case.ours`: a precision rule of ours that differs from upstream is a miss here);
- a case whose expected call names a function that is not offered passes when nothing is read (only offered
  tools can be called, so "not a call" is the right answer there);
- the tools offered are the case's own (`Case.tools`), with upstream's schemas.

Run `python -m tests.test_textcalls_upstream` (or pytest with `-s`) to print the table."""

from __future__ import annotations

import json

from tests.conftest import load_plugin
from tests.data.upstream_text_calls import SETS, Case
from textcalls.dialects import _DIALECT_BY_NAME

sq = load_plugin("tools/subquery.py", "subquery_upstream_rates_plugin")

COUNTED = (
    "vLLM tests/",
    "SGLang test/",
    "Ollama model/",
    "Ollama tools/",
    "Ollama harmony/",
    "llama.cpp tests/",
)
SERVERS = COUNTED[:5]  # vLLM, SGLang and Ollama: the separate count
FLOOR = 0.95
MIN_CASES = 15  # a dialect's rate rests on at least this many upstream cases
MIN_SERVER_CASES = 4  # ... and on at least this many of vLLM's, SGLang's and Ollama's


def passes(case: Case) -> bool:
    _, calls = sq.parse_inline_calls(case.text, case.tools, "u")
    got = [(c.name, json.loads(c.arguments)) for c in calls]
    unoffered = any(name not in case.tools for name, _ in case.calls)
    return got == case.calls or (not got and unoffered)


def rates(sources: tuple[str, ...] = COUNTED) -> dict[str, tuple[int, int, list[str]]]:
    """Per dialect: (passed, counted, the sources of the misses), over the cases of `sources`."""
    table = {}
    for dialect, cases in SETS.items():
        counted = [c for c in cases if c.source.startswith(sources)]
        misses = [c.source for c in counted if not passes(c)]
        table[dialect] = (len(counted) - len(misses), len(counted), misses)
    return table


def render(table: dict[str, tuple[int, int, list[str]]]) -> str:
    lines = [f"{'dialect':<14}{'passed':>8}{'counted':>9}{'rate':>8}"]
    for dialect, (ok, n, misses) in table.items():
        lines.append(f"{dialect:<14}{ok:>8}{n:>9}{ok / n:>8.1%}")
        lines += [f"    miss: {source}" for source in misses]
    return "\n".join(lines)


def test_every_shipped_dialect_reads_95_percent_of_its_upstream_cases():
    table = rates()
    print("\n" + render(table))
    shipped = set(_DIALECT_BY_NAME) - {"llama3_json_only"}  # the Llama 3 JSON reader's second half
    assert shipped <= set(table), shipped - set(table)
    for dialect, (ok, n, _) in table.items():
        assert n >= MIN_CASES, (dialect, n)
        assert ok / n >= FLOOR, render(table)


def test_every_shipped_dialect_reads_95_percent_of_vllms_sglangs_and_ollamas_cases():
    """The separate count: vLLM's, SGLang's and Ollama's own cases alone, per dialect."""
    table = rates(SERVERS)
    print("\nvLLM, SGLang and Ollama alone:\n" + render(table))
    shipped = set(_DIALECT_BY_NAME) - {"llama3_json_only"}
    assert shipped <= set(table), shipped - set(table)
    for dialect, (ok, n, _) in table.items():
        assert n >= MIN_SERVER_CASES, (dialect, n)
        assert ok / n >= FLOOR, render(table)


def test_the_rate_counts_misses():
    """The rate is not vacuous: a case with a changed expectation is a miss, an unoffered call read as none is not."""
    case = next(c for c in SETS["hermes"] if c.calls and c.ours is None)
    assert passes(case)
    assert not passes(Case(case.source, case.text, case.tools, case.calls + case.calls))
    assert not passes(Case(case.source, case.text, case.tools, [("not_offered", {})]))
    assert passes(Case(case.source, "no call here", case.tools, [("not_offered", {})]))
    assert not passes(Case(case.source, "no call here", case.tools, [(next(iter(case.tools)), {})]))


if __name__ == "__main__":
    print(render(rates()) + "\n\nvLLM, SGLang and Ollama alone:\n" + render(rates(SERVERS)))
