"""The client side of `hearth sim serve` (protocol hearth-batch/1): N games of one game behind one pipe, one line
per batch each way. The hello line describes the action space and the observation fields; every answer is one
base64 buffer of float64 sections (reward, score, turns, obs) then 8-bit sections (terminated, truncated,
refused, running, mask, obs8), each N (or N x size) long; an observation field travels in `obs` (float64) or
`obs8` (int8, the small integer fields) as its `wire` says, at its `wireOffset` in an environment's row."""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np
from gymnasium import spaces

from .._pipe import STARTUP_TIMEOUT, LinePipe
from ..errors import ProtocolError

PROTOCOL = "hearth-batch/1"

_DTYPES = {"int64": np.int64, "float64": np.float64, "int8": np.int8}


class AnyText(spaces.Text):
    """The text picture: any string up to `max_length` characters (the pictures use box drawing and other Unicode;
    `sample()` draws from the default alphanumeric charset)."""

    def contains(self, x: Any) -> bool:
        return isinstance(x, str) and self.min_length <= len(x) <= self.max_length

    def __repr__(self) -> str:
        return f"AnyText({self.min_length}, {self.max_length})"

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, AnyText) and self.min_length == other.min_length and self.max_length == other.max_length


TEXT_MAX = 1 << 16


@dataclass
class Batch:
    reward: np.ndarray  # float64 (N,)
    score: np.ndarray  # float64 (N,)
    turns: np.ndarray  # float64 (N,)
    obs: np.ndarray  # float64 (N, wide)
    obs8: np.ndarray  # int8 (N, narrow)
    terminated: np.ndarray  # bool (N,)
    truncated: np.ndarray  # bool (N,)
    refused: np.ndarray  # bool (N,)
    running: np.ndarray  # bool (N,)
    mask: np.ndarray  # int8 (N, K)
    refusals: List[Dict[str, Any]]
    text: Optional[List[Optional[str]]]


