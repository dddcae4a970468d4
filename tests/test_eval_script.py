"""The evaluation's bookkeeping (scripts/eval_real_model.py), on made-up turns: the file's keys, the
slices, the goals and the plot. The runs themselves need the real model (`make eval`)."""

from __future__ import annotations

import json
import sys

from devkit.plugins import ROOT

sys.path.insert(0, str(ROOT / "scripts"))
import eval_conversations as conv  # noqa: E402
import eval_real_model as ev  # noqa: E402


def turns() -> list:
    out = []
    for setup, right, tokens in (("native", 1, 1000), ("subquery", 2, 500), ("subquery+filter", 2, 400)):
        for k, large in ((0, True), (1, True), (0, False), (1, False)):
            ok = k < right if large else True
            out.append(
                ev.Result(setup, "C02" if large else "C05", k, large, ok, tokens * (k + 1), 3 * tokens, 2.0)
            )
    return out


def test_the_file_has_the_issues_keys_per_setup_and_per_slice():
    data = ev.summary(turns())
    assert set(data["setups"]) == {"native", "subquery", "subquery+filter"}
    for setup in data["setups"].values():
        assert set(setup) == set(ev.KEYS)
    assert set(data["slices"]) == {"first", "follow-ups", "large-outputs"}
    assert data["slices"]["follow-ups"]["native"] == {
        "facts_right": 1,
        "facts_via_fallback": None,  # not recorded for these turns
        "facts_total": 2,
        "main_prompt_tokens": 4000,
        "total_tokens": 6000,
        "wall_s": 4.0,
    }
    assert data["slices"]["large-outputs"]["subquery"]["facts_right"] == 2
    assert data["setups"]["native"]["facts_total"] == 4


def test_the_goals_can_be_missed_and_met():
    lines = ev.goals(ev.summary(turns()))
    assert "subquery facts overall: 4 vs native 3 (met)" in lines
    assert "subquery main-chat tokens on large outputs: 50% of native (met, goal <= 60%)" in lines
    worse = [
        ev.Result("subquery", "C02", 0, True, False, 900, 1, 1.0),
        ev.Result("native", "C02", 0, True, True, 1000, 1, 1.0),
    ]
    lines = ev.goals(ev.summary(worse))
    assert "subquery facts overall: 0 vs native 1 (NOT met)" in lines
    assert any("90% of native (NOT met" in line for line in lines)


def test_the_table_comes_from_the_file_and_the_plot_is_drawn(tmp_path):
    text = ev.table(ev.summary(turns()))
    assert "| native | all turns | 3/4 |" in text and "| subquery+filter | large-outputs | 2/2 |" in text
    path = tmp_path / "plot.png"
    ev.plot(turns(), path)
    from PIL import Image

    image = Image.open(path).convert("L")
    low, high = image.getextrema()
    assert image.size[0] > 500 and high - low > 100  # drawn, not blank


def test_the_conversations_ask_one_fact_per_turn_and_refer_back():
    assert len(conv.CONVERSATIONS) >= 20
    assert all(2 <= len(c.turns) <= 4 for c in conv.CONVERSATIONS)
    assert sum(c.large for c in conv.CONVERSATIONS) >= 5
    follow_ups = [t.question for c in conv.CONVERSATIONS for t in c.turns[1:]]
    assert all("{repo}" not in q for q in follow_ups)  # a follow-up never names the repository again
    assert conv.converted("Asia/Tokyo", "18:00", "Europe/London")("It is 09:00 in London.") in (True, False)
    assert conv.on(7)("calibrated on 2026-10-07") and not conv.on(7)("on 2026-10-17")


def test_a_refused_request_is_read_for_its_size_and_drawn():
    error = 'ApiError: /api/chat/completions: HTTP 400: {"error":{"code":400,"message":"request (9866 tokens) exceeds the available context size (8192 tokens)"}}'
    assert ev.refused_tokens(error) == 9866 and ev.refused_tokens("OSError: timed out") == 0


def test_a_setup_run_on_some_conversations_only_has_no_empty_rows_and_no_shares():
    """A setup run on the first-turn conversations only: no row for the slice it has no turns in, and the README's
    row gives its own figures without a share of native's (they are not the same turns)."""
    some = [r for r in turns() if not r.large] + [
        ev.Result("native+text-calls", "C05", 0, False, True, 500, 600, 3.0)
    ]
    data = ev.summary(some)
    assert "| native+text-calls | all turns | 1/1 |" in ev.table(data)
    assert "| native+text-calls | large-outputs |" not in ev.table(data)
    assert "| native+text-calls | 1/1 | 500 | 600 | 0.1 min |" in ev.brief(data)


def test_the_readme_and_the_page_show_the_committed_run():
    """The tables in README.md and docs/real-model.md are the ones `--table` makes from docs/eval/real-model.json."""
    data = json.loads(ev.OUT.read_text(encoding="utf-8"))
    assert ev.brief(data) in (ROOT / "README.md").read_text(encoding="utf-8")
    page = (ROOT / "docs" / "real-model.md").read_text(encoding="utf-8")
    assert ev.table(data) in page and all(goal in page for goal in ev.goals(data))


