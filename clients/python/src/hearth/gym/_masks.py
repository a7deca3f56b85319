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
        # Anything legal besides the run-ending actions: one product with the other columns' indicator (int32,
        # so no row can overflow), then those columns cleared in place where it holds.
        others = out.dot(_others_indicator(out.shape[1], run_ending)) > 0
        if others.any():
            keep = ~others
            for e in run_ending:
                column = out[:, e]
                column &= keep
    if done.any():
        out[done] = 1
    return out


_INDICATORS: dict[tuple[int, tuple[int, ...]], np.ndarray] = {}


def _others_indicator(size: int, run_ending: Sequence[int]) -> np.ndarray:
    """1 for every action that does not end the run, 0 for those that do (int32, made once per action space)."""
    key = (size, tuple(run_ending))
    indicator = _INDICATORS.get(key)
    if indicator is None:
        indicator = np.ones(size, dtype=np.int32)
        indicator[list(run_ending)] = 0
        _INDICATORS[key] = indicator
    return indicator
