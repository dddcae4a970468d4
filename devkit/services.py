"""Debian's real Redis and PostgreSQL on loopback, on free ports, with data in a temporary folder.

Used by `scripts/load_test.py` and the multi-worker end-to-end test. Nothing here is a mock: these are
the `redis-server` and `postgres` programs from the Debian packages (`scripts/ensure_services.sh`
installs them when missing). Every wait has a bound; `stop()` always takes the process down.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from devkit.harness import OpenWebUIServer, offline_env, run_migrations, stop_process_group
from devkit.scripted_model import free_port

ROOT = Path(__file__).resolve().parents[1]


class ServiceError(RuntimeError):
    """A service could not be started; the message says what to do."""


def ensure_installed(*names: str) -> None:
    """Run the installer for `names` ("redis", "postgres"); raise a clear error if it cannot help."""
    done = subprocess.run(["bash", str(ROOT / "scripts" / "ensure_services.sh"), *names], timeout=900)
    if done.returncode != 0:
        raise ServiceError(f"{' and '.join(names)} not available (see the message above); cannot run the multi-worker check")


def _redis_ping(port: int, timeout: float = 1.0) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


class RedisServer:
    """`redis-server` on 127.0.0.1:<free port>, no persistence; restartable on the same port."""

    def __init__(self, data_root: Path, port: int | None = None):
        self.data_root = Path(data_root)
        self.port = port or free_port()
        self.process: subprocess.Popen | None = None
        self.log_path = self.data_root / "redis.log"

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 20.0) -> RedisServer:
        exe = shutil.which("redis-server") or "/usr/bin/redis-server"
        if not os.path.exists(exe):
            raise ServiceError("redis-server is not installed: run `bash scripts/ensure_services.sh redis` as root")
        self.data_root.mkdir(parents=True, exist_ok=True)
        args = [exe, "--bind", "127.0.0.1", "--port", str(self.port), "--dir", str(self.data_root),
                "--save", "", "--appendonly", "no", "--protected-mode", "yes", "--daemonize", "no"]
        self.process = subprocess.Popen(args, stdout=self.log_path.open("ab"), stderr=subprocess.STDOUT,
                                        stdin=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise ServiceError(f"redis-server exited with {self.process.returncode}; see {self.log_path}")
            if _redis_ping(self.port):
                return self
            time.sleep(0.1)
        self.stop()
        raise ServiceError(f"redis-server did not answer PING within {timeout:.0f}s; see {self.log_path}")

    def stop(self) -> None:
        proc, self.process = self.process, None
        stop_process_group(proc, 10)

    def restart(self, down_seconds: float = 1.0) -> None:
        """Stop, stay down for `down_seconds`, start again on the same port (all keys are lost)."""
        self.stop()
        time.sleep(down_seconds)
        self.start()


def _pg_bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), key=lambda p: int(p.split("/")[4]))
    if found:
        return found[-1]
    exe = shutil.which(name)
    if exe:
        return exe
    raise ServiceError(f"PostgreSQL's {name} is not installed: run `bash scripts/ensure_services.sh postgres` as root")


class PostgresServer:
    """A throw-away PostgreSQL cluster (initdb) on 127.0.0.1:<free port>, trust auth, one database.

    PostgreSQL refuses to run as root: as root the cluster belongs to the `postgres` system user
    (created by the Debian package) and the programs run through `runuser`.
    """

    USER = "owui"
    DATABASE = "openwebui"

    def __init__(self, port: int | None = None):
        self.port = port or free_port()
        self.dir: Path | None = None
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"postgresql://{self.USER}@127.0.0.1:{self.port}/{self.DATABASE}"

    def _as_owner(self, args: list[str]) -> list[str]:
        if os.geteuid() != 0:
            return args
        runuser = shutil.which("runuser")
        if not runuser:
            raise ServiceError("running as root without `runuser`: cannot start PostgreSQL as the postgres user")
        return [runuser, "-u", "postgres", "--", *args]

    def start(self, timeout: float = 60.0) -> PostgresServer:
        initdb, postgres, psql = _pg_bin("initdb"), _pg_bin("postgres"), _pg_bin("psql")
        self.dir = Path(tempfile.mkdtemp(prefix="owui-pg-"))
        data, sock = self.dir / "data", self.dir / "sock"
        data.mkdir()
        sock.mkdir()
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres")
            shutil.chown(data, "postgres")
            shutil.chown(sock, "postgres")
        log = (self.dir / "initdb.log").open("ab")
        done = subprocess.run(self._as_owner([initdb, "-D", str(data), "-U", self.USER, "--auth=trust", "-E", "UTF8",
                                              "--no-sync"]), stdout=log, stderr=subprocess.STDOUT, timeout=120)
        if done.returncode != 0:
            raise ServiceError(f"initdb failed ({done.returncode}); see {self.dir / 'initdb.log'}")
        self.process = subprocess.Popen(
            self._as_owner([postgres, "-D", str(data), "-p", str(self.port), "-k", str(sock),
                            "-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200", "-c", "fsync=off"]),
            stdout=(self.dir / "postgres.log").open("ab"), stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        deadline = time.monotonic() + timeout
        create = [psql, "-h", "127.0.0.1", "-p", str(self.port), "-U", self.USER, "-d", "postgres", "-v",
                  "ON_ERROR_STOP=1", "-c", f"CREATE DATABASE {self.DATABASE}"]
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise ServiceError(f"postgres exited with {self.process.returncode}; see {self.dir / 'postgres.log'}")
            if subprocess.run(create, capture_output=True, timeout=20).returncode == 0:
                return self
            time.sleep(0.3)
        self.stop()
        raise ServiceError(f"PostgreSQL did not accept connections within {timeout:.0f}s")

    def stop(self) -> None:
        proc, self.process = self.process, None
        stop_process_group(proc, 20)
        if self.dir is not None:
            shutil.rmtree(self.dir, ignore_errors=True)
            self.dir = None


def psycopg_url(url: str) -> str:
    """Open WebUI's sync engine (migrations) takes SQLAlchemy's default driver for `postgresql://`,
    psycopg2, which the wheel does not depend on; its async engine uses psycopg 3. Name psycopg 3
    explicitly so both engines use the one driver Open WebUI installs."""
    return url.replace("postgresql://", "postgresql+psycopg://", 1)


def start_openwebui(data_root: Path, model_url: str, *, workers: int = 1, redis_url: str | None = None,
                    database_url: str | None = None, timeout: float = 300.0) -> OpenWebUIServer:
    """Open WebUI as a team runs it: migrations once, then `workers` uvicorn workers sharing Redis
    (websockets, stop signals, state) and the database (SQLite in data_root when none is given)."""
    env = offline_env(data_root, model_url)
    env.update({"UVICORN_WORKERS": str(workers), "BYPASS_MODEL_ACCESS_CONTROL": "true"})
    if redis_url:
        env.update({"REDIS_URL": redis_url, "WEBSOCKET_MANAGER": "redis", "ENABLE_WEBSOCKET_SUPPORT": "true"})
    if database_url:
        env["DATABASE_URL"] = psycopg_url(database_url)
    (data_root / "data").mkdir(parents=True, exist_ok=True)
    run_migrations(env, data_root)
    env["ENABLE_DB_MIGRATIONS"] = "false"
    server = OpenWebUIServer(data_root, free_port(), env).start(timeout)
    if workers > 1:
        server.wait_for_workers(workers, timeout)
    return server


if __name__ == "__main__":  # manual check: python -m devkit.services
    r = RedisServer(Path(tempfile.mkdtemp(prefix="owui-redis-"))).start()
    print("redis", r.url)
    p = PostgresServer().start()
    print("postgres", p.url)
    r.stop()
    p.stop()
    sys.exit(0)
