"""A child process spoken to by lines of JSON: the Node CLI (`hearth play --json`, `hearth sim serve`).
Every read has a timeout; a child that exits or stops answering raises EngineError with its last stderr lines."""

from __future__ import annotations

import io
import json
import os
import selectors
import shutil
import subprocess
import threading
import time
from collections import deque
from pathlib import Path
from typing import IO, Any, Deque, List, Optional, cast

from .errors import EngineError, ProtocolError

__all__ = ["find_cli", "LinePipe", "STARTUP_TIMEOUT"]

#: The longest wait for a new engine's first line (starting Node and instantiating every game's WASM takes
#: half a second on a quiet machine and tens of seconds on a saturated one).
STARTUP_TIMEOUT = 120.0


def find_cli() -> List[str]:
    """The command that runs the CLI: $HEARTH_CLI (a hearth.mjs, or any executable), else the repository's built
    apps/cli/dist/hearth.mjs above the current directory or above this package. Node is $HEARTH_NODE or `node`."""
    node = os.environ.get("HEARTH_NODE") or shutil.which("node")
    explicit = os.environ.get("HEARTH_CLI")
    candidates: List[Path] = []
    if explicit:
        path = Path(explicit)
        if not path.exists():
            raise EngineError(f"HEARTH_CLI={explicit} does not exist")
        candidates.append(path)
    else:
        for start in (Path.cwd(), Path(__file__).resolve().parent):
            for d in (start, *start.parents):
                c = d / "apps" / "cli" / "dist" / "hearth.mjs"
                if c.is_file():
                    candidates.append(c)
                    break
    if not candidates:
        raise EngineError(
            "the hearth CLI was not found: build it in the repository (pnpm --filter @hearth/cli build, giving "
            "apps/cli/dist/hearth.mjs) and run from inside the repository, or set HEARTH_CLI to that file"
        )
    cli = candidates[0]
    if cli.suffix in (".mjs", ".js"):
        if not node:
            raise EngineError("node was not found on PATH (set HEARTH_NODE): the local engine runs in Node.js 20+")
        return [node, str(cli)]
    return [str(cli)]


class LinePipe:
    """One long-lived child process: write a line, read a line, each with a timeout."""

    def __init__(self, args: List[str], *, timeout: float = 30.0, what: str = "hearth") -> None:
        self.what = what
        self.timeout = timeout
        self._stderr: Deque[str] = deque(maxlen=20)
        try:
            self.proc = subprocess.Popen(
                find_cli() + args,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
            )
        except OSError as err:
            raise EngineError(f"{what}: could not start the CLI ({err})") from None
        # Each stream was asked for as a PIPE, so each is there.
        self._in: IO[bytes] = cast(IO[bytes], self.proc.stdin)
        self._out = cast(io.RawIOBase, self.proc.stdout)
        self._err: IO[bytes] = cast(IO[bytes], self.proc.stderr)
        threading.Thread(target=self._drain_stderr, daemon=True).start()
        self._sel = selectors.DefaultSelector()
        self._sel.register(self._out, selectors.EVENT_READ)
        self._buf = bytearray()
        self.last_line = b""
        self._fd = self._out.fileno()

    def _drain_stderr(self) -> None:
        for line in iter(self._err.readline, b""):
            self._stderr.append(line.decode("utf-8", "replace").rstrip())

    def _died(self, doing: str) -> EngineError:
        try:
            code = self.proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            code = None
        time.sleep(0.05)  # let the stderr thread collect the last words
        tail = " | ".join(list(self._stderr)[-5:])
        status = f"exited with code {code}" if code is not None else "closed its output"
        return EngineError(f"{self.what}: the engine process {status} while {doing}" + (f": {tail}" if tail else ""))

    def send(self, line: str) -> None:
        try:
            self._in.write(line.encode("utf-8") + b"\n")
            self._in.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise self._died("taking a line") from None

    def read_line(self, timeout: Optional[float] = None) -> bytes:
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        scanned = 0  # the newline is searched for in new bytes only (an answer can be hundreds of kilobytes)
        while True:
            nl = self._buf.find(b"\n", scanned)
            if nl >= 0:
                line = bytes(memoryview(self._buf)[:nl])
                del self._buf[: nl + 1]
                return line
            scanned = len(self._buf)
            left = deadline - time.monotonic()
            if left <= 0 or not self._sel.select(left):
                self.close()
                raise EngineError(f"{self.what}: no answer within {self.timeout if timeout is None else timeout:g} s (the engine process was stopped)")
            # A first small read: a header line followed by a binary frame (hearth sim serve) then leaves the frame in
            # the pipe for read_exact to read straight into its buffer; long lines take 64 KiB reads after it.
            chunk = os.read(self._fd, 4096 if scanned == 0 else 1 << 16)
            if not chunk:
                raise self._died("answering")
            self._buf += chunk

    def read_exact(self, out: memoryview, timeout: Optional[float] = None) -> None:
        """Fills `out` with the next len(out) bytes (a binary frame after a header line), with the same timeout."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        n = len(out)
        have = min(n, len(self._buf))
        out[:have] = self._buf[:have]
        del self._buf[:have]
        stream = self._out
        while have < n:
            left = deadline - time.monotonic()
            if left <= 0 or not self._sel.select(left):
                self.close()
                raise EngineError(f"{self.what}: no answer within {self.timeout if timeout is None else timeout:g} s (the engine process was stopped)")
            got = stream.readinto(out[have:])
            if not got:
                raise self._died("answering")
            have += got

    def fit_answers(self, size: int) -> None:
        """Asks the kernel for an output pipe that holds `size` bytes (Linux's F_SETPIPE_SZ, at most
        /proc/sys/fs/pipe-max-size), so an answer that large is written in one piece: in the default 64 KiB the
        child sleeps in the middle of every larger answer until this side has read the first part, and both pay
        the wake-ups. Elsewhere, or when the kernel refuses, nothing changes."""
        if size <= 1 << 16:
            return
        try:
            import fcntl

            setsz = getattr(fcntl, "F_SETPIPE_SZ", None)
            if setsz is None:
                return
            try:
                with open("/proc/sys/fs/pipe-max-size") as f:
                    limit = int(f.read())
            except (OSError, ValueError):
                limit = 1 << 20
            fcntl.fcntl(self._fd, setsz, min(size, limit))
        except (ImportError, OSError):
            pass

    def read_json(self, timeout: Optional[float] = None) -> Any:
        line = self.last_line = self.read_line(timeout)
        try:
            return json.loads(line)
        except ValueError:
            raise ProtocolError(f"{self.what}: the engine wrote a line that is not JSON: {line[:200]!r}") from None

    def call(self, request: str) -> Any:
        self.send(request)
        return self.read_json()

    @property
    def alive(self) -> bool:
        return self.proc.poll() is None

    def close(self) -> None:
        """End of input, then a bounded wait; a child that does not leave is terminated, then killed."""
        if self.proc.poll() is None:
            try:
                self._in.close()
            except OSError:
                pass
            try:
                self.proc.wait(timeout=2.0)
            except subprocess.TimeoutExpired:
                self.proc.terminate()
                try:
                    self.proc.wait(timeout=2.0)
                except subprocess.TimeoutExpired:
                    self.proc.kill()
                    self.proc.wait()
        for f in (self._in, self._out, self._err):
            try:
                f.close()
            except (OSError, ValueError):
                pass
        try:
            self._sel.close()
        except (OSError, ValueError, KeyError):
            pass

    def __del__(self) -> None:  # a forgotten pipe must not leave a process behind
        try:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()
        except Exception:
            pass
