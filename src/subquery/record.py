"""The record of a subquery's inner calls (`CallRecord`): each call with its full arguments and outcome, shown as
one collapsed block on the chat message. Sent as an embed: Open WebUI 0.12.4 draws a message from its `output` items,
so text a tool appends to the content is not shown. A call still running when the subquery stops is marked
interrupted (its side effects may have happened). Bounded: TASK_RECORD_BYTES per subquery or task, RECORD_BYTES per
`subqueries` call; past that, arguments are cut with a note, and further calls are counted, not listed."""

from __future__ import annotations

import html
import json
from bisect import bisect_right
from dataclasses import dataclass
from typing import Any

from .types import _safe_str

INTERRUPTED = "interrupted: the subquery stopped while it ran (it may have had its effect)"
TASK_RECORD_BYTES = 256_000  # the record of one subquery, or of one task of `subqueries`
RECORD_BYTES = 1_000_000  # the record of one `subqueries` call, every task together
PAGE_BYTES = 2_000  # the page around the entries (style, summary, script)
OUTCOME_CHARS, NAME_CHARS_SHOWN = 200, 128  # an entry's outcome and name, as shown
ITEM_BYTES = 48  # an entry's own markup
# The embed tells Open WebUI its height (a sandboxed frame cannot be measured): its body's, whenever it changes
# (opened, or laid out late: the document's own height never shrinks below the frame's, and was 0 in a frame laid
# out while hidden, which left the block invisible).
_HEIGHT_SCRIPT = (
    "<script>function h(){parent.postMessage({type:'iframe:height',height:document.body.scrollHeight},'*')}"
    "addEventListener('load',function(){h();new ResizeObserver(h).observe(document.body)});"
    "document.addEventListener('toggle',h,true);</script>"
)
_STYLE = (
    "<style>body{font:13px system-ui,sans-serif;margin:0;color:#555}summary{cursor:pointer}"
    "ol{margin:.3em 0;padding-left:1.6em}pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:.2em 0 .5em;"
    "font-size:12px}@media (prefers-color-scheme:dark){body{color:#bbb}}</style>"
)


@dataclass
class CallEntry:
    label: str
    name: str
    arguments: str
    outcome: str | None = None


def full_arguments(arguments: Any) -> str:
    """Indented JSON when the arguments are an object (or a JSON text of one), else the text as it came."""
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments) if arguments.strip() else {}
        except (ValueError, RecursionError):
            return arguments
    try:
        return json.dumps(arguments, indent=2, ensure_ascii=False, default=str)
    except Exception:
        return _safe_str(arguments)


class CallRecord:
    """Every inner call of one `subquery` (or `subqueries`) call, in the order first noted, within its bounds."""

    def __init__(self) -> None:
        self.entries: dict[tuple[str, str], CallEntry] = {}
        self.used: dict[str, int] = {}  # bytes per task ("" for a single subquery), the total under "*"
        self.unlisted = 0

    def note(self, label: str, key: str, name: str, arguments: Any, outcome: str | None) -> None:
        """A call before it runs (`outcome` None) or when it ended; `key` (its id) is unique in its task."""
        entry = self.entries.get((label, key))
        if entry is not None:
            entry.outcome = outcome
            return
        name = name[:NAME_CHARS_SHOWN]
        fixed = ITEM_BYTES + _escaped_bytes(f"{label} · {name}") + 6 * OUTCOME_CHARS  # the outcome: at most
        left = min(TASK_RECORD_BYTES - self.used.get(label, 0), RECORD_BYTES - self.used.get("*", 0))
        room = left - PAGE_BYTES
        if room < fixed:
            self.unlisted += 1
            return
        text = bounded_arguments(full_arguments(arguments), room - fixed)
        size = fixed + _escaped_bytes(text)
        self.used[label], self.used["*"] = self.used.get(label, 0) + size, self.used.get("*", 0) + size
        self.entries[(label, key)] = CallEntry(label, name, text, outcome)

    def html(self) -> str:
        """The record as one collapsed block (a whole HTML page, for an embed); every text escaped."""
        n = len(self.entries)
        items = "".join(_item(e) for e in self.entries.values())
        more = f"<li>… {self.unlisted} more inner calls, not listed: the record is at its bound</li>"
        more = more if self.unlisted else ""
        summary = f"Subquery · {n + self.unlisted} inner call{'s' if n + self.unlisted != 1 else ''} · every argument in full"
        body = f"<details><summary>{html.escape(summary)}</summary><ol>{items}{more}</ol></details>"
        return f'<!doctype html><html><head><meta charset="utf-8">{_STYLE}</head><body>{body}{_HEIGHT_SCRIPT}</body></html>'


def _escaped_bytes(text: str) -> int:
    return len(html.escape(text).encode("utf-8", "surrogatepass"))


def bounded_arguments(text: str, room: int) -> str:
    """`text` whole when it fits `room` bytes once escaped, else its longest head that does, with a note."""
    if _escaped_bytes(text) <= room:
        return text
    fits = bisect_right(range(len(text) + 1), room, key=lambda n: _escaped_bytes(text[:n]) + 160)
    low = max(fits - 1, 0)  # the longest head whose escaped form, with its note, fits
    note = f"\n[… {len(text) - low:,} of {len(text):,} characters cut: the record of inner calls is at its bound …]"
    return text[:low] + note


def _item(entry: CallEntry) -> str:
    task = f"{entry.label} · " if entry.label else ""
    outcome = (entry.outcome or INTERRUPTED)[:OUTCOME_CHARS]
    head = f"{html.escape(task)}<b>{html.escape(entry.name)}</b> · {html.escape(outcome)}"
    return f"<li>{head}<pre>{html.escape(entry.arguments)}</pre></li>"
