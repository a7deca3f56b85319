"""What the environments put in info["action_mask"], in one place for the single and the vector environment."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

RUN_ENDING = ("mask", "allow")


def offered(
    mask: np.ndarray, done: np.ndarray, run_ending: Sequence[int], policy: str
) -> np.ndarray:
    """The masks to hand out (rows of int8, a copy): the legal actions of each observation; with policy "mask", the
    run-ending actions left out of a row while anything else in it is legal; all ones in a row whose episode just
    ended (its next action is ignored: the environment resets), so no row is ever all zeros."""
    out = mask.copy()
    if policy == "mask" and len(run_ending) > 0:
        ending = out[:, run_ending]
        others = out.sum(axis=1, dtype=np.int32) > ending.sum(axis=1, dtype=np.int32)
        if others.any():
            for e in run_ending:
                out[others, e] = 0
    if done.any():
        out[done] = 1
    return out
