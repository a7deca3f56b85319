"""Gymnasium environments for the hearth games (extra [gym]: gymnasium and numpy).

Importing this module registers hearth/Cragwake-v1, hearth/Stormlark-v1, hearth/LanternVolley-v1 and
hearth/Sunloaf-v1, for `gymnasium.make(id)` and `gymnasium.make_vec(id, num_envs=N)`.

- Observation: a Dict of the engine's structured observation, one space per fixed-size field (derived from the
  game's observationSchema by `hearth sim serve`: grids and counters as Box, enumerations and flags as Discrete
  or MultiBinary, variable lists padded to their maximum with a `.count`), plus `text`, the text picture.
- Action: Discrete over a fixed enumeration of the game's actions (`env.unwrapped.action_labels`): Cragwake's
  moves as offsets from the climber then breathe, climbOn, endRun; Stormlark's six actions; Sunloaf's cat x tile
  moves then REST, DOZE, NEXT_DAY, END_RUN; Lantern Volley's 1,501 angles 15.0 to 165.0 by 0.1.
  `info["action_mask"]` (int8) has a 1 exactly at the legal actions.
- Reward: the score change. `terminated` at game over, `truncated` after `max_turns` accepted actions.
  An action the rules refuse changes nothing: reward 0, `info["refusal"]` the engine's reason.
- Seeds: `reset(seed=s)` plays the game of seed s (the same game as `hearth play --seed s`); `reset()` then
  draws the next game's seed from the environment's seeded generator.

Every environment is one `hearth sim serve` process (the Node CLI, found as hearth.local finds it); a vector
environment of N games is one process stepping all N per round trip.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Union

import gymnasium as gym
import numpy as np
from gymnasium.error import ResetNeeded
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ._batch import AnyText, Batch, BatchPipe

__all__ = ["HearthEnv", "HearthVectorEnv", "make", "make_vec", "ENV_IDS", "AnyText"]

ENV_IDS: Dict[str, str] = {
    "cragwake": "hearth/Cragwake-v1",
    "stormlark": "hearth/Stormlark-v1",
    "lantern-volley": "hearth/LanternVolley-v1",
    "sunloaf": "hearth/Sunloaf-v1",
}
_SLUGS = {v: k for k, v in ENV_IDS.items()}


def _slug(game: str) -> str:
    return _SLUGS.get(game, game)


class HearthEnv(gym.Env):
    """One game. `text=False` leaves the picture out of the observation; `render_mode="ansi"` renders it."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self, game: str, *, text: bool = True, max_turns: Optional[int] = None, render_mode: Optional[str] = None, timeout: float = 60.0
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}")
        self.game = _slug(game)
        self.render_mode = render_mode
        self._text = text
        self._pipe = BatchPipe(self.game, 1, max_turns=max_turns, text=text or render_mode == "ansi", timeout=timeout)
        space = self._pipe.observation_space()
        if not text and "text" in space.spaces:
            space = gym.spaces.Dict({k: v for k, v in space.spaces.items() if k != "text"})
        self.observation_space = space
        self.action_space = gym.spaces.Discrete(self._pipe.size)
        self.action_labels: List[Dict[str, Any]] = self._pipe.labels
        self.run_ending: List[int] = self._pipe.run_ending
        self.game_seed: Optional[int] = None
        self._last: Optional[Batch] = None
        self._running = False

    def _obs(self, batch: Batch) -> Dict[str, Any]:
        obs = self._pipe.observation(batch, 0)
        if not self._text:
            obs.pop("text", None)
        return obs

    def _info(self, batch: Batch) -> Dict[str, Any]:
        info: Dict[str, Any] = {"action_mask": batch.mask[0].copy(), "score": float(batch.score[0]), "turns": int(batch.turns[0])}
        if batch.refused[0] and batch.refusals:
            info["refusal"] = str(batch.refusals[0]["reason"])
        return info

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None):
        super().reset(seed=seed)
        self.game_seed = int(seed) % 2**32 if seed is not None else int(self.np_random.integers(0, 2**32))
        batch = self._pipe.request(resets=[(0, self.game_seed)])
        self._last = batch
        self._running = bool(batch.running[0])
        return self._obs(batch), self._info(batch)

    def step(self, action: Any):
        if not self._running:
            raise ResetNeeded("the game is over (or was never started): call reset()")
        k = int(action)
        if not 0 <= k < self._pipe.size:
            raise ValueError(f"action {action!r} is not in the action space Discrete({self._pipe.size})")
        batch = self._pipe.request(step=[k])
        self._last = batch
        self._running = bool(batch.running[0])
        return self._obs(batch), float(batch.reward[0]), bool(batch.terminated[0]), bool(batch.truncated[0]), self._info(batch)

    def action_masks(self) -> np.ndarray:
        """The mask of the current position (for maskable-policy libraries that ask the env for it)."""
        return self._last.mask[0].copy() if self._last is not None else np.zeros(self._pipe.size, dtype=np.int8)

    def render(self) -> Optional[str]:
        if self.render_mode == "ansi" and self._last is not None:
            return (self._last.text or [""])[0] or ""
        return None

    def close(self) -> None:
        pipe = getattr(self, "_pipe", None)
        if pipe is not None:
            pipe.close()
        super().close()