def test_the_grader_reads_times_inside_iso_timestamps():
    """`\\b` fails between the `T` of an ISO timestamp and the hour: the grader bounds times by digits instead."""
    import re

    def said(hour: int, minute: int, text: str) -> bool:
        return re.search(conv.clock(hour, minute), text, re.I) is not None

    assert said(19, 52, "It is 2026-11-26T19:52:26+09:00 in Tokyo.") and said(19, 52, "at 19:52Z")
    assert said(15, 30, "3:30 PM") and not said(3, 30, "3:30 PM") and not said(3, 30, "13:30") and not said(9, 5, "19:05")
    from datetime import UTC, datetime

    now = datetime.now(UTC)
    assert conv.clock_now("UTC")(now.strftime("%Y-%m-%dT%H:%M:%S+00:00")) and not conv.clock_now("UTC")("T99:99")


def test_subquerys_stop_reasons_and_its_fallback_are_kept_per_turn():
    lines = [
        "Subquery · round 1",
        "Subquery done · 2 rounds · 1 tool call · 1.2k tokens · 3.0 s",
        "Subquery stopped at the time limit · 1 round · 2 tool calls · 900 tokens · 300.0 s",
        "Subqueries done · 3 tasks: done 2, done (token budget reached) 1 · 4 rounds · 3 tool calls · 2k tokens · 9.0 s",
    ]
    assert ev.stop_reasons(lines) == ["answered", "deadline", "answered", "answered", "budget"]
    call = {"type": "function_call", "name": "subquery", "call_id": "a"}
    gathered = {"type": "function_call_output", "call_id": "a", "output": [{"type": "input_text", "text": "[Subquery stopped: the 300 s time limit ran out. What was gathered so far:]\nChen Wei"}]}
    message = {"content": "It was Chen Wei.", "output": [call, gathered], "statusHistory": [{"description": lines[2]}]}
    conversation = conv.CONVERSATIONS[0]
    setup = next(s for s in ev.SETUPS if s.name == "subquery")
    r = ev.result_of(setup, conversation, 0, message, [], 1.0, "")
    assert r.right and r.fallback and r.stops == ["deadline"]
    answered = {**gathered, "output": [{"type": "input_text", "text": "The latest commit is by Chen Wei."}]}
    r = ev.result_of(setup, conversation, 0, {**message, "output": [call, answered]}, [], 1.0, "")
    assert r.right and r.fallback is False
    assert ev.totals([r, ev.Result("subquery", "B01", 1, False, True, 1, 1, 1.0, fallback=True)])["facts_via_fallback"] == 1
    texty = {"content": "x", "statusHistory": [{"description": "Calls written as text, run by Open WebUI: 2 (`a`, `b`)"}]}
    assert ev.result_of(ev.SETUPS[2], conversation, 0, texty, [], 1.0, "").converted == 2


def test_mcnemar_and_the_paired_comparisons():
    assert ev.mcnemar(0, 0) == 1.0 and ev.mcnemar(5, 5) == 1.0
    assert abs(ev.mcnemar(0, 6) - 2 / 64) < 1e-12  # all six discordant turns one way: p = 2 * 0.5^6
    assert abs(ev.mcnemar(1, 9) - 2 * 11 / 1024) < 1e-12
    data = ev.summary(turns())
    [sub, filt, both] = data["comparisons"]
    assert (sub["setup"], sub["against"], sub["paired_turns"]) == ("subquery", "native", 4)
    assert (sub["right"], sub["right_against"], sub["only_setup"], sub["only_against"]) == (4, 3, 1, 0)
    assert both["against"] == "subquery" and both["mcnemar_p"] == 1.0
    assert "subquery vs native: 4 vs 3 of 4 paired turns; right with one only: 1 vs 0; McNemar exact p = 1.00" in ev.comparison_lines(data)


def test_a_setup_run_alone_is_merged_into_the_file():
    old = ev.merged(None, turns(), {s: {"commit": "abc", "minutes": 1.0} for s in ("native", "subquery", "subquery+filter")}, {"model": "m"})
    new = [ev.Result("native+text-calls", "C05", 0, False, True, 10, 20, 60.0, converted=1), ev.Result("native", "C05", 0, False, False, 5, 5, 6.0)]
    data = ev.merged(old, new, {"native+text-calls": {"commit": "def", "minutes": 1.0}, "native": {"commit": "def", "minutes": 0.1}}, {"model": "m"})
    assert list(data["setups"]) == ["native", "native+text-calls", "subquery", "subquery+filter"]
    assert data["setups"]["native"]["facts_total"] == 1  # the native turns run again replace the old ones
    assert data["runs"]["subquery"]["commit"] == "abc" and data["runs"]["native"]["commit"] == "def"
    assert {c["setup"] for c in data["comparisons"]} == {"native+text-calls", "subquery", "subquery+filter"}
    legacy = {k: v for k, v in old.items() if k != "runs"}
    again = ev.merged(legacy, new, {"native+text-calls": {"commit": "def"}, "native": {"commit": "def"}}, {})
    assert again["runs"]["subquery"]["commit"] == "not recorded"
    assert ev.code_commit().split("+")[0] != "unknown"


def test_a_results_file_is_merged_into_another():
    base = ev.merged(None, turns(), {s: {"commit": "abc"} for s in ("native", "subquery", "subquery+filter")},
                     {"model": "m", "seed": 42})
    again = ev.merged(None, [ev.Result("native", "C05", 0, False, True, 1, 1, 1.0)], {"native": {"commit": "new"}}, {})
    data = ev.merge_file(again, base)
    assert data["runs"]["native"]["commit"] == "new" and data["runs"]["subquery"]["commit"] == "abc"
    assert data["setups"]["native"]["facts_total"] == 1 and data["model"] == "m"
