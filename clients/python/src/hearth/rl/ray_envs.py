"""The vector environments inside Ray actors (extra [ray]: Ray core), for rollouts beyond one machine.

    import ray
    from hearth.rl.ray_envs import RayVectorEnv
    ray.init(address="auto")                                      # a running cluster
    envs = RayVectorEnv("cragwake", num_envs=512, actors=8, obs="flat")
    obs, infos = envs.reset(seed=0)                               # env i plays seed 0 + i, wherever its actor runs
    obs, rewards, terminated, truncated, infos = envs.step(actions)

Each actor holds one `HearthVectorEnv` (one `hearth sim serve` process and its slots) on whichever node Ray places
it (spread over the nodes by default); a step sends each actor its slice of the actions and gathers the answers
in order, so the whole is the same batched environment as `make_vec(game, num_envs)` with the same seeds: step for
step the same observations, rewards, flags and masks (tests/test_ray.py runs it on a head and a worker node). Every
node needs this package and the CLI (`HEARTH_CLI`, or the repository's built apps/cli/dist/hearth.mjs).
"""

from __future__ import annotations

from typing import Any, cast

import numpy as np
import ray

from ..gym.vector import HearthVectorEnv


@ray.remote
class VectorEnvActor:
    """One HearthVectorEnv of `n` games inside a Ray actor."""

    def __init__(self, game: str, n: int, kwargs: dict[str, Any]) -> None:
        self.env = HearthVectorEnv(game, n, **kwargs)

    def node(self) -> str:
        return str(ray.get_runtime_context().get_node_id())

    def reset(self, seed: Any) -> tuple[Any, dict[str, Any]]:
        return self.env.reset(seed=seed)

    def step(self, actions: np.ndarray) -> tuple[Any, ...]:
        return self.env.step(actions)

    def close(self) -> None:
        self.env.close()


def _concat(parts: list[Any]) -> Any:
    first = parts[0]
    if isinstance(first, dict):
        return {
            k: _concat([p[k] for p in parts])
            for k in first
            if all(k in p for p in parts)
        }
    if isinstance(first, tuple):
        return tuple(x for p in parts for x in p)
    return np.concatenate(parts)


class RayVectorEnv:
    """`num_envs` games of `game` over `actors` Ray actors (HearthVectorEnv's keyword options), stepped together.

    SPREAD places the actors over the nodes as best it can; it is a preference, not a rule, so Ray may still put two
    actors on one node. `num_cpus` is what each actor reserves (Ray's default reserves one CPU to place an actor and
    none to run it): `num_cpus=1` on nodes of one CPU each forces one actor per node, and on a real cluster keeps an
    actor (a Python process and its engine process) from sharing a core it was not given."""

    def __init__(
        self,
        game: str,
        num_envs: int,
        actors: int = 2,
        scheduling_strategy: str = "SPREAD",
        num_cpus: float | None = None,
        **kwargs: Any,
    ) -> None:
        if actors < 1 or num_envs < actors:
            raise ValueError("need at least one actor and one game per actor")
        self.num_envs = num_envs
        base, extra = divmod(num_envs, actors)
        self.sizes = [base + (1 if i < extra else 0) for i in range(actors)]
        actor: Any = VectorEnvActor  # a Ray actor class: .options() and .remote() come from @ray.remote
        options: dict[str, Any] = {"scheduling_strategy": scheduling_strategy}
        if num_cpus is not None:
            options["num_cpus"] = num_cpus
        self.actors = [actor.options(**options).remote(game, n, kwargs) for n in self.sizes]
        self.offsets = np.cumsum([0, *self.sizes])

    def nodes(self, timeout: float | None = None) -> list[str]:
        """The node id each actor runs on (Ray's GetTimeoutError after `timeout` seconds if an actor is not placed)."""
        return cast(list[str], ray.get([a.node.remote() for a in self.actors], timeout=timeout))

    def reset(self, *, seed: int | None = None) -> tuple[Any, dict[str, Any]]:
        seeds = [None if seed is None else seed + int(o) for o in self.offsets[:-1]]
        parts = ray.get([a.reset.remote(s) for a, s in zip(self.actors, seeds)])
        return _concat([p[0] for p in parts]), _concat([p[1] for p in parts])

    def step(
        self, actions: Any
    ) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        acts = np.asarray(actions).reshape(self.num_envs)
        parts = ray.get(
            [
                a.step.remote(acts[lo:hi])
                for a, lo, hi in zip(self.actors, self.offsets[:-1], self.offsets[1:])
            ]
        )
        obs, rew, term, trunc, infos = (
            _concat([p[i] for p in parts]) for i in range(5)
        )
        return obs, rew, term, trunc, infos

    def close(self) -> None:
        ray.get([a.close.remote() for a in self.actors])
        for a in self.actors:
            ray.kill(a)
