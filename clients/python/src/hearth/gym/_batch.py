"""The client side of `hearth sim serve` (protocol hearth-batch/3): N games of one game behind one pipe. A request is
one JSON line; an answer is one JSON header line followed by one binary frame of typed arrays, read straight into a
buffer allocated once (no JSON per environment, no base64). The hello line describes the action space and the
game's observation tensor (each field's name, shape, dtype, bounds and place in the float32 row).

On Linux the frames cross no pipe: this side makes a file in shared memory (/dev/shm), the server writes each frame at
its start (`--frame-file`) and this side maps it, so neither copies a frame through the kernel's pipe (a batch of 256
Cragwake games answers about 115 KB a step). HEARTH_FRAME=pipe, no writable /dev/shm, or an engine that cannot open the
file (its hello then says transport "pipe") keeps them on the pipe."""

from __future__ import annotations

import base64
import json
import mmap
import os
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from gymnasium import spaces

from .._pipe import STARTUP_TIMEOUT, LinePipe
from ..errors import ProtocolError

PROTOCOL = "hearth-batch/3"

DTYPES: dict[str, Any] = {
    "int8": np.int8,
    "int16": np.int16,
    "int32": np.int32,
    "float32": np.float32,
}


def _frame_file() -> tuple[int, str] | None:
    """A new file in shared memory for the frames (its descriptor and name), or None: they travel the pipe."""
    if os.environ.get("HEARTH_FRAME") == "pipe" or not sys.platform.startswith("linux"):
        return None
    if not (os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK)):
        return None
    try:
        return tempfile.mkstemp(prefix="hearth-frame-", dir="/dev/shm")
    except OSError:
        return None


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


class AnyText(spaces.Text):
    """The text picture: any string up to `max_length` characters (the pictures use box drawing and other Unicode;
    `sample()` draws from the default alphanumeric charset)."""

    def contains(self, x: Any) -> bool:
        return isinstance(x, str) and self.min_length <= len(x) <= self.max_length

    def __repr__(self) -> str:
        return f"AnyText({self.min_length}, {self.max_length})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, AnyText)
            and self.min_length == other.min_length
            and self.max_length == other.max_length
        )


TEXT_MAX = 1 << 16


@dataclass
class Batch:
    """One answer. The arrays are views on the pipe's frame buffer: the next request overwrites them."""

    reward: np.ndarray  # float64 (N,)
    score: np.ndarray  # float64 (N,)
    turns: np.ndarray  # float64 (N,)
    obs: np.ndarray  # (N, size): int8 or float32 as the pipe's `wire` says
    terminated: np.ndarray  # uint8 (N,)
    truncated: np.ndarray  # uint8 (N,)
    refused: np.ndarray  # uint8 (N,)
    running: np.ndarray  # uint8 (N,)
    mask: np.ndarray  # int8 (N, K)
    refusals: list[dict[str, Any]]
    text: list[str | None] | None
    #: Each slot's action as the game's JSON (None where it took none), when the request asked for them.
    actions: list[Any] | None = None