class BatchPipe:
    """One `hearth sim serve` process for `envs` games of `game`."""

    def __init__(
        self, game: str, envs: int, *, max_turns: Optional[int] = None, obs: bool = True, text: bool = False, timeout: float = 60.0
    ) -> None:
        args = ["sim", "serve", "--game", game, "--envs", str(int(envs)), "--obs", "arrays" if obs else "none"]
        if max_turns is not None:
            args += ["--max-turns", str(int(max_turns))]
        if text:
            args.append("--text")
        self.pipe = LinePipe(args, timeout=timeout, what=f"hearth sim serve --game {game}")
        hello = self.pipe.read_json(timeout=max(timeout, STARTUP_TIMEOUT))
        if not isinstance(hello, dict) or hello.get("ok") is not True or hello.get("protocol") != PROTOCOL:
            self.pipe.close()
            raise ProtocolError(f"hearth sim serve: expected a {PROTOCOL} hello line, got {str(hello)[:300]}")
        self.hello = hello
        self.game = game
        self.envs = int(hello["envs"])
        self.size = int(hello["actions"]["size"])
        self.labels: List[Dict[str, Any]] = hello["actions"]["labels"]
        self.run_ending: List[int] = list(hello["actions"]["runEnding"])
        self.fields: List[Dict[str, Any]] = hello["observation"]["fields"]
        self.obs_size = int(hello["observation"]["size"])
        self.wide = int(hello["observation"].get("wide", 0))
        self.narrow = int(hello["observation"].get("narrow", 0))
        self.text = bool(hello["text"])
        n = self.envs
        f64 = n * (3 + self.wide)
        self._split = (f64 * 8, n * (4 + self.size + self.narrow))

    def observation_space(self) -> spaces.Dict:
        """One environment's observation: a space per field, plus `text` when the pipe sends the picture."""
        out: Dict[str, spaces.Space] = {}
        for f in self.fields:
            low = -np.inf if f["low"] is None else f["low"]
            high = np.inf if f["high"] is None else f["high"]
            shape = tuple(f["shape"])
            if f["space"] == "discrete":
                out[f["name"]] = spaces.Discrete(int(high) - int(low) + 1, start=int(low))
            elif f["space"] == "multibinary":
                out[f["name"]] = spaces.MultiBinary(list(shape))
            else:
                dtype = _DTYPES[f["dtype"]]
                out[f["name"]] = spaces.Box(low=low, high=high, shape=shape, dtype=dtype)
        if self.text:
            out["text"] = AnyText(TEXT_MAX, min_length=0)
        return spaces.Dict(out)

    def request(self, resets: Sequence[Tuple[int, int]] = (), step: Optional[Sequence[int]] = None) -> Batch:
        req: Dict[str, Any] = {}
        if resets:
            req["reset"] = [[int(i), int(s)] for i, s in resets]
        if step is not None:
            req["step"] = step
        answer = self.pipe.call(json.dumps(req, separators=(",", ":")))
        if not isinstance(answer, dict) or answer.get("ok") is not True:
            raise ProtocolError(f"{self.pipe.what}: {answer.get('reason') if isinstance(answer, dict) else ''}: {answer}")
        raw = base64.b64decode(answer["buf"])
        f64_bytes, u8_len = self._split
        if len(raw) != f64_bytes + u8_len:
            raise ProtocolError(f"{self.pipe.what}: answer buffer of {len(raw)} bytes, expected {f64_bytes + u8_len}")
        n, k = self.envs, self.size
        f = np.frombuffer(raw, dtype=np.float64, count=f64_bytes // 8)
        u = np.frombuffer(raw, dtype=np.uint8, offset=f64_bytes)
        return Batch(
            reward=f[0:n],
            score=f[n : 2 * n],
            turns=f[2 * n : 3 * n],
            obs=f[3 * n :].reshape(n, self.wide),
            obs8=u[(4 + k) * n :].view(np.int8).reshape(n, self.narrow),
            terminated=u[0:n].astype(bool),
            truncated=u[n : 2 * n].astype(bool),
            refused=u[2 * n : 3 * n].astype(bool),
            running=u[3 * n : 4 * n].astype(bool),
            mask=u[4 * n : (4 + k) * n].reshape(n, k).view(np.int8),
            refusals=answer.get("refusals", []),
            text=answer.get("text"),
        )

    def observations(self, batch: Batch) -> Dict[str, Any]:
        """Batched observations: each field as an array of shape (N, *shape) in its space's dtype."""
        n = self.envs
        out: Dict[str, Any] = {}
        for f in self.fields:
            size = int(np.prod(f["shape"])) if f["shape"] else 1
            src = batch.obs8 if f["wire"] == "i8" else batch.obs
            col = src[:, f["wireOffset"] : f["wireOffset"] + size]
            dtype = np.int8 if f["space"] == "multibinary" else _DTYPES[f["dtype"]]
            out[f["name"]] = col.reshape((n, *f["shape"])).astype(dtype)
        if self.text:
            out["text"] = tuple(t if t is not None else "" for t in (batch.text or [None] * n))
        return out

    def observation(self, batch: Batch, i: int) -> Dict[str, Any]:
        """Environment i's observation, as its single space holds it (Discrete fields as np.int64 scalars)."""
        out: Dict[str, Any] = {}
        for f in self.fields:
            size = int(np.prod(f["shape"])) if f["shape"] else 1
            row = batch.obs8[i] if f["wire"] == "i8" else batch.obs[i]
            vals = row[f["wireOffset"] : f["wireOffset"] + size]
            if f["space"] == "discrete":
                out[f["name"]] = np.int64(vals[0])
            else:
                dtype = np.int8 if f["space"] == "multibinary" else _DTYPES[f["dtype"]]
                out[f["name"]] = vals.reshape(f["shape"]).astype(dtype)
        if self.text:
            out["text"] = (batch.text or [""])[i] or ""
        return out

    def close(self) -> None:
        self.pipe.close()
