"""What the held text of a reply becomes when the reply ends (`decide`): structured calls that Open WebUI's own loop
runs, or the same text, unchanged. It is converted only when all of it (blanks aside) is calls written as text to
tools this request offers, and the text-call rule (`textcalls.rule`, the same as Subquery's) lets every one of them
run: a call whose tool is named in untrusted text read since the user's last message stays text, with the reason.
Arguments are typed by the tool's schema (`textcalls.reader`) and, but for MCP tools, filtered to its parameters,
as Open WebUI's loop does before it runs a call. A call this turn already made REPEAT_CALLS times with the same
arguments stays text too: a small model that writes the same call again after its result would otherwise loop for
as many rounds as Open WebUI allows (256). Pure: no Open WebUI."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from textcalls.calls import spec_properties
from textcalls.reader import text_calls

from .chunks import tool_call_entry
from .data import call_key

# An identical call (tool and arguments) converted at most this often in one turn, as Subquery's REPEAT_CALL_LIMIT:
# a tool whose answer changes (a clock) may fairly be asked again, a fourth identical call is a loop.
REPEAT_CALLS = 3


@dataclass(frozen=True)
class Offer:
    """The tools a request offers: function specs by name (in the request's `tools` and runnable by the loop), and
    the names whose arguments Open WebUI filters to the spec's parameters (all but MCP tools)."""

    specs: Mapping[str, dict]
    filtered: frozenset[str]

    def is_calls(self, text: str) -> bool:
        """Whether `text` is calls written as text to these tools, and nothing else (blanks aside)."""
        found = text_calls(text, self.specs, "probe")
        return bool(found.calls) and not found.text.strip()


@dataclass(frozen=True)
class Outcome:
    """`calls`: `delta.tool_calls` entries (none: nothing converted); `text`: what the user sees of the held text;
    `refused`: (tool, why) for the calls the rule kept as text."""

    calls: list[dict]
    text: str
    refused: tuple[tuple[str, str], ...] = ()


# why(name, JSON arguments) -> "" when the rule lets the call run, else the reason it does not
Why = Callable[[str, str], str]


def decide(
    held: str,
    offer: Offer,
    why: Why,
    ids: Callable[[int], str],
    made: Mapping[tuple[str, str], int] | None = None,
) -> Outcome:
    """The held text as calls, when it is nothing but calls the rule lets run; else unchanged. `made`: how often
    each call (`data.call_key`) this turn already ran."""
    if not held.strip() or not offer.specs:
        return Outcome([], held)
    reasons: list[tuple[str, str]] = []

    def reason(name: str, arguments: str) -> str:
        runs = (made or {}).get(call_key(name, filtered_arguments(name, arguments, offer)), 0)
        if runs >= REPEAT_CALLS:
            return f"the same call already ran {runs} times in this turn"
        return why(name, arguments)

    def refuse(raw: str, calls: Sequence[tuple[str, str]]) -> bool:
        found = [(name, why_not) for name, arguments in calls if (why_not := reason(name, arguments))]
        reasons.extend(found)
        return bool(found)

    found = text_calls(held, offer.specs, "text", refuse)
    if reasons or not found.calls or found.text.strip():
        return Outcome([], held, tuple(reasons))
    entries = [
        tool_call_entry(i, ids(i), call.name, filtered_arguments(call.name, call.arguments, offer))
        for i, call in enumerate(found.calls)
    ]
    return Outcome(entries, "")


def filtered_arguments(name: str, arguments: str, offer: Offer) -> str:
    """The arguments as Open WebUI's loop passes them: only the tool's parameters, but for MCP tools."""
    if name not in offer.filtered:
        return arguments
    try:
        value = json.loads(arguments)
    except ValueError:
        return arguments
    if not isinstance(value, dict):
        return arguments
    allowed = spec_properties(offer.specs.get(name))
    return json.dumps({k: v for k, v in value.items() if k in allowed}, ensure_ascii=False)


def status_line(outcome: Outcome) -> str:
    """The status line for the user ("" when there is nothing to say)."""
    if outcome.calls:
        names = ", ".join(dict.fromkeys(f"`{c['function']['name']}`" for c in outcome.calls))
        return f"Calls written as text, run by Open WebUI: {len(outcome.calls)} ({names})"
    if outcome.refused:
        name, reason = outcome.refused[0]
        more = f" (and {len(outcome.refused) - 1} more)" if len(outcome.refused) > 1 else ""
        return f"Not run: a call to `{name}` written as text{more}: {reason}"
    return ""


def offer_of(tools: object, runnable: object) -> Offer:
    """The tools a request offers: its `tools` (the specs the model saw) that the loop can run (`runnable`: Open
    WebUI's `metadata['tools']`, name -> entry; an entry of type `mcp` gets its arguments unfiltered)."""
    entries = runnable if isinstance(runnable, Mapping) else {}
    specs: dict[str, dict] = {}
    for item in tools if isinstance(tools, list) else []:
        fn = item.get("function") if isinstance(item, Mapping) else None
        name = fn.get("name") if isinstance(fn, Mapping) else None
        if isinstance(name, str) and name in entries:
            specs[name] = dict(fn)
    mcp = {n for n in specs if isinstance(entries[n], Mapping) and entries[n].get("type") == "mcp"}
    return Offer(specs, frozenset(specs) - mcp)
