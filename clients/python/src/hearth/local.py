"""`hearth.local(slug)`: the games with no server, through the Node CLI's JSON pipe (`hearth play <slug> --json`).

One engine process per game being played, kept for the whole game (a new seed starts a new one): a line of action
JSON in, one gameboard response out, at pipe speed. The responses are the same shapes as the HTTP API's."""

from __future__ import annotations

import base64
import json
import random
import subprocess
from typing import Any, Dict, List, Optional

from ._canonical import state_hash
from ._game import PlayedGame
from ._pipe import STARTUP_TIMEOUT, LinePipe, find_cli
from .errors import EngineError, ProtocolError
from .types import Refusal, Result, Step

__all__ = ["local", "LocalGame"]


def local(
    slug: str, seed: Optional[int] = None, *, view: Optional[str] = "compact", spec: bool = False, timeout: float = 30.0
) -> "LocalGame":
    """A local game of `slug` on `seed` (a fresh u32 when None). `view` is the pipe's `--view`: "compact" (the
    default: the full response plus the compact view and the recap), "lean" (state, score, gameOver and the
    compact view only) or "full"/None (exactly the gameboard response). Without `spec` the first line leaves the
    spec out (`--spec 0`); `game.spec` then asks the CLI for it once."""
    return LocalGame(slug, seed, view=view, spec=spec, timeout=timeout)


class LocalGame(PlayedGame):
    """A game in a local engine process. Use it as a context manager, or call close()."""

    def __init__(
        self, slug: str, seed: Optional[int] = None, *, view: Optional[str] = "compact", spec: bool = False, timeout: float = 30.0
    ) -> None:
        self.slug = slug
        self.view = view
        self.timeout = timeout
        self._with_spec = spec
        self._pipe: Optional[LinePipe] = None
        self._spec: Optional[Dict[str, Any]] = None
        self.reset(seed)

    @property
    def spec(self) -> Dict[str, Any]:
        """The game's spec (from the first line when asked for, else `hearth spec <slug> --json`, once)."""
        if self._spec is None:
            try:
                done = subprocess.run(find_cli() + ["spec", self.slug, "--json"], capture_output=True, timeout=self.timeout)
                self._spec = json.loads(done.stdout)
            except (OSError, ValueError, subprocess.TimeoutExpired) as err:
                raise EngineError(f"hearth spec {self.slug}: {err}") from None
        return self._spec

    def reset(self, seed: Optional[int] = None) -> Step:
        """Starts a new game (a new engine process) on `seed`, or a fresh u32 seed."""
        self.close()
        self.seed = seed if seed is not None else random.getrandbits(32)
        if not 0 <= int(self.seed) <= 0xFFFFFFFF:
            raise ValueError(f"seed must be an integer from 0 to 4294967295, got {seed!r}")
        args = ["play", self.slug, "--json", "--seed", str(int(self.seed))]
        if self.view:
            args += ["--view", self.view]
        if not self._with_spec:
            args += ["--spec", "0"]
        self._pipe = LinePipe(args, timeout=self.timeout, what=f"hearth.local({self.slug!r})")
        first = self._pipe.read_json(timeout=max(self.timeout, STARTUP_TIMEOUT))
        if not isinstance(first, dict) or first.get("ok") is not True:
            raise ProtocolError(f"hearth.local({self.slug!r}): the first line is not an init response: {str(first)[:200]}")
        self.current = self._tag(Step.from_json(first, wire=self._pipe.last_line))
        if self.current.spec:
            self._spec = self.current.spec
        self.actions: List[Any] = []
        return self.current

    def _send(self, action: Any) -> Result:
        assert self._pipe is not None, "the game is closed"
        answer = self._pipe.call(json.dumps(action, separators=(",", ":")))
        if not isinstance(answer, dict) or not isinstance(answer.get("ok"), bool):
            raise ProtocolError(f"hearth.local({self.slug!r}): not a gameboard response: {str(answer)[:200]}")
        if answer["ok"]:
            return Step.from_json(answer, wire=self._pipe.last_line)
        return Refusal.from_json(answer)

    def engine_state(self) -> Any:
        """The engine's full state: the plain state, or the one inside the local (unsealed) stateToken."""
        token = self.current.state_token
        if token is None:
            return self.current.state
        return json.loads(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)).decode("utf-8"))

    def state_hash(self) -> str:
        """The state hash of the position, as `hearth verify` and golden replays give it."""
        return state_hash(self.engine_state())

    def close(self) -> None:
        if self._pipe is not None:
            self._pipe.close()
            self._pipe = None

    def __enter__(self) -> "LocalGame":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
