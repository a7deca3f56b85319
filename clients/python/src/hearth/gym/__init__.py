"""Gymnasium environments for the hearth games (extra [gym]: gymnasium and numpy).

Importing this module registers every game of the registry (`hearth list --json`) as `hearth/<Name>-v2`
(`hearth/Cragwake-v2`, `hearth/LanternVolley-v2`, ...), for `gymnasium.make(id)` and `gymnasium.make_vec(id, N)`;
`ENV_IDS` maps slugs to ids. `make(game)` and `make_vec(game, N)` take a slug or an id.

- `HearthEnv` (env.py): one game. `HearthVectorEnv` (vector.py): N games through one pipe, next-step autoreset.
- Observation: the game's own tensor (Rules.tensor in its package): a Dict of Boxes (`obs="dict"`) or one float32
  row (`obs="flat"`); the text picture on request (`text=True`, or render()).
- Action: Discrete over the game's fixed action space (`action_labels`); `info["action_mask"]` (int8) marks the
  actions offered: legal ones, run-ending ones left out while anything else is legal (`run_ending="mask"`, the
  default; `"allow"` keeps them), all ones on the step that ends an episode. Never all zeros.
- Reward: the score change, unscaled; `normalize_reward(env)` wraps (wrappers.py). docs/rl.md has the scales.
- `make_vec(..., record_dir=)` writes episode records (records.py) that `hearth verify` replays.

Every environment is one `hearth sim serve` process (the Node CLI, found as hearth.local finds it).
"""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium as gym

from ..errors import EngineError
from ._batch import AnyText, BatchPipe
from .env import HearthEnv
from .registry import env_id, games, register_envs
from .vector import HearthVectorEnv
from .wrappers import MaskInObservation, normalize_reward

__all__ = [
    "ENV_IDS",
    "AnyText",
    "BatchPipe",
    "HearthEnv",
    "HearthVectorEnv",
    "MaskInObservation",
    "env_id",
    "games",
    "make",
    "make_vec",
    "normalize_reward",
    "register_envs",
]

try:
    ENV_IDS: dict[str, str] = register_envs()
except (
    EngineError
) as err:  # no CLI here: make() and make_vec() by slug still work once one is found
    warnings.warn(f"hearth.gym: no environment ids registered ({err})", stacklevel=2)
    ENV_IDS = {}


def _slug(game: str) -> str:
    for slug, i in ENV_IDS.items():
        if game == i:
            return slug
    return game


def make(game: str, **kwargs: Any) -> gym.Env[Any, Any]:
    """`HearthEnv(game, ...)` with the checks of `gymnasium.make` (a slug or an environment id)."""
    slug = _slug(game)
    if slug not in ENV_IDS:
        ENV_IDS.update(register_envs(refresh=True))
    if slug not in ENV_IDS:
        raise gym.error.Error(
            f"unknown hearth game {game!r}; games: {', '.join(ENV_IDS)}"
        )
    return gym.make(ENV_IDS[slug], **kwargs)


def make_vec(game: str, num_envs: int = 1, **kwargs: Any) -> HearthVectorEnv:
    """N games stepped together through one batched pipe (`hearth sim serve`): HearthVectorEnv's options."""
    return HearthVectorEnv(_slug(game), num_envs, **kwargs)
