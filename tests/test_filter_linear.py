"""Issue 15, Must 3: linear in the size of the history however ids repeat, for every allowed
``low_water``, and for one long agent turn.  Measured as operation counts (Python lines the
filter executes, traced), never as wall-clock time: this machine is shared."""

from __future__ import annotations

import gc
import sys

import pytest

from devkit.histories import FILTER_PATH, assistant, call, group, load_filter, output_text, system, tool, user

tcf = load_filter()
EST = tcf.TokenCounter()
FILE = str(FILTER_PATH)


def lines_executed(fn) -> int:
    """How many lines of the plugin's own code ``fn()`` executes (a deterministic operation count)."""
    count = 0

    def tracer(frame, event, arg):
        nonlocal count
        if frame.f_code.co_filename != FILE:
            return None
        if event == "line":
            count += 1
        return tracer

    sys.settrace(tracer)
    try:
        fn()
    finally:
        sys.settrace(None)
    return count


def growth(build, n: int, config: tcf.TrimConfig) -> float:
    """Operations at 4n over operations at n: about 4 when linear, about 16 when quadratic."""
    small, large = build(n), build(4 * n)
    tcf._SHRINK_MEMO.clear()
    ops_small = lines_executed(lambda: tcf.trim_messages(small, config, EST))
    tcf._SHRINK_MEMO.clear()
    ops_large = lines_executed(lambda: tcf.trim_messages(large, config, EST))
    return ops_large / ops_small


def repeated_id_rounds(n: int) -> list:
    """One turn whose every round reuses the id ``call_0`` (Open WebUI #28570)."""
    h = [system(), user("go")]
    for i in range(n):
        h += group(["call_0"], [f"result {i}"])
    return h


def test_renaming_repeated_ids_is_linear():
    r = tcf.trim_messages(repeated_id_rounds(50), tcf.TrimConfig(budget_tokens=10**9), EST)
    ids = [c["id"] for m in r.messages for c in m.get("tool_calls") or []]
    assert ids == ["call_0"] + [f"call_0_{i}" for i in range(2, 51)]
    assert growth(repeated_id_rounds, 150, tcf.TrimConfig(budget_tokens=10**9)) < 5


def test_pairing_is_linear_in_the_calls_of_one_message():
    def build(n):
        cids = [f"c{i}" for i in range(n)]
        return [
            user("q"),
            assistant("", tool_calls=[call(c) for c in cids]),
            *[tool(c, "r") for c in reversed(cids)],
        ]

    r = tcf.trim_messages(build(300), tcf.TrimConfig(budget_tokens=10**9), EST)
    assert r.report.calls_stubbed == 0 and r.report.orphans_removed == 0
    assert growth(build, 200, tcf.TrimConfig(budget_tokens=10**9)) < 5


def many_turns(n: int) -> list:
    h = [system()]
    for t in range(n):
        h += [user(f"turn {t}"), *group([f"c{t}"], [output_text(1200, t % 7)]), assistant(f"answer {t}")]
    return h


@pytest.mark.parametrize("low_water", [0.05, 0.6, 0.95, 1.0])
def test_replay_is_linear_for_every_low_water(low_water):
    # A budget of ~30 turns, so that every few turns a batch runs (with 1.0, at almost every turn).
    config = tcf.TrimConfig(budget_tokens=12_000, low_water=low_water)
    r = tcf.trim_messages(many_turns(200), config, EST)
    assert r.report.batch_trims >= (2 if low_water < 1 else 50) and r.report.tokens_after <= 12_000
    assert growth(many_turns, 60, config) < 5


def agent_turn(n: int) -> list:
    h = [system(), user("do it all")]
    for i in range(n):
        h += group([f"call_{i}"], [output_text(900, i % 11)])
    return h


@pytest.mark.parametrize("policy", tcf.POLICIES)
def test_one_long_agent_turn_is_linear(policy):
    config = tcf.TrimConfig(budget_tokens=26_624, policy=policy)
    assert growth(agent_turn, 200, config) < 5


def tracked_while_planning(messages: list, counter, monkeypatch) -> int:
    """The most objects the cycle collector tracks beyond those before, while a trim plans (at the end
    of a turn, when its calls wait the most, and once all is counted): a deterministic count."""
    gc.collect()
    before, peaks = len(gc.get_objects()), []
    end_turn = tcf._Parser.end_turn

    def spy(self):
        peaks.append(len(gc.get_objects()) - before)
        end_turn(self)

    monkeypatch.setattr(tcf._Parser, "end_turn", spy)
    plan = tcf._Plan(messages, tcf.TrimConfig(budget_tokens=8_192), counter)
    plan.parse(tcf._last_user(messages))
    plan.measure_and_replay()
    peaks.append(len(gc.get_objects()) - before)
    return max(peaks)


@pytest.mark.parametrize("exact", [None, len], ids=["estimate", "exact"])
@pytest.mark.parametrize("ids", ["one id", "distinct ids"])
def test_calls_make_no_object_the_collector_tracks_per_call(ids, exact, monkeypatch):
    """Issue 33, Must 3: a full pass of the cycle collector holds the interpreter lock over every object
    it tracks, so a million calls that made a few objects each held the event loop 240-600 ms.  Waiting
    calls are numbers, stubs and new ids are made as a kept group goes out, cache keys are numbers."""
    n = 10_000  # within the read limit (``READ_LIMIT``): every call is read
    calls = [call("c1")] * n if ids == "one id" else [call(f"c{i}") for i in range(n)]
    messages = [user("q"), assistant("", tool_calls=calls), assistant("ok"), user("next?")]  # no results
    assert sum(map(tcf._items, messages)) <= tcf.READ_LIMIT
    tcf.COUNT_CACHE.clear()
    assert tracked_while_planning(messages, tcf.TokenCounter(exact=exact), monkeypatch) < 1_000
    r = tcf.trim_messages(messages[:2], tcf.TrimConfig(budget_tokens=10**9), tcf.TokenCounter(exact=exact))
    assert r.report.calls_stubbed == n and r.report.ids_renamed == (n - 1 if ids == "one id" else 0)
    sent = [c["id"] for c in r.messages[1]["tool_calls"]]
    assert len(set(sent)) == n and [m["tool_call_id"] for m in r.messages[2:]] == sent
