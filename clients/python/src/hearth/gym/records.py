"""Episode records from environments, in the harness's format (docs/benchmark.md): a header line, one line per
action sent, an end line; `hearth verify <file>` replays the accepted actions from the header's game and seed.
`view` is `sha256:` + the SHA-256 of the observation row the policy was shown (the tensor's float32 bytes,
little-endian), and the header says so with `"view": "tensor"`."""

from __future__ import annotations

import hashlib
import json
import os
import time
from pathlib import Path
from typing import Any

import numpy as np


class EpisodeRecorder:
    """One episode per slot, written to `<dir>/<slug>-<seed>.jsonl` when it ends (atomically: a temp file, then a
    rename), `-<k>` added when that file exists already."""

    def __init__(
        self,
        directory: str,
        game: str,
        version: str,
        slots: int,
        agent: str | None = None,
    ) -> None:
        self.dir = Path(directory)
        self.dir.mkdir(parents=True, exist_ok=True)
        self.game = game
        self.version = version
        self.agent = agent
        self._lines: list[list[str] | None] = [None] * slots
        self._seed = [0] * slots
        self._steps = [0] * slots
        self._turns = [0] * slots
        self._shown = [0.0] * slots
        self.written: list[Path] = []

    def start(self, slot: int, seed: int, row: Any) -> None:
        head: dict[str, Any] = {
            "hearthRecord": 1,
            "game": self.game,
            "seed": int(seed),
            "version": self.version,
            "view": "tensor",
        }
        if self.agent:
            head["agent"] = self.agent
        self._lines[slot] = [json.dumps(head, separators=(",", ":"))]
        self._seed[slot] = int(seed)
        self._steps[slot] = 0
        self._turns[slot] = 0
        self.shown(slot, row)

    def shown(self, slot: int, row: Any) -> None:
        """The row the policy is shown now (its hash goes on the next step line) and when."""
        self._view = getattr(self, "_view", {})
        shown = np.ascontiguousarray(row, dtype="<f4")
        self._view[slot] = "sha256:" + hashlib.sha256(shown.tobytes()).hexdigest()
        self._shown[slot] = time.perf_counter()

    def step(self, slot: int, action: Any, ok: bool, reason: str | None) -> None:
        lines = self._lines[slot]
        if lines is None:
            return
        line: dict[str, Any] = {
            "step": self._steps[slot],
            "turn": self._turns[slot],
            "view": self._view[slot],
            "action": action,
            "ok": bool(ok),
            "ms": round((time.perf_counter() - self._shown[slot]) * 1000, 3),
        }
        if reason:
            line["reason"] = reason
        lines.append(json.dumps(line, separators=(",", ":")))
        self._steps[slot] += 1
        if ok:
            self._turns[slot] += 1

    def end(self, slot: int, end: str, score: float) -> None:
        lines = self._lines[slot]
        if lines is None:
            return
        s = int(score) if float(score).is_integer() else float(score)
        lines.append(
            json.dumps(
                {"end": end, "score": s, "turns": self._turns[slot]},
                separators=(",", ":"),
            )
        )
        path = self.dir / f"{self.game}-{self._seed[slot]}.jsonl"
        k = 1
        while path.exists():
            path = self.dir / f"{self.game}-{self._seed[slot]}-{k}.jsonl"
            k += 1
        tmp = path.with_name(path.name + f".tmp-{os.getpid()}")
        tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
        tmp.replace(path)
        self.written.append(path)
        self._lines[slot] = None
