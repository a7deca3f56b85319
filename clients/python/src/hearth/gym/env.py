"""`HearthEnv`: one game as a Gymnasium environment over the batched pipe (`hearth sim serve` with one slot)."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium.error import ResetNeeded

from ._batch import Batch, BatchPipe
from ._masks import RUN_ENDING, offered

OBS_MODES = ("dict", "flat")


class HearthEnv(gym.Env[Any, Any]):
    """One game of `game` (a slug of the registry).

    - Observation: the game's tensor. `obs="dict"` (default): a Dict with a Box per field in its dtype and bounds
      (`env.unwrapped.fields` describes them); `obs="flat"`: the float32 row, one Box. `text=True` adds the text
      picture to the Dict; `render()` (render_mode "ansi") returns it on request.
    - Action: Discrete over the game's fixed action space (`action_labels`); `info["action_mask"]` (int8) marks the
      actions offered: the legal ones, without the run-ending ones while anything else is legal when
      `run_ending="mask"` (the default, for training), all of them with `run_ending="allow"`; all ones on the step
      that ends the episode (the next call must be reset()). A masked run-ending action is still accepted.
    - Reward: the score change, unscaled (docs/rl.md lists each game's scale; `hearth.gym.normalize_reward` wraps).
      `terminated` at game over, `truncated` after `max_turns` accepted actions; a refused index changes nothing
      (reward 0, `info["refusal"]` the engine's reason).
    - Seeds: `reset(seed=s)` plays the game of seed s (`hearth play --seed s`); `reset()` draws the next game's seed
      from the environment's generator.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 (gymnasium declares it an instance attribute)

    def __init__(
        self,
        game: str,
        *,
        obs: str = "dict",
        text: bool = False,
        max_turns: int | None = None,
        run_ending: str = "mask",
        render_mode: str | None = None,
        timeout: float = 60.0,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}"
            )
        if obs not in OBS_MODES:
            raise ValueError(f"obs must be one of {OBS_MODES}, got {obs!r}")
        if run_ending not in RUN_ENDING:
            raise ValueError(
                f"run_ending must be one of {RUN_ENDING}, got {run_ending!r}"
            )
        if text and obs != "dict":
            raise ValueError(
                'text=True needs obs="dict" (the picture is a member of the Dict)'
            )
        self.game = game
        self.render_mode = render_mode
        self.obs_mode = obs
        self.run_ending_policy = run_ending
        self._text = text
        self._pipe = BatchPipe(game, 1, max_turns=max_turns, text=text, timeout=timeout)
        self.observation_space = (
            self._pipe.dict_space(text) if obs == "dict" else self._pipe.flat_space()
        )
        self.action_space = gym.spaces.Discrete(self._pipe.size)
        self.action_labels: list[dict[str, Any]] = self._pipe.labels
        self.run_ending: list[int] = self._pipe.run_ending
        self.fields: list[dict[str, Any]] = self._pipe.fields
        self.version = self._pipe.version
        self.game_seed: int | None = None
        self._mask = np.ones((1, self._pipe.size), dtype=np.int8)
        self._running = False

    def _observe(self, batch: Batch) -> Any:
        row = batch.obs[0]
        if self.obs_mode == "flat":
            return row.astype(np.float32)
        obs: dict[str, Any] = self._pipe.dict_observation(row)
        if self._text:
            obs["text"] = (batch.text or [""])[0] or ""
        return obs

    def _info(self, batch: Batch) -> dict[str, Any]:
        done = (batch.terminated | batch.truncated).astype(bool)
        self._mask = offered(batch.mask, done, self.run_ending, self.run_ending_policy)
        info: dict[str, Any] = {
            "action_mask": self._mask[0].copy(),
            "score": float(batch.score[0]),
            "turns": int(batch.turns[0]),
        }
        if batch.refused[0] and batch.refusals:
            info["refusal"] = str(batch.refusals[0]["reason"])
        return info

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        self.game_seed = (
            int(seed) % 2**32
            if seed is not None
            else int(self.np_random.integers(0, 2**32))
        )
        batch = self._pipe.request(resets=[(0, self.game_seed)])
        self._running = bool(batch.running[0])
        return self._observe(batch), self._info(batch)

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._running:
            raise ResetNeeded("the game is over (or was never started): call reset()")
        k = int(action)
        if not 0 <= k < self._pipe.size:
            raise ValueError(
                f"action {action!r} is not in the action space Discrete({self._pipe.size})"
            )
        batch = self._pipe.request(step=[k])
        self._running = bool(batch.running[0])
        return (
            self._observe(batch),
            float(batch.reward[0]),
            bool(batch.terminated[0]),
            bool(batch.truncated[0]),
            self._info(batch),
        )

    def action_masks(self) -> np.ndarray:
        """The mask of the current position (for maskable-policy libraries that ask the environment for it)."""
        mask: np.ndarray = self._mask[0].copy()
        return mask

    def render(self) -> str | None:
        """The text picture of the current position (render_mode "ansi"): asked of the engine on request."""
        if self.render_mode != "ansi" or self.game_seed is None:
            return None
        batch = self._pipe.request(text=True)
        return (batch.text or [""])[0] or ""

    def close(self) -> None:
        pipe = getattr(self, "_pipe", None)
        if pipe is not None:
            pipe.close()
        super().close()
