#!/usr/bin/env python3
"""The demo: a local Open WebUI 0.12.4 with both plugins installed, playing a three-turn chat.

Starts, all on 127.0.0.1 and offline: a real Open WebUI with a fresh data folder, a scripted demo
model (an OpenAI-compatible server that is not an LLM), and the real tool servers Open WebUI users
run: `mcp-server-time` behind `mcpo` (OpenAPI) and `mcp-server-git` behind `mcp-proxy` (native MCP,
streamable HTTP) on a small repository the demo creates. Registers both as tool-server
connections, deploys the Subquery tool and the tool-context filter with scripts/deploy.py, then
plays three turns through the chat API and prints a transcript with the servers' real outputs.
The tool servers come from `make toolservers` (scripts/ensure_toolservers.sh).

    python scripts/demo.py                 # play and stop everything
    python scripts/demo.py --keep          # stay up: open the printed address in a browser
    python scripts/demo.py --openai-base-url https://api.example.com/v1 --model some-model --api-key ...
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from devkit import demo_model  # noqa: E402
from devkit.deploy import DeployError  # noqa: E402
from devkit.harness import ChatClient, OpenWebUIServer, Turn, offline_env  # noqa: E402
from devkit.scripted_model import ScriptedModel, free_port  # noqa: E402
from devkit.toolservers import ToolServerError, ToolServers, make_demo_repo, register_connections  # noqa: E402

LOGIN = {"name": "Demo Admin", "email": "demo@example.com", "password": "demo-password"}
# Tight enough that three short turns already show the filter at work: turn 2's big diff reaches the
# model whole in turn 2 and is shrunk once a newer tool group (turn 3's conversion) follows it.
DEMO_VALVES = {
    "tool": {"max_rounds": 6},
    "filter": {
        "trim_policy": "eager",  # the default "stable" trims in batches, only once over budget
        "keep_recent_tool_groups": 1,
        "tool_output_max_tokens": 200,
        "show_status": True,
    },
}
READY = "DEMO READY"


def say(text: str = "") -> None:
    print(text, flush=True)


def port_is_free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def statuses(message: dict) -> list[str]:
    return [s.get("description") or "" for s in message.get("statusHistory") or []]


def short(text: str, width: int = 160) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= width else text[: width - 1] + "…"


def inner_trace(model: ScriptedModel | None, since: float) -> list[str]:
    """The subquery's inner calls and results, from the scripted model's request log."""
    if model is None:
        return []
    inner = [e for e in model.log if e.started >= since and "subquery" not in json.dumps(e.body.get("tools") or [])
             and e.body.get("tools")]
    lines: list[str] = []
    if not inner:
        return lines
    names: dict[str, str] = {}
    for m in inner[-1].body["messages"]:
        for tc in m.get("tool_calls") or []:
            names[tc["id"]] = tc["function"]["name"]
            lines.append(f"      → {tc['function']['name']}({short(tc['function']['arguments'], 90)})")
        if m.get("role") == "tool":
            lines.append(f"      ← {names.get(m.get('tool_call_id'), '?')}: {short(m.get('content'), 110)}")
    return lines


def transcript(n: int, question: str, message: dict, model: ScriptedModel | None, since: float) -> None:
    say(f"\n━━ Turn {n} " + "━" * 60)
    say(f"You: {question}")
    names: dict[str, str] = {}
    for item in message.get("output") or []:
        if item.get("type") == "function_call":
            names[item.get("call_id")] = item.get("name")
            say(f"  ⚙ {item.get('name')}({short(item.get('arguments'), 110)})")
            if item.get("name") == "subquery":
                for line in statuses(message):
                    if line.startswith("Subquery"):
                        say(f"      · {line}")
                for line in inner_trace(model, since):
                    say(line)
        elif item.get("type") == "function_call_output":
            text = "".join(p.get("text", "") for p in item.get("output") or [] if isinstance(p, dict))
            say(f"  ↳ {names.get(item.get('call_id'), 'tool')} result: {short(text, 150)}")
    say("Assistant: " + textwrap.indent(message.get("content") or "(no answer)", "  ").lstrip())
    context = [s for s in statuses(message) if s.startswith("Context")]
    say(f"Filter: {context[-1] if context else '(no context line: within budget, nothing to trim)'}")
    seen = results_seen(model, since)
    if seen:
        say("  tool results in the model's last request of this turn: " + ", ".join(seen))


def results_seen(model: ScriptedModel | None, since: float) -> list[str]:
    """Sizes of the tool results in the turn's last chat-model request, i.e. after the filter."""
    outer = [e for e in (model.log if model else []) if e.started >= since
             and "subquery" in json.dumps(e.body.get("tools") or [])]
    if not outer:
        return []
    names: dict[str, str] = {}
    sizes = []
    for m in outer[-1].body.get("messages") or []:
        for tc in m.get("tool_calls") or []:
            names[tc.get("id")] = tc["function"]["name"]
        if m.get("role") == "tool":
            content = m.get("content")
            text = content if isinstance(content, str) else json.dumps(content)
            sizes.append(f"{names.get(m.get('tool_call_id'), 'tool')} {len(text):,} chars")
    return sizes


