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


def test_the_readme_and_the_page_show_the_committed_run():
    """The tables in README.md and docs/real-model.md are the ones `--table` makes from docs/eval/real-model.json."""
    data = json.loads(ev.OUT.read_text(encoding="utf-8"))
    assert ev.brief(data) in (ROOT / "README.md").read_text(encoding="utf-8")
    page = (ROOT / "docs" / "real-model.md").read_text(encoding="utf-8")
    assert ev.table(data) in page and all(goal in page for goal in ev.goals(data))
