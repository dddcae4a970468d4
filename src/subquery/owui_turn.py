"""The turn: what Open WebUI handed this tool call (its dunder arguments), read once and typed (`Turn`), and
the user it runs for.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, kw_only=True)
class Turn:
    """What Open WebUI handed this tool call (its dunder arguments), read once and typed.

    Built by `Turn.from_dunders` for each call, never stored on the tool instance; every loop the
    call runs reads its turn from here.
    """

    request: Any
    user: Mapping[str, Any]
    metadata: Mapping[str, Any]
    messages: Sequence[Any]
    files: Sequence[Any]
    event_emitter: Callable[[dict], Awaitable[Any]] | None = None
    event_call: Callable[[dict], Awaitable[Any]] | None = None
    tool_id: str | None = None
    task_model: Mapping[str, Any] = field(default_factory=dict)  # `__model__`: Open WebUI's task model
    oauth_token: Any = None

    @classmethod
    def from_dunders(cls, **dunders: Any) -> Turn:
        """The turn from the arguments Open WebUI injects, by keyword (anything missing or malformed is empty)."""

        def get(name: str, kind: Any, empty: Any = None) -> Any:
            value = dunders.get(f"__{name}__")
            return value if isinstance(value, kind) else empty

        return cls(
            request=dunders.get("__request__"),
            user=get("user", Mapping, {}),
            metadata=get("metadata", Mapping, {}),
            messages=get("messages", list, []),
            files=get("files", list, []),
            event_emitter=get("event_emitter", Callable),
            event_call=get("event_call", Callable),
            tool_id=get("id", str),
            task_model=get("model", Mapping, {}),
            oauth_token=dunders.get("__oauth_token__"),
        )

    @property
    def params(self) -> Mapping[str, Any]:
        """Open WebUI's own per-turn parameters (`tool_approval_mode`, `reasoning_tags`, ...)."""
        params = self.metadata.get("params")
        return params if isinstance(params, Mapping) else {}

    @property
    def chat_model(self) -> dict:
        model = self.metadata.get("model")
        return model if isinstance(model, dict) else {}

    @property
    def chat_model_id(self) -> str | None:
        return self.metadata.get("model_id") or self.chat_model.get("id")

    @property
    def show_status(self) -> bool:
        """The user's `show_status` valve (a pydantic object from Open WebUI, a dict in tests)."""
        valves = self.user.get("valves")
        show = getattr(valves, "show_status", None)
        if show is None and isinstance(valves, Mapping):
            show = valves.get("show_status")
        return show is not False

    @property
    def direct_tools_ok(self) -> bool:
        """Whether a live browser session can run the user's direct tool servers."""
        return self.event_call is not None and bool(self.metadata.get("session_id"))

    def extra_params(self, user: Mapping[str, Any], oauth_token: Any, model: Mapping[str, Any]) -> dict:
        """The arguments Open WebUI's middleware injects into its tools and filters in this turn
        (`process_chat_payload`), with the given user, OAuth token and model."""
        return {
            "__event_emitter__": self.event_emitter,
            "__event_call__": self.event_call,
            "__user__": user,
            "__metadata__": self.metadata,
            "__oauth_token__": oauth_token,
            "__request__": self.request,
            "__model__": model,
            "__chat_id__": self.metadata.get("chat_id"),
            "__message_id__": self.metadata.get("message_id"),
        }


def _dunders(scope: Mapping[str, Any]) -> dict[str, Any]:
    """The `__name__` arguments Open WebUI injected into a tool function (its `locals()`)."""
    return {name: value for name, value in scope.items() if name.startswith("__") and name.endswith("__")}


async def _load_user(user_dict: dict) -> Any:
    from open_webui.models.users import UserModel, Users

    found = Users.get_user_by_id(user_dict.get("id"))
    if inspect.isawaitable(found):
        found = await found
    if found is not None:
        return found
    return UserModel(**{k: v for k, v in user_dict.items() if k != "valves"})
