"""`HearthVectorEnv`: N games of one game through one `hearth sim serve` process, one round trip per step."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium.error import ResetNeeded
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ._batch import Batch, BatchPipe
from ._masks import RUN_ENDING, offered
from .records import EpisodeRecorder

#: Seeds drawn at a time from a slot's generator (the same sequence as one at a time).
SEED_BLOCK = 64

OBS_MODES = ("dict", "flat", "none")


class HearthVectorEnv(VectorEnv[Any, Any, Any]):
    """N games of `game` (a slug of the registry) stepped together.

    Observations, actions, masks and rewards are HearthEnv's, batched (`obs="flat"` gives one (N, size) float32
    array, what a learner wants; `obs="none"` sends none). Autoreset is Gymnasium 1.x's NEXT_STEP: the step after a
    game ends resets that game (its action is ignored, reward 0, terminated and truncated False) and returns the
    new game's first observation with its mask; on the step that ends a game the mask row is all ones. Step for
    step it equals SyncVectorEnv over N HearthEnv with the same seeds, infos included. `record_dir` writes every
    finished episode as an episode record (hearth.gym.records), replayable by `hearth verify`. `seed_range=(lo, hi)`
    bounds the seeds autoreset and `reset()` draw (training on one range keeps another held out for evaluation).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (gymnasium declares it an instance attribute)
        "autoreset_mode": AutoresetMode.NEXT_STEP,
        "render_modes": [],
        "render_fps": 4,
    }

    def __init__(
        self,
        game: str,
        num_envs: int = 1,
        *,
        obs: str = "dict",
        text: bool = False,
        max_turns: int | None = None,
        run_ending: str = "mask",
        record_dir: str | None = None,
        agent: str | None = None,
        seed_range: tuple[int, int] = (0, 2**32),
        timeout: float = 60.0,
    ) -> None:
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
        self.num_envs = int(num_envs)
        self.obs_mode = obs
        self.run_ending_policy = run_ending
        self._text = text
        self._pipe = BatchPipe(
            game,
            self.num_envs,
            max_turns=max_turns,
            obs=obs != "none",
            text=text,
            timeout=timeout,
        )
        if obs == "flat":
            self.single_observation_space: gym.Space[Any] = self._pipe.flat_space()
        else:
            self.single_observation_space = self._pipe.dict_space(text)
        self.single_action_space = gym.spaces.Discrete(self._pipe.size)
        self.observation_space = batch_space(
            self.single_observation_space, self.num_envs
        )
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self.action_labels: list[dict[str, Any]] = self._pipe.labels
        self.run_ending: list[int] = self._pipe.run_ending
        self.fields: list[dict[str, Any]] = self._pipe.fields
        self.version = self._pipe.version
        self._rngs: list[np.random.Generator | None] = [None] * self.num_envs
        self._seed_blocks: list[list[int]] = [[] for _ in range(self.num_envs)]
        self._autoreset = np.zeros(self.num_envs, dtype=bool)
        self.game_seeds = np.zeros(self.num_envs, dtype=np.int64)
        self._started = False
        lo, hi = (int(seed_range[0]), int(seed_range[1]))
        if not 0 <= lo < hi <= 2**32:
            raise ValueError(
                f"seed_range must be (lo, hi) with 0 <= lo < hi <= 2**32, got {seed_range!r}"
            )
        self.seed_range = (lo, hi)
        self.recorder = (
            EpisodeRecorder(record_dir, game, self.version, self.num_envs, agent)
            if record_dir
            else None
        )

    def _next_seed(self, i: int) -> int:
        """Slot i's next game seed: the next draw of its generator (drawn SEED_BLOCK at a time: a scalar draw costs
        as much as a block of 64, and short games reset several slots on every step; the sequence is the same)."""
        block = self._seed_blocks[i]
        if not block:
            rng = self._rngs[i]
            if rng is None:
                rng, _ = seeding.np_random(None)
                self._rngs[i] = rng
            block = self._seed_blocks[i] = rng.integers(*self.seed_range, size=SEED_BLOCK).tolist()
            block.reverse()
        return int(block.pop())

    def _observations(self, batch: Batch) -> Any:
        if self.obs_mode == "flat":
            return batch.obs.astype(np.float32)
        if self.obs_mode == "none":
            return {}
        out: dict[str, Any] = self._pipe.dict_observations(batch.obs)
        if self._text:
            out["text"] = tuple(
                t if t is not None else ""
                for t in (batch.text or [None] * self.num_envs)
            )
        return out

    def _infos(self, batch: Batch, done: np.ndarray) -> dict[str, Any]:
        n = self.num_envs
        ones = np.ones(n, dtype=np.bool_)
        infos: dict[str, Any] = {
            "action_mask": offered(
                batch.mask, done, self.run_ending, self.run_ending_policy
            ),
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

    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Any, dict[str, Any]]:
        n = self.num_envs
        seeds: Sequence[int | None]
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
                self._seed_blocks[i] = []
                game_seed = int(s) % 2**32
            else:
                game_seed = self._next_seed(i)
            self.game_seeds[i] = game_seed
            resets.append((i, game_seed))
        batch = self._pipe.request(resets=resets)
        self._autoreset[:] = False
        self._started = True
        if self.recorder:
            for i in range(n):
                self.recorder.start(i, int(self.game_seeds[i]), batch.obs[i])
        return self._observations(batch), self._infos(batch, self._autoreset)

    def step(
        self, actions: Any
    ) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        if not self._started:
            raise ResetNeeded("call reset() before step()")
        acts = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)
        if acts.min(initial=0) < 0 or acts.max(initial=0) >= self._pipe.size:
            raise ValueError(f"actions must be in 0..{self._pipe.size - 1}")
        resets = []
        restarted = self._autoreset  # replaced below, never changed in place while a step runs
        if restarted.any():
            acts = acts.copy()
            for i in np.flatnonzero(restarted).tolist():
                seed = self._next_seed(i)
                self.game_seeds[i] = seed
                resets.append((i, seed))
            acts[restarted] = -1
        rec = self.recorder
        batch = self._pipe.request(resets=resets, step=acts, actions=rec is not None)
        terminated = batch.terminated.astype(bool)
        truncated = batch.truncated.astype(bool)
        done = terminated | truncated
        if rec:
            self._record(batch, restarted, terminated, truncated)
        self._autoreset = done
        return (
            self._observations(batch),
            batch.reward.copy(),
            terminated,
            truncated,
            self._infos(batch, done),
        )

    def _record(
        self,
        batch: Batch,
        restarted: np.ndarray,
        terminated: np.ndarray,
        truncated: np.ndarray,
    ) -> None:
        rec = self.recorder
        assert rec is not None
        refused = {int(r["slot"]): str(r["reason"]) for r in batch.refusals}
        played = batch.actions or []
        for i in range(self.num_envs):
            if restarted[i]:
                rec.start(i, int(self.game_seeds[i]), batch.obs[i])
                continue
            if i < len(played) and played[i] is not None:
                rec.step(i, played[i], i not in refused, refused.get(i))
            if terminated[i]:
                rec.end(i, "game_over", float(batch.score[i]))
            elif truncated[i]:
                rec.end(i, "max_turns", float(batch.score[i]))
            else:
                rec.shown(i, batch.obs[i])

    def close_extras(self, **kwargs: Any) -> None:
        self._pipe.close()
