"""Issue 15, Must 5: one source of settings, a plan whose state is declared in one place, named
enums, a file formatted as the repository formats code."""

from __future__ import annotations

import ast
import subprocess
import sys

from devkit.histories import FILTER_PATH, ROOT, group, load_filter, output_text, system, user

tcf = load_filter()


def test_valves_take_defaults_and_bounds_from_the_one_definition():
    trim = tcf.TrimConfig.__pydantic_fields__
    names = {"trim_policy": "policy"}
    shared = 0
    for valve, info in tcf.Filter.Valves.model_fields.items():
        name = names.get(valve, valve)
        if name in trim:
            shared += 1
            assert info.default == trim[name].default and info.description == trim[name].description
            assert set(trim[name].metadata) <= set(info.metadata)  # the same bounds, and an upper one
            assert getattr(tcf.TrimConfig(1), name) == info.default
    assert shared == 4


def test_a_valve_set_without_validation_is_forced_into_the_same_bounds():
    f = tcf.Filter()
    f.valves.tool_output_max_tokens = 10**12
    f.valves.max_context_tokens = float("nan")
    f.valves.trim_policy = "lazy"
    f.valves.keep_recent_tool_groups = -3
    config, _, budget = f._plan_inputs({"messages": []}, {"openai": {"context_length": 8192}})
    info = tcf.Filter.Valves.model_fields["tool_output_max_tokens"]
    assert config.tool_output_max_tokens == next(m.le for m in info.metadata if hasattr(m, "le"))
    assert config.policy == "stable" and config.keep_recent_tool_groups == 0 and budget.window == 8192


def _plan_methods() -> list[ast.stmt]:
    """The methods of ``_Plan`` and of its base ``_Ledger``."""
    tree = ast.parse(FILTER_PATH.read_text(encoding="utf-8"))
    classes = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name in ("_Ledger", "_Plan")]
    assert len(classes) == 2
    return [fn for c in classes for fn in c.body]


def test_the_plan_sets_all_its_state_in_init():
    assigned: dict[str, set[str]] = {}
    for fn in _plan_methods():
        if isinstance(fn, ast.FunctionDef):
            for node in ast.walk(fn):
                targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
                for t in targets:
                    if (
                        isinstance(t, ast.Attribute)
                        and isinstance(t.value, ast.Name)
                        and t.value.id == "self"
                    ):
                        assigned.setdefault(fn.name, set()).add(t.attr)
    declared = assigned.pop("__init__")
    for method, attrs in assigned.items():
        assert attrs <= declared, (method, attrs - declared)


def test_named_enums_instead_of_integer_codes(monkeypatch):
    """A plan's items hold enum members, never bare integers, after a trim that shrinks and drops; and no
    kind is compared with an integer literal (a level may be, on the hot path, where a comment names it)."""
    assert [k.name for k in tcf.Kind] == ["SYSTEM", "USER", "PLAIN", "GROUP"]
    assert [lv.name for lv in tcf.Level] == ["RAW", "OLD", "FLOOR"]
    plans = []
    materialize = tcf._materialize
    monkeypatch.setattr(tcf, "_materialize", lambda plan: plans.append(plan) or materialize(plan))
    history = [system("s")] + [m for t in range(12) for m in (user(f"u{t}"), *group([f"c{t}"], [output_text(4000, t)]))]
    tcf.trim_messages(history, tcf.TrimConfig(budget_tokens=6_000))
    (plan,) = plans
    assert all(type(it.kind) is tcf.Kind and type(it.level) is tcf.Level for it in plan.items)
    assert {it.kind for it in plan.items} == {tcf.Kind.SYSTEM, tcf.Kind.USER, tcf.Kind.GROUP}
    assert {it.level for it in plan.items} > {tcf.Level.RAW}  # some were shrunk: set_level ran
    for node in ast.walk(ast.parse(FILTER_PATH.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            kinds = [s for s in sides if (isinstance(s, ast.Attribute) and s.attr == "kind") or (isinstance(s, ast.Name) and s.id == "kind")]
            numbers = [s for s in sides if isinstance(s, ast.Constant) and type(s.value) is int]
            assert not (kinds and numbers), ast.unparse(node)


def test_the_plugin_file_is_ruff_formatted():
    done = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--check", str(FILTER_PATH)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stdout + done.stderr