class BatchPipe:
    """One `hearth sim serve` process for `envs` games of `game`."""

    def __init__(
        self,
        game: str,
        envs: int,
        *,
        max_turns: int | None = None,
        obs: bool = True,
        text: bool = False,
        timeout: float = 60.0,
    ) -> None:
        args = [
            "sim",
            "serve",
            "--game",
            game,
            "--envs",
            str(int(envs)),
            "--obs",
            "arrays" if obs else "none",
        ]
        if max_turns is not None:
            args += ["--max-turns", str(int(max_turns))]
        if text:
            args.append("--text")
        shared = _frame_file()
        if shared is not None:
            args += ["--frame-file", shared[1]]
        try:
            self.pipe = LinePipe(
                args, timeout=timeout, what=f"hearth sim serve --game {game}"
            )
            hello = self.pipe.read_json(timeout=max(timeout, STARTUP_TIMEOUT))
        except BaseException:
            self._close_file(shared)
            raise
        finally:
            # The server has opened it by its hello (or has failed): the name can go, the file lives while it is open.
            if shared is not None:
                _unlink(shared[1])
        if (
            not isinstance(hello, dict)
            or hello.get("ok") is not True
            or hello.get("protocol") != PROTOCOL
        ):
            self._close_file(shared)
            self.pipe.close()
            raise ProtocolError(
                f"hearth sim serve: expected a {PROTOCOL} hello line, got {str(hello)[:300]}"
            )
        self.hello = hello
        self.game = game
        self.name = str(hello.get("name", game))
        self.version = str(hello.get("version", ""))
        self.envs = n = int(hello["envs"])
        self.size = k = int(hello["actions"]["size"])
        self.labels: list[dict[str, Any]] = hello["actions"]["labels"]
        self.run_ending: list[int] = list(hello["actions"]["runEnding"])
        self.fields: list[dict[str, Any]] = hello["observation"]["fields"]
        self.obs_size = m = int(hello["observation"]["size"])
        self._field_slices = [
            (str(f["name"]), int(f["offset"]), int(f["offset"]) + int(f["size"]), tuple(f["shape"]), np.dtype(DTYPES[f["dtype"]]))
            for f in self.fields
        ]
        self.text = bool(hello["text"])
        self.wire = str(hello["observation"].get("wire", "float32"))
        width = 1 if self.wire == "int8" else 4
        size = int(hello["frame"]["bytes"])
        if size != n * 24 + n * m * width + n * (4 + k):
            self._close_file(shared)
            self.pipe.close()
            raise ProtocolError(
                f"hearth sim serve: a frame of {size} bytes does not fit {n} envs"
            )
        #: The frame's place: a map of the shared file the server writes (transport "file"), or a buffer this side
        #: reads each frame into from the pipe.
        self._in_file = hello["frame"].get("transport") == "file"
        self._frame: bytearray | mmap.mmap
        if self._in_file and shared is not None:
            try:
                self._frame = mmap.mmap(shared[0], size, access=mmap.ACCESS_READ)
            finally:
                self._close_file(shared)  # the map holds the file
        else:
            self._close_file(shared)
            self._in_file = False
            self._frame = bytearray(size)
            # A whole answer (the header line and the frame) fits in the pipe: written in one piece.
            self.pipe.fit_answers(size + 4096)
        self._bytes_key = "file" if self._in_file else "bytes"
        buf = memoryview(self._frame)
        f = np.frombuffer(buf, dtype=np.float64, count=3 * n)
        rows = np.frombuffer(
            buf, dtype=np.int8 if width == 1 else np.float32, count=n * m, offset=24 * n
        ).reshape(n, m)
        u = np.frombuffer(buf, dtype=np.uint8, offset=24 * n + width * n * m)
        self._views: tuple[np.ndarray, ...] = (
            f[0:n],
            f[n : 2 * n],
            f[2 * n : 3 * n],
            rows,
            u[0:n],
            u[n : 2 * n],
            u[2 * n : 3 * n],
            u[3 * n : 4 * n],
            u[4 * n : (4 + k) * n].view(np.int8).reshape(n, k),
        )

    def field_space(self, f: dict[str, Any]) -> spaces.Box:
        return spaces.Box(
            low=f["low"],
            high=f["high"],
            shape=tuple(f["shape"]),
            dtype=DTYPES[f["dtype"]],
        )

    def dict_space(self, text: bool) -> spaces.Dict:
        """One environment's observation as a Dict: a Box per tensor field in its dtype, plus `text` when asked."""
        out: dict[str, spaces.Space[Any]] = {
            f["name"]: self.field_space(f) for f in self.fields
        }
        if text:
            out["text"] = AnyText(TEXT_MAX, min_length=0)
        return spaces.Dict(out)

    def flat_space(self) -> spaces.Box:
        """One environment's observation as the tensor's float32 row, each number bounded by its field."""
        low = np.zeros(self.obs_size, dtype=np.float32)
        high = np.zeros(self.obs_size, dtype=np.float32)
        for f in self.fields:
            low[f["offset"] : f["offset"] + f["size"]] = f["low"]
            high[f["offset"] : f["offset"] + f["size"]] = f["high"]
        return spaces.Box(low=low, high=high, dtype=np.float32)

    def request(
        self,
        resets: Sequence[tuple[int, int]] = (),
        step: Sequence[int] | np.ndarray | None = None,
        text: bool = False,
        actions: bool = False,
    ) -> Batch:
        parts = []
        if resets:
            parts.append(
                '"reset":' + json.dumps([[int(i), int(s)] for i, s in resets], separators=(",", ":"))
            )
        if step is not None:
            parts.append('"step":' + self._packed(step))
        if text:
            parts.append('"text":true')
        if actions:
            parts.append('"actions":true')
        header = self.pipe.call("{" + ",".join(parts) + "}")
        if not isinstance(header, dict) or header.get("ok") is not True:
            raise ProtocolError(
                f"{self.pipe.what}: {header.get('reason') if isinstance(header, dict) else ''}: {header}"
            )
        if header.get(self._bytes_key) != len(self._frame):
            raise ProtocolError(
                f"{self.pipe.what}: an answer of {header.get(self._bytes_key)} bytes, expected {len(self._frame)}"
            )
        if not self._in_file:
            self.pipe.read_exact(memoryview(self._frame))
        reward, score, turns, obs, terminated, truncated, refused, running, mask = (
            self._views
        )
        return Batch(
            reward,
            score,
            turns,
            obs,
            terminated,
            truncated,
            refused,
            running,
            mask,
            header.get("refusals", []),
            header.get("text"),
            header.get("actions"),
        )

    def _packed(self, step: Sequence[int] | np.ndarray) -> str:
        """The step's action indices as a JSON string: N little-endian int16 in base64 (hearth-batch/3). A batch of
        hundreds is sent on every step; writing (and parsing) hundreds of decimal numbers cost both sides more than
        the rest of the request. The server checks every index (-1 or 0..size-1)."""
        ks = np.asarray(step)
        if ks.dtype.kind not in "iu" or ks.shape != (self.envs,):
            ks = np.asarray([int(k) for k in step], dtype=np.int64)
        if ks.size and (int(ks.min()) < -1 or int(ks.max()) >= self.size):
            bad = next(int(k) for k in ks.tolist() if not -1 <= k < self.size)
            raise ValueError(f"step index {bad} is not -1 or an action index in 0..{self.size - 1}")
        if self.size > 0x7FFF:  # no game's action space is this large; the list form has no limit
            return "[" + ",".join(str(int(k)) for k in ks.tolist()) + "]"
        return '"' + base64.b64encode(ks.astype("<i2").tobytes()).decode("ascii") + '"'

    def dict_observations(self, obs: np.ndarray) -> dict[str, np.ndarray]:
        """Rows (N, size) as a dict of fields, each (N, *shape) in its dtype. One copy of the rows per call: a field
        whose dtype is the wire's is a view of that copy (no copy per field), any other is converted."""
        n = obs.shape[0]
        rows = obs.copy()
        out: dict[str, np.ndarray] = {}
        for name, lo, hi, shape, dtype in self._field_slices:
            v = rows[:, lo:hi].reshape((n, *shape))
            out[name] = v if v.dtype == dtype else v.astype(dtype)
        return out

    def dict_observation(self, row: np.ndarray) -> dict[str, Any]:
        """One row (size,) as a dict of fields in their dtypes (copies)."""
        return {
            f["name"]: row[f["offset"] : f["offset"] + f["size"]]
            .reshape(f["shape"])
            .astype(DTYPES[f["dtype"]])
            for f in self.fields
        }

    @staticmethod
    def _close_file(shared: tuple[int, str] | None) -> None:
        if shared is not None:
            try:
                os.close(shared[0])
            except OSError:
                pass

    def close(self) -> None:
        self.pipe.close()
        # The map goes with the last view on it (a Batch may still hold some): closing it under them would fail.
