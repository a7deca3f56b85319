"""Shared fixtures: the repository, the built CLI, and a real hearth server (apps/server/dist/server.mjs) started
for the session on a free port with a temporary DATA_DIR. What is missing is skipped with the reason printed."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import threading
from pathlib import Path
from typing import Iterator, List, Optional, Tuple

import pytest

REPO = next(p for p in Path(__file__).resolve().parents if (p / "pnpm-workspace.yaml").is_file())
# $HEARTH_CLI and $HEARTH_SERVER run these tests against other builds (CI: with the test-only games registered).
CLI = Path(os.environ["HEARTH_CLI"]) if os.environ.get("HEARTH_CLI") else REPO / "apps" / "cli" / "dist" / "hearth.mjs"
SERVER = Path(os.environ["HEARTH_SERVER"]) if os.environ.get("HEARTH_SERVER") else REPO / "apps" / "server" / "dist" / "server.mjs"


def _registered_games() -> Tuple[str, ...]:
    """The registry's games as the CLI lists them (`hearth list --json`): a game registered there is tested here with
    no edit of this package. Empty when the CLI is not built (the tests that need it skip, saying so)."""
    if shutil.which("node") is None or not CLI.is_file():
        return ()
    listed = subprocess.run(["node", str(CLI), "list", "--json"], capture_output=True, timeout=120, check=True)
    return tuple(str(g["slug"]) for g in json.loads(listed.stdout))


GAMES = _registered_games()


def goldens(slug: Optional[str] = None) -> List[Path]:
    """The golden replays of the registered games (a test-only game is among them only in a test build of the CLI)."""
    files = sorted(f for g in GAMES for f in REPO.glob(f"packages/{g}/golden/*.replay.json"))
    return [f for f in files if slug is None or json.loads(f.read_text())["slug"] == slug]


def golden(slug: str, name: str) -> dict:
    return json.loads((REPO / "packages" / slug / "golden" / f"{name}.replay.json").read_text())


def _need_cli() -> None:
    if shutil.which("node") is None:
        pytest.skip("node is not on PATH: the local engine and the server need Node.js 20")
    if not CLI.is_file():
        pytest.skip(f"{CLI} is not built (pnpm --filter @hearth/cli build)")


@pytest.fixture(scope="session")
def cli() -> Path:
    _need_cli()
    return CLI


class Server:
    """A hearth server process; `url` once it listens. stop() ends it (SIGTERM, then SIGKILL)."""

    def __init__(self, data_dir: Path, defaults: bool = False) -> None:
        env = {
            **os.environ,
            "PORT": "0",
            "HOST": "127.0.0.1",
            "DATA_DIR": str(data_dir),
            "STATE_SECRET": "python-client-tests-secret-0123456789",
            "SHUTDOWN_DRAIN_MS": "0",
        }
        if not defaults:  # a default server keeps every limit as `pnpm start` has it
            env.update({"RATE_LIMIT_RPS": "0", "RUN_RATE_PER_MINUTE": "0"})
        self.proc = subprocess.Popen(["node", str(SERVER)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, cwd=str(REPO))
        self.url: Optional[str] = None
        ready = threading.Event()
        self.log: List[str] = []

        def read() -> None:
            for raw in iter(self.proc.stdout.readline, b""):
                line = raw.decode("utf-8", "replace")
                self.log.append(line)
                try:
                    entry = json.loads(line)
                except ValueError:
                    continue
                if entry.get("msg") == "listening" and entry.get("url"):
                    self.url = entry["url"]
                    ready.set()
            ready.set()

        threading.Thread(target=read, daemon=True).start()
        if not ready.wait(120) or self.url is None:
            self.stop()
            raise RuntimeError("the server did not start: " + "".join(self.log[-10:]))

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    _need_cli()
    if not SERVER.is_file():
        pytest.skip(f"{SERVER} is not built (pnpm --filter @hearth/server build)")
    s = Server(tmp_path_factory.mktemp("hearth-data"))
    yield s
    s.stop()


@pytest.fixture()
def fresh_server(tmp_path: Path) -> Iterator[Server]:
    """A server of the test's own (to stop mid-game)."""
    _need_cli()
    if not SERVER.is_file():
        pytest.skip(f"{SERVER} is not built")
    s = Server(tmp_path / "data")
    yield s
    s.stop()


@pytest.fixture()
def default_server(tmp_path: Path) -> Iterator[Server]:
    """A server with every limit as `pnpm start` has it (rate limits and the per-player submission rate)."""
    _need_cli()
    if not SERVER.is_file():
        pytest.skip(f"{SERVER} is not built")
    s = Server(tmp_path / "data", defaults=True)
    yield s
    s.stop()


@pytest.fixture(autouse=True)
def _keys_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Player keys go to a temporary config home, never the user's ~/.config/hearth/keys.json."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


@pytest.fixture(autouse=True, scope="session")
def _run_from_repo() -> None:
    os.chdir(REPO)  # hearth.local finds apps/cli/dist/hearth.mjs above the current directory
