"""What every game being played keeps and answers, wherever its engine runs: `RemoteGame` (hearth.Client, over
HTTP) and `LocalGame` (hearth.local, through the CLI's pipe) differ only in how one action is sent."""

from __future__ import annotations

from typing import Any, Dict, List, Sequence

from .types import Result, Step


class PlayedGame:
    """A game in progress: `current` (the latest accepted `Step`), the accepted `actions`, and the moves."""

    slug: str
    seed: int
    current: Step
    actions: List[Any]

    @property
    def score(self) -> float:
        return self.current.score

    @property
    def game_over(self) -> bool:
        return self.current.game_over

    def _tag(self, step: Step) -> Step:
        """The step names its game and seed, so an agent serving several games at once always knows which."""
        step.game, step.seed = self.slug, self.seed
        return step

    def _send(self, action: Any) -> Result:
        """The engine's answer to `action` from `current`; nothing else changes."""
        raise NotImplementedError

    def act(self, action: Any) -> Result:
        """The next `Step` (and the position moves on) or a `Refusal` (nothing changes)."""
        result = self._send(action)
        if result.ok:
            self.current = self._tag(result)  # type: ignore[arg-type]
            self.actions.append(action)
        return result

    def play(self, action: Any) -> Step:
        """`act`, raising `Refused` on a refusal."""
        return self.act(action).raise_for_refusal()

    def play_all(self, actions: Sequence[Any]) -> Step:
        """`play` each action in turn; the last `Step`."""
        for a in actions:
            self.play(a)
        return self.current

    def record(self) -> Dict[str, Any]:
        """`{ slug, seed, actions }`: the record `hearth verify` and `hearth submit` read."""
        return {"slug": self.slug, "seed": self.seed, "actions": list(self.actions)}
