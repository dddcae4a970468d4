"""The valves (each defined once, with its default and meaning), the logger and the exceptions never caught."""

from __future__ import annotations

import asyncio
import logging

from pydantic import BaseModel, Field

log = logging.getLogger("text_tool_calls")

# Never caught: a cancellation or an exit goes through; everything else is logged and the chunk passes.
FATAL_EXCEPTIONS = (KeyboardInterrupt, SystemExit, asyncio.CancelledError, GeneratorExit)


class Valves(BaseModel):
    enabled: bool = Field(
        default=True,
        description="Convert calls a model writes as text into calls Open WebUI runs. Off: every reply passes untouched.",
    )
    show_status: bool = Field(
        default=True,
        description="A status line when calls written as text are run, or are not run and why.",
    )
