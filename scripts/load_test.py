#!/usr/bin/env python3
"""Many users at once on Open WebUI as teams run it: 2 uvicorn workers, Redis, PostgreSQL (`make load`).

    python scripts/load_test.py                      # 16 users x 5 turns, every phase
    python scripts/load_test.py --users 4 --turns 2  # smaller
    python scripts/load_test.py --skip-faults --skip-single

Everything runs on loopback: Debian's redis-server and PostgreSQL (installed when missing, as root),
Open WebUI 0.12.4 with UVICORN_WORKERS=2, REDIS_URL, WEBSOCKET_MANAGER=redis and a PostgreSQL
DATABASE_URL, and the scripted model. After an unmeasured warm-up turn per user (plugins on, then
off), the phases, each with fresh chats:

  1. plugins on   - each turn the model calls subquery (inner loop: a slow and a fast tool in parallel)
                    plus a big report the filter must trim, and an HTML card;
  2. plugins off  - the same tools called by Open WebUI's own loop, no filter (overhead ratio);
  3. faults       - plugins on; one uvicorn worker is killed with `kill -9` at 30 % of the turns and
                    Redis is restarted at 60 %;
  4. one worker   - plugins on, UVICORN_WORKERS=1, SQLite, no Redis (scale ratio).

Every phase is checked (devkit/load.py: answers, order, statuses, leaks, pairing, budget). The last
line says how many turns failed. Exit status 0 only when every check held.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from devkit import load  # noqa: E402
from devkit.harness import ChatClient, OpenWebUIServer  # noqa: E402
from devkit.scripted_model import ScriptedModel  # noqa: E402
from devkit.services import PostgresServer, RedisServer, ServiceError, ensure_installed, start_openwebui  # noqa: E402

ADMIN = {"name": "Load admin", "email": "load-admin@example.com", "password": "load-admin-password"}


def log(text: str) -> None:
    print(text, flush=True)


def prepare(server: OpenWebUIServer, users: int) -> tuple[ChatClient, list[ChatClient]]:
    admin = ChatClient(server.url, timeout=120)
    admin.signup(**ADMIN)
    load.deploy_plugins(admin)
    return admin, load.setup_accounts(admin, users)


def warm_up(model: ScriptedModel, clients: list[ChatClient], admin: ChatClient) -> None:
    """One unmeasured turn per user with the plugins on and one with them off: every worker has loaded
    the plugin modules, the tokenizer and its connections before anything is timed."""
    for plugins in (True, False):
        load.set_filter_active(admin, plugins)
        plan = load.LoadPlan("warm-on" if plugins else "warm-off", len(clients), 1, plugins=plugins)
        load.script_plan(model, plan)
        result = load.run_load(clients, plan, progress=lambda _: None)
        log(f"  warm-up ({'plugins on' if plugins else 'plugins off'}): {len(result.failed)} failed, not counted")
    load.set_filter_active(admin, True)


def phase(model: ScriptedModel, clients: list[ChatClient], plan: load.LoadPlan, faults=None) -> dict:
    load.script_plan(model, plan)
    log(f"- {plan.run}: {plan.users} users x {plan.turns} turns, plugins {'on' if plan.plugins else 'off'}")
    result = load.run_load(clients, plan, faults=faults, progress=log)
    problems = load.check_run(model, clients, result)
    unexplained = result.unexplained() if faults else result.failed
    problems += [f"u{t.user} t{t.turn} failed: {t.error}" for t in unexplained]
    if faults:
        problems += load.stored_chat_problems(clients)
        problems += [f"u{t.user} t{t.turn}: failure without a message" for t in result.failed if not t.error.strip()]
    log(f"  {result.summary()}; tools ran in worker pids {sorted(load.tool_pids(model, plan))}")
    for p in problems[:20]:
        log(f"  PROBLEM: {p}")
    return {"result": result, "problems": problems}


def kill_worker(server: OpenWebUIServer) -> str:
    pids = server.worker_pids()
    if not pids:
        return "no worker process found to kill"
    os.kill(pids[0], signal.SIGKILL)
    try:
        after = server.wait_for_workers(len(pids), timeout=120, gone=[pids[0]])
        return f"kill -9 uvicorn worker {pids[0]}; uvicorn started worker(s) {sorted(set(after) - set(pids))} in its place"
    except RuntimeError as exc:
        return f"kill -9 uvicorn worker {pids[0]}; NOT replaced: {exc}"


def restart_redis(redis: RedisServer) -> str:
    started = time.monotonic()
    redis.restart(down_seconds=1.0)
    return f"Redis stopped and started again on port {redis.port} (all keys lost), down {time.monotonic() - started:.1f} s"


def multi_worker_phases(args, model: ScriptedModel, work: Path) -> dict[str, dict]:
    redis = RedisServer(work / "redis").start()
    postgres = PostgresServer().start()
    server = None
    try:
        log(f"Redis {redis.url}, PostgreSQL {postgres.url}")
        server = start_openwebui(work / "owui-2w", model.base_url, workers=2, redis_url=redis.url,
                                 database_url=postgres.url)
        log(f"Open WebUI on {server.url} with workers {server.worker_pids()}")
        admin, clients = prepare(server, args.users)
        warm_up(model, clients, admin)
        out = {"2w-on": phase(model, clients, load.LoadPlan("on", args.users, args.turns))}
        load.set_filter_active(admin, False)
        out["2w-off"] = phase(model, clients, load.LoadPlan("off", args.users, args.turns, plugins=False))
        load.set_filter_active(admin, True)
        if not args.skip_faults:
            faults = {0.3: lambda: kill_worker(server), 0.6: lambda: restart_redis(redis)}
            out["2w-faults"] = phase(model, clients, load.LoadPlan("fault", args.users, args.turns), faults)
        return out
    finally:
        if server:
            server.stop()
        redis.stop()
        postgres.stop()


def single_worker_phase(args, model: ScriptedModel, work: Path) -> dict:
    server = start_openwebui(work / "owui-1w", model.base_url, workers=1)
    try:
        log(f"Open WebUI on {server.url}: one worker, SQLite, no Redis")
        admin, clients = prepare(server, args.users)
        warm_up(model, clients, admin)
        return phase(model, clients, load.LoadPlan("single", args.users, args.turns))
    finally:
        server.stop()


def figures(out: dict[str, dict]) -> list[str]:
    lines = ["| phase | turns | failed | p50 s | p95 s | turns/s |", "|---|---|---|---|---|---|"]
    for name, got in out.items():
        r = got["result"]
        lines.append(f"| {name} | {len(r.turns)} | {len(r.failed)} | {r.p(0.5):.2f} | {r.p(0.95):.2f} | {r.throughput:.2f} |")
    on, off, one = out.get("2w-on"), out.get("2w-off"), out.get("1w-on")
    if on and off:
        a, b = on["result"], off["result"]
        lines.append(f"\nplugins' overhead: p50 x{a.p(0.5) / b.p(0.5):.2f}, p95 x{a.p(0.95) / b.p(0.95):.2f}, "
                     f"throughput x{a.throughput / b.throughput:.2f} (plugins on / off)")
    if on and one:
        lines.append(f"scale: 2 workers + Redis + PostgreSQL / 1 worker + SQLite: throughput "
                     f"x{on['result'].throughput / one['result'].throughput:.2f}, "
                     f"p50 x{on['result'].p(0.5) / one['result'].p(0.5):.2f}")
    fault = out.get("2w-faults")
    if fault:
        r = fault["result"]
        lines.append("faults:")
        lines += [f"  at {at - r.turns[0].started if r.turns else 0:.1f} s: {text}" for at, text in r.events]
        lines += [f"  u{t.user} t{t.turn} failed after {t.seconds:.1f} s: {t.error}" for t in r.failed]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--users", type=int, default=16)
    parser.add_argument("--turns", type=int, default=5)
    parser.add_argument("--skip-faults", action="store_true", help="no kill -9 / Redis restart phase")
    parser.add_argument("--skip-single", action="store_true", help="no one-worker SQLite phase")
    parser.add_argument("--json", type=Path, default=ROOT / "test-output" / "load-results.json")
    args = parser.parse_args(argv)
    try:
        ensure_installed("redis", "postgres")
    except ServiceError as exc:
        log(f"error: {exc}")
        log("load test: not run (services missing)")
        return 2
    work = ROOT / "test-output" / f"load-{os.getpid()}"
    shutil.rmtree(work, ignore_errors=True)
    model = ScriptedModel(load.MODEL, name="Scripted load model").start()
    try:
        out = multi_worker_phases(args, model, work)
        if not args.skip_single:
            out["1w-on"] = single_worker_phase(args, model, work)
    finally:
        model.stop()
    lines = figures(out)
    log("\n".join(lines))
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps({k: {"summary": v["result"].summary(), "problems": v["problems"]}
                                     for k, v in out.items()}, indent=2))
    problems = sum(len(v["problems"]) for v in out.values())
    failed = {k: len(v["result"].failed) for k, v in out.items()}
    shutil.rmtree(work, ignore_errors=True)
    log(f"load test: {sum(failed.values())} of {sum(len(v['result'].turns) for v in out.values())} turns failed "
        f"({', '.join(f'{k}: {n}' for k, n in failed.items())}); {problems} problem(s)")
    return 0 if problems == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
