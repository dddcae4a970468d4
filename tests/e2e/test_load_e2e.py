"""The multi-worker path on every `make test`: 4 users x 2 turns on Open WebUI with 2 uvicorn workers,
Redis (WEBSOCKET_MANAGER=redis) and PostgreSQL, all real programs on loopback.

The full-size run with figures and faults is `make load` (scripts/load_test.py); both use devkit/load.py.
"""

from __future__ import annotations

import os
import shutil
import signal
from collections.abc import Iterator

import pytest

from devkit import load
from devkit.harness import ROOT, ChatClient, OpenWebUIServer
from devkit.scripted_model import ScriptedModel
from devkit.services import PostgresServer, RedisServer, ServiceError, ensure_installed, start_openwebui

pytestmark = pytest.mark.e2e

USERS, TURNS = 4, 2


@pytest.fixture(scope="module")
def stack(scripted: ScriptedModel) -> Iterator[tuple[OpenWebUIServer, RedisServer]]:
    try:
        ensure_installed("redis", "postgres")
    except ServiceError as exc:  # not a skip: the multi-worker path must be checked
        pytest.fail(str(exc))
    root = ROOT / "test-output" / f"e2e-load-{os.getpid()}"
    shutil.rmtree(root, ignore_errors=True)
    redis, postgres, server = RedisServer(root / "redis").start(), None, None
    try:
        postgres = PostgresServer().start()
        server = start_openwebui(root / "owui", scripted.base_url, workers=2, redis_url=redis.url,
                                 database_url=postgres.url)
        yield server, redis
    finally:
        if server:
            server.stop()
        if postgres:
            postgres.stop()
        redis.stop()
        if not os.environ.get("KEEP_E2E_DATA"):
            shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="module")
def users(stack) -> tuple[ChatClient, list[ChatClient]]:
    server, _ = stack
    admin = ChatClient(server.url, timeout=120)
    admin.signup(name="Load admin", email="load-admin@example.com", password="load-admin-password")
    load.deploy_plugins(admin)
    return admin, load.setup_accounts(admin, USERS)


def test_two_workers_with_redis_and_postgres_serve_concurrent_users(stack, users, scripted: ScriptedModel):
    server, _ = stack
    _, clients = users
    assert len(server.worker_pids()) == 2
    assert "postgresql+psycopg://" in server.env["DATABASE_URL"] and server.env["WEBSOCKET_MANAGER"] == "redis"
    plan = load.LoadPlan("e2e", USERS, TURNS, turn_timeout=90)
    load.script_plan(scripted, plan)
    result = load.run_load(clients, plan, progress=lambda _: None)
    assert [t.error for t in result.failed] == []
    assert len(result.turns) == USERS * TURNS
    # Stored chats intact and in order, statuses done, no leak, every model request valid and in budget.
    assert load.check_run(scripted, clients, result) == []
    assert load.stored_chat_problems(clients) == []


def test_a_killed_worker_is_replaced_and_turns_go_on(stack, users, scripted: ScriptedModel):
    """kill -9 one worker between turns: uvicorn replaces it, and the next turns succeed on both."""
    server, redis = stack
    _, clients = users
    before = server.worker_pids()
    os.kill(before[0], signal.SIGKILL)
    after = server.wait_for_workers(2, timeout=180, gone=[before[0]])
    assert before[0] not in after and len(after) == 2
    redis.restart(down_seconds=0.5)
    plan = load.LoadPlan("e2e-after", USERS, 1, turn_timeout=90)
    load.script_plan(scripted, plan)
    result = load.run_load(clients, plan, progress=lambda _: None)
    assert [t.error for t in result.failed] == []
    assert load.check_run(scripted, clients, result) == []