class HearthVectorEnv(VectorEnv):
    """N games through one `hearth sim serve` process, one round trip per step. Autoreset is NEXT_STEP (as
    gymnasium's SyncVectorEnv): the step after a game ends resets that game (its action is ignored, reward 0).
    Step for step it equals SyncVectorEnv over N HearthEnv with the same seeds, infos included."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(
        self, game: str, num_envs: int, *, text: bool = True, max_turns: Optional[int] = None, obs: bool = True, timeout: float = 60.0
    ) -> None:
        self.game = _slug(game)
        self.num_envs = int(num_envs)
        self._text = text
        self._pipe = BatchPipe(self.game, self.num_envs, max_turns=max_turns, obs=obs, text=text, timeout=timeout)
        self.single_observation_space = self._pipe.observation_space()
        self.single_action_space = gym.spaces.Discrete(self._pipe.size)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self.action_labels = self._pipe.labels
        self.run_ending = self._pipe.run_ending
        self._rngs: List[Optional[np.random.Generator]] = [None] * self.num_envs
        self._autoreset = np.zeros(self.num_envs, dtype=bool)
        self.game_seeds = np.zeros(self.num_envs, dtype=np.int64)
        self._last: Optional[Batch] = None

    def _next_seed(self, i: int) -> int:
        if self._rngs[i] is None:
            self._rngs[i], _ = seeding.np_random(None)
        return int(self._rngs[i].integers(0, 2**32))

    def _infos(self, batch: Batch) -> Dict[str, Any]:
        n = self.num_envs
        ones = np.ones(n, dtype=np.bool_)
        infos: Dict[str, Any] = {
            "action_mask": batch.mask.copy(),
            "_action_mask": ones,
            "score": batch.score.copy(),
            "_score": ones.copy(),
            "turns": batch.turns.astype(np.int64),
            "_turns": ones.copy(),
        }
        if batch.refusals:
            refusal = np.full(n, None, dtype=object)
            present = np.zeros(n, dtype=np.bool_)
            for r in batch.refusals:
                refusal[r["slot"]] = str(r["reason"])
                present[r["slot"]] = True
            infos["refusal"], infos["_refusal"] = refusal, present
        return infos

    def reset(self, *, seed: Union[int, Sequence[Optional[int]], None] = None, options: Optional[Dict[str, Any]] = None):
        n = self.num_envs
        seeds: Sequence[Optional[int]]
        if seed is None:
            seeds = [None] * n
        elif isinstance(seed, (int, np.integer)):
            seeds = [int(seed) + i for i in range(n)]
        else:
            seeds = list(seed)
            if len(seeds) != n:
                raise ValueError(f"reset(seed=...) needs {n} seeds, got {len(seeds)}")
        resets = []
        for i, s in enumerate(seeds):
            if s is not None:
                self._rngs[i], _ = seeding.np_random(int(s))
                game_seed = int(s) % 2**32
            else:
                game_seed = self._next_seed(i)
            self.game_seeds[i] = game_seed
            resets.append((i, game_seed))
        batch = self._pipe.request(resets=resets)
        self._last = batch
        self._autoreset[:] = False
        return self._pipe.observations(batch), self._infos(batch)

    def step(self, actions: Any):
        if self._last is None:
            raise ResetNeeded("call reset() before step()")
        acts = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)
        if acts.min(initial=0) < 0 or acts.max(initial=0) >= self._pipe.size:
            raise ValueError(f"actions must be in 0..{self._pipe.size - 1}")
        resets = []
        if self._autoreset.any():
            acts = acts.copy()
            for i in np.flatnonzero(self._autoreset):
                seed = self._next_seed(int(i))
                self.game_seeds[i] = seed
                resets.append((int(i), seed))
                acts[i] = -1
        batch = self._pipe.request(resets=resets, step=acts.tolist())
        self._last = batch
        self._autoreset = batch.terminated | batch.truncated
        return (
            self._pipe.observations(batch),
            batch.reward.copy(),
            batch.terminated.copy(),
            batch.truncated.copy(),
            self._infos(batch),
        )

    def close_extras(self, **kwargs: Any) -> None:
        self._pipe.close()


def make(game: str, **kwargs: Any) -> HearthEnv:
    """`HearthEnv(game, ...)` with the checks of `gymnasium.make` (an environment id or a slug)."""
    return gym.make(ENV_IDS.get(_slug(game), game), **kwargs)


def make_vec(game: str, num_envs: int = 1, **kwargs: Any) -> HearthVectorEnv:
    """N games stepped together through one batched pipe (`hearth sim serve`)."""
    return HearthVectorEnv(_slug(game), num_envs, **kwargs)


def _vector_entry(game: str, num_envs: int = 1, **kwargs: Any) -> HearthVectorEnv:
    return HearthVectorEnv(game, num_envs, **kwargs)


for _slug_name, _id in ENV_IDS.items():
    if _id not in gym.registry:
        gym.register(
            id=_id,
            entry_point="hearth.gym:HearthEnv",
            vector_entry_point="hearth.gym:_vector_entry",
            kwargs={"game": _slug_name},
        )