def deploy_plugins(url: str, model_id: str, data_root: Path) -> None:
    """Run scripts/deploy.py as a user would, with the demo's valves; its lines go into the transcript."""
    valves_file = data_root / "demo-valves.json"
    valves_file.write_text(json.dumps(DEMO_VALVES))
    deploy = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "deploy.py"), "--url", url, "--email", LOGIN["email"],
         "--password", LOGIN["password"], "--model", model_id, "--valves-file", str(valves_file)],
        capture_output=True, text=True, timeout=180,
    )
    for line in (deploy.stdout + deploy.stderr).splitlines():
        say(f"  deploy: {line}")
    if deploy.returncode != 0:
        raise DeployError("scripts/deploy.py failed (see above)")


def play(client: ChatClient, model_id: str, tool_ids: list[str], repo: str, model: ScriptedModel | None) -> Turn:
    """The three turns, one chat; prints the transcript as it goes. Returns the last turn."""
    turn: Turn | None = None
    for n, question in enumerate(demo_model.questions(repo), 1):
        since = time.time()
        turn = client.chat(model_id, question, tool_ids=tool_ids, previous=turn, timeout=300)
        transcript(n, question, client.message(turn), model, since)
    assert turn is not None
    return turn


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", action="store_true", help="stay up after the scenario (Ctrl-C stops)")
    parser.add_argument("--port", type=int, default=0, help="Open WebUI port (default 8080, or a free one)")
    parser.add_argument("--openai-base-url", help="use this OpenAI-compatible endpoint instead of the scripted model")
    parser.add_argument("--model", help="model id at --openai-base-url")
    parser.add_argument("--api-key", default=os.environ.get("OPENAI_API_KEY", ""), help="key for --openai-base-url")
    parser.add_argument("--data-dir", type=Path, help="where Open WebUI keeps its data (default: a fresh temp folder)")
    parser.add_argument("--pace", type=float, default=0.6, help="scripted model latency per reply, seconds")
    args = parser.parse_args(argv)
    if bool(args.openai_base_url) != bool(args.model):
        parser.error("--openai-base-url and --model go together")

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    signal.signal(signal.SIGHUP, lambda *_: sys.exit(129))
    port = args.port or (8080 if port_is_free(8080) else free_port())
    data_root = args.data_dir or Path(tempfile.mkdtemp(prefix="owui-demo-"))
    shutil.rmtree(data_root / "data", ignore_errors=True)
    tool_servers: ToolServers | None = None
    model: ScriptedModel | None = None
    server: OpenWebUIServer | None = None
    try:
        # 1. The real tool servers: mcp-server-time via mcpo (OpenAPI), mcp-server-git via mcp-proxy (MCP).
        repo = make_demo_repo(data_root / "weather-station")
        tool_servers = ToolServers(data_root / "toolservers").start(repo=repo)
        say(f"✓ mcp-server-time via mcpo (OpenAPI) on {tool_servers.time_url}")
        say(f"✓ mcp-server-git via mcp-proxy (MCP, streamable HTTP) on {tool_servers.git_url}, repository {repo}")

        # 2. The model.
        if args.openai_base_url:
            base_url, model_id, key = args.openai_base_url, args.model, args.api_key or "none"
            say(f"✓ using {model_id} at {base_url}")
        else:
            model = ScriptedModel(demo_model.MODEL_ID, name=demo_model.MODEL_NAME)
            model.default = lambda body, step: demo_model.brain(body, step, pace=args.pace)
            model.start()
            base_url, model_id, key = model.base_url, demo_model.MODEL_ID, "sk-demo-no-key-needed"
            say(f"✓ scripted demo model on {base_url} ({demo_model.MODEL_NAME})")

        # 3. Open WebUI.
        say(f"… starting Open WebUI 0.12.4 on http://127.0.0.1:{port} (data: {data_root}); about 30 s")
        server = OpenWebUIServer(data_root, port, offline_env(data_root, base_url, key)).start()
        client = ChatClient(server.url, timeout=600)
        client.signup(**LOGIN)
        say(f"✓ Open WebUI is up; admin {LOGIN['email']} created")

        # 4. Deploy both plugins with the deploy script, exactly as a user would.
        deploy_plugins(server.url, model_id, data_root)

        # 5. Both tool servers as tool-server connections (Admin → Settings → External Tools), on the model.
        register_connections(client, tool_servers.connections())
        for tool_id in tool_servers.tool_ids:
            client.attach_tool(model_id, tool_id)
        say(f"✓ tool-server connections registered and enabled on the model: {', '.join(tool_servers.tool_ids)}")

        # 6. The scenario. Chats over the API name their tool ids (the model's list only mirrors the UI).
        turn = play(client, model_id, ["subquery", *tool_servers.tool_ids], str(repo), model)

        say("\n" + "━" * 70)
        if args.keep:
            say(f"{READY}: open {server.url}/c/{turn.chat_id} and sign in as {LOGIN['email']} / {LOGIN['password']}")
            say("Press Ctrl-C to stop everything.")
            while True:
                time.sleep(3600)
        say("Demo finished: stopping everything (use --keep to look at it in a browser).")
        return 0
    except KeyboardInterrupt:
        say("\nstopping …")
        return 130
    except (DeployError, ToolServerError, RuntimeError) as exc:
        print(f"demo failed: {exc}", file=sys.stderr)
        return 1
    finally:
        if server is not None:
            server.stop()
        if model is not None:
            model.stop()
        if tool_servers is not None:
            tool_servers.stop()
        if args.data_dir is None:
            shutil.rmtree(data_root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
