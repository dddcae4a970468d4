"""Subquery's valves (the admin's first hour): at most 12 admin valves, one user valve, every default from `Settings`,
and valves an earlier version saved load without error, read the way Open WebUI reads them (its own encryption round
trip, the check it runs when a tool's code is updated, then `Valves(**stored)` as `get_tools` builds them)."""

from __future__ import annotations

import types

from tests.conftest import load_plugin

sq = load_plugin("tools/subquery.py", "subquery_valves_plugin")

# The 19 admin valves of the previous version (commit f67bad6), each set away from its default, as an admin saved
# them: Open WebUI stores `Valves(**form).model_dump(exclude_unset=True)`, so every key the admin sent.
STORED_BY_THE_PREVIOUS_VERSION = {
    "model_id": "gpt-4o-mini",
    "max_rounds": 6,
    "max_parallel_tools": 6,
    "max_calls_per_round": 24,
    "tool_timeout_seconds": 45.0,
    "total_timeout_seconds": 240.0,
    "repeat_call_limit": 2,
    "max_result_chars": 12_000,
    "max_output_chars": 9_000,
    "max_reply_chars": 50_000,
    "run_request_filters": False,
    "text_tool_calls": "always",
    "sync_tools_in_threads": "*",
    "max_parallel_subqueries": 3,
    "conversation_view_tokens": 800,
    "max_subquery_tokens": 40_000,
    "max_tool_threads": 4,
    "include_tool_ids": "server:mcp:git",
    "exclude_tool_ids": "delete_all_notes",
}
DROPPED = {
    "max_calls_per_round",
    "repeat_call_limit",
    "max_reply_chars",
    "run_request_filters",
    "sync_tools_in_threads",
    "max_parallel_subqueries",
    "max_tool_threads",
}


def test_at_most_twelve_admin_valves_and_one_user_valve_each_default_from_settings():
    admin = sq.Tools.Valves.model_fields
    assert len(admin) <= 12 and not set(admin) & DROPPED
    assert set(admin) == set(STORED_BY_THE_PREVIOUS_VERSION) - DROPPED
    assert list(sq.Tools.UserValves.model_fields) == ["show_status"]
    defaults = sq.Tools.Valves()
    for name in admin:
        assert getattr(defaults, name) == getattr(sq.DEFAULTS, name, ""), name
        assert admin[name].description, name  # what the admin reads in Open WebUI


def test_valves_saved_by_the_previous_version_are_read_as_open_webui_reads_them_and_the_dropped_ones_ignored():
    from open_webui.utils.valves import decrypt_valves, encrypt_valves, validate_valves

    stored = decrypt_valves(encrypt_valves(dict(STORED_BY_THE_PREVIOUS_VERSION)))  # as they sit in the database
    assert stored == STORED_BY_THE_PREVIOUS_VERSION
    validate_valves(types.SimpleNamespace(Valves=sq.Tools.Valves), stored)  # the update's check: no error
    valves = sq.Tools.Valves(**stored)  # utils/tools.py get_tools: `module.Valves(**valves)`
    for name in sq.Tools.Valves.model_fields:
        assert getattr(valves, name) == stored[name], name  # every kept valve keeps the admin's value
    assert not any(hasattr(valves, name) for name in DROPPED)
    settings = sq.Settings.from_valves(valves)
    assert (settings.max_rounds, settings.max_subquery_tokens, settings.text_tool_calls) == (6, 40_000, "always")
    assert settings.max_parallel_subqueries == 3  # derived from max_parallel_tools (6), not the stored 3


def test_the_internals_are_constants_beside_settings():
    assert (sq.REPLY_CHARS, sq.MAX_CALLS_PER_ROUND, sq.REPEAT_CALL_LIMIT) == (100_000, 16, 3)
    assert [sq.Settings(max_parallel_tools=n).max_parallel_subqueries for n in (1, 2, 3, 8, 64)] == [1, 1, 1, 4, 32]


def test_no_test_hooks_in_the_class_open_webui_loads():
    own = set(vars(sq.Tools)) - {"__module__", "__doc__", "__dict__", "__weakref__", "__qualname__"}
    assert own == {"Valves", "UserValves", "__init__", "__dir__", "subquery", "subqueries"}
