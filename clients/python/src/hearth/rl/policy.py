"""An array policy as an agent for `hearth.evaluate`: the same encoding as training, so a trained policy gets a
scorecard on a challenge set.

    from hearth.rl.policy import array_policy_factory, ppo_policy
    card = hearth.evaluate(agent_factory=array_policy_factory(ppo_policy("runs/cragwake/policy.pt")),
                           game="cragwake", seeds="season-2", jobs=2, client=hearth.Client(url), player="my-ppo")

An array policy is a function `(row, mask) -> index`: `row` the game's observation tensor (float32, the flat row
`make_vec(..., obs="flat")` gives), `mask` the int8 mask of the actions offered (as training saw it), the answer an
index of the game's action space. The agent keeps a mirror of the episode in a `hearth sim serve` pipe of one slot
(the same seed, the same actions, so the same position as the game `evaluate` plays): the mirror gives the row and
the mask, and turns the chosen index into the action's JSON, which is what the agent answers. A position the mirror
does not share with the game played (a different score) stops the evaluation with an error rather than play blind.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import HearthError
from ..gym._batch import BatchPipe
from ..gym._masks import offered

ArrayPolicy = Callable[[np.ndarray, np.ndarray], int]


class ArrayPolicyAgent:
    """One episode of `game` on `seed`, played by `policy` (see the module's docstring)."""

    def __init__(
        self,
        game: str,
        seed: int,
        policy: ArrayPolicy,
        *,
        run_ending: str = "mask",
        timeout: float = 60.0,
    ) -> None:
        self.game, self.seed, self.policy, self.run_ending_policy = (
            game,
            int(seed),
            policy,
            run_ending,
        )
        self._pipe = BatchPipe(game, 1, timeout=timeout)
        self._see(self._pipe.request(resets=[(0, self.seed)]))

    def _see(self, batch: Any) -> None:
        done = (batch.terminated | batch.truncated).astype(bool)
        self.row = batch.obs[0].astype(np.float32)
        self.mask = offered(
            batch.mask, done, self._pipe.run_ending, self.run_ending_policy
        )[0]
        self.score = float(batch.score[0])

    def act(self, step: Any) -> Any:
        if getattr(step, "score", self.score) != self.score:
            raise HearthError(
                f"{self.game} seed {self.seed}: the policy's mirror of the game is at score {self.score}, the game at {step.score}"
            )
        k = int(self.policy(self.row, self.mask))
        if not 0 <= k < self._pipe.size:
            raise HearthError(
                f"the policy answered {k}, not an index of {self.game}'s {self._pipe.size} actions"
            )
        batch = self._pipe.request(step=[k], actions=True)
        action = (batch.actions or [None])[0]
        if batch.refused[0] or action is None:
            reason = batch.refusals[0]["reason"] if batch.refusals else "no action"
            raise HearthError(
                f"{self.game} seed {self.seed}: index {k} was refused ({reason}): the policy chose outside the mask"
            )
        self._see(batch)
        return action

    def __call__(self, step: Any) -> Any:
        return self.act(step)

    def close(self) -> None:
        self._pipe.close()


def array_policy_factory(
    policy: ArrayPolicy, *, run_ending: str = "mask"
) -> Callable[[str, int], ArrayPolicyAgent]:
    """`agent_factory` for `hearth.evaluate`: a fresh ArrayPolicyAgent per (game, seed)."""
    return lambda game, seed: ArrayPolicyAgent(
        game, seed, policy, run_ending=run_ending
    )


def ppo_policy(path: str | Path) -> ArrayPolicy:
    """The policy `python -m hearth.rl.ppo` saved (`policy.pt`), playing greedily: argmax over the masked logits."""
    import torch

    from .ppo import load_policy

    model, scale, _ = load_policy(path)

    def decide(row: np.ndarray, mask: np.ndarray) -> int:
        with torch.no_grad():
            logits = model.actor(scale(row[None, :]))[0].masked_fill(
                torch.as_tensor(mask) == 0, -1e9
            )
        return int(logits.argmax())

    return decide
