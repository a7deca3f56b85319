"""Reinforcement learning on the hearth games (extra [rl]: torch, matplotlib, gymnasium, numpy).

- `python -m hearth.rl.ppo --game <slug>`: masked PPO in one file, a learning curve and a held-out evaluation
  beside the simulator's bots (ppo.py).
- `hearth.rl.policy.ArrayPolicyAgent` / `array_policy_factory`: an array policy (tensor row and mask in, action
  index out) as an agent for `hearth.evaluate`, through the same encoding (policy.py).
- `hearth.rl.ray_envs`: the vector environments inside Ray actors (extra [ray]).
See docs/rl.md.
"""
