"""Reward scaling. The environments' reward is the score change, unscaled: its size differs by game and grows with
progress (docs/rl.md lists each game's per-step scale under random and strong play). `normalize_reward` wraps a
single or a vector environment in Gymnasium's running normaliser (rewards divided by the running standard
deviation of the discounted return), the usual choice for PPO; the score in `info["score"]` stays unscaled."""

from __future__ import annotations

import gymnasium as gym
from gymnasium.vector import VectorEnv


def normalize_reward(
    env: gym.Env | VectorEnv, gamma: float = 0.99, epsilon: float = 1e-8
) -> gym.Env | VectorEnv:
    """`env` with its rewards normalised by the running standard deviation of the discounted return."""
    if isinstance(env, VectorEnv):
        from gymnasium.wrappers.vector import NormalizeReward as VectorNormalizeReward

        return VectorNormalizeReward(env, gamma=gamma, epsilon=epsilon)
    return gym.wrappers.NormalizeReward(env, gamma=gamma, epsilon=epsilon)
