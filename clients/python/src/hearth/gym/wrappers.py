"""Reward scaling. The environments' reward is the score change, unscaled: its size differs by game and grows with
progress (docs/rl.md lists each game's per-step scale under random play). `normalize_reward` wraps a
single or a vector environment in Gymnasium's running normaliser (rewards divided by the running standard
deviation of the discounted return), the usual choice for PPO; the score in `info["score"]` stays unscaled."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium.vector import VectorEnv


def normalize_reward(
    env: gym.Env[Any, Any] | VectorEnv[Any, Any, Any], gamma: float = 0.99, epsilon: float = 1e-8
) -> gym.Env[Any, Any] | VectorEnv[Any, Any, Any]:
    """`env` with its rewards normalised by the running standard deviation of the discounted return."""
    if isinstance(env, VectorEnv):
        from gymnasium.wrappers.vector import NormalizeReward as VectorNormalizeReward

        return VectorNormalizeReward(env, gamma=gamma, epsilon=epsilon)
    return gym.wrappers.NormalizeReward(env, gamma=gamma, epsilon=epsilon)


class MaskInObservation(gym.Wrapper[Any, Any, Any, Any]):
    """A single environment's flat row and mask as one Dict observation, `{"observations": row, "action_mask":
    mask}`: what RLlib's action-masking modules (and other libraries that expect the mask inside the observation)
    read. Wraps `HearthEnv(game, obs="flat")`; `info["action_mask"]` stays as it was."""

    def __init__(self, env: gym.Env[Any, Any]) -> None:
        super().__init__(env)
        inner = env.observation_space
        if not isinstance(inner, gym.spaces.Box):
            raise TypeError(
                'MaskInObservation wraps a flat observation: HearthEnv(game, obs="flat")'
            )
        n = int(env.action_space.n)  # type: ignore[attr-defined]
        self.observation_space = gym.spaces.Dict(
            {
                "observations": inner,
                "action_mask": gym.spaces.Box(0, 1, shape=(n,), dtype=np.int8),
            }
        )

    def reset(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        obs, info = self.env.reset(**kwargs)
        return {"observations": obs, "action_mask": info["action_mask"]}, info

    def step(
        self, action: Any
    ) -> tuple[dict[str, Any], Any, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.env.step(action)
        return (
            {"observations": obs, "action_mask": info["action_mask"]},
            reward,
            terminated,
            truncated,
            info,
        )
