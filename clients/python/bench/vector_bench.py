"""Vector-environment throughput from Python beside the simulator's own in-process rate, in the same run.

    python clients/python/bench/vector_bench.py [--seconds 2] [--games cragwake,...] [--sizes 1,16,256] [--obs none|arrays|dict|all]

For every game of the registry (or --games): the simulator's runner loop in-process (`hearth sim serve --game G
--bench S`: playSeeds with the random policy, the figure `pnpm bench` calls the runner loop), then
hearth.gym.make_vec(G, N) for each N, driven by a uniformly random action from info["action_mask"] (the default
mask: run-ending actions only when nothing else is legal, as the simulator's random policy plays). Observations:
`arrays` is obs="flat" (the (N, size) float32 tensor rows a learner reads), `dict` the Dict of typed fields, `none`
no observation. steps/s counts accepted actions (autoreset steps are not counted). Rates are per CPU second (the
machine is shared: wall time measures the neighbours), the Python side counting its own CPU and the serve
process's, each side warmed up first, the sides alternated (the simulator is measured before and after the
environments and the mean taken). The goal (issue 32): at N=256 with observations on, every game at 0.25 or more."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import time

import numpy as np

from hearth._pipe import find_cli
from hearth.gym import games, make_vec


def sim_rate(game: str, seconds: float) -> float:
    """Accepted steps per CPU second of the simulator's runner loop in-process."""
    out = subprocess.run(
        find_cli() + ["sim", "serve", "--game", game, "--bench", str(seconds)],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    return float(json.loads(out.stdout)["stepsPerCpuSecond"])


def _cpu(pid: int) -> float:
    """CPU seconds (user + system) of a child process, from /proc."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def python_rate(game: str, n: int, seconds: float, obs: str) -> float:
    """Accepted steps per CPU second of both sides together: this Python process and the serve process."""
    env = make_vec(game, n, obs=obs, max_turns=2000)
    pid = env._pipe.pipe.proc.pid
    try:
        rng = np.random.default_rng(0)
        _, info = env.reset(seed=1)
        mask = info["action_mask"]
        warm_until = time.perf_counter() + min(0.5, seconds / 4)
        steps, t0, c0, counting = 0, 0.0, 0.0, False
        autoreset = np.zeros(n, dtype=bool)
        while True:
            now = time.perf_counter()
            if not counting and now >= warm_until:
                counting, steps, t0, c0 = True, 0, now, time.process_time() + _cpu(pid)
            if counting and now - t0 >= seconds:
                return steps / (time.process_time() + _cpu(pid) - c0)
            actions = np.argmax(rng.random(mask.shape) * mask, axis=1)
            stepped = ~autoreset
            _, _, term, trunc, info = env.step(actions)
            steps += int(stepped.sum())
            autoreset = term | trunc
            mask = info["action_mask"]
    finally:
        env.close()


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--seconds", type=float, default=2.0)
    p.add_argument(
        "--games",
        default=None,
        help="comma-separated slugs (default: every game of the registry)",
    )
    p.add_argument("--sizes", default="1,16,256")
    p.add_argument("--obs", choices=["none", "arrays", "dict", "all"], default="all")
    a = p.parse_args()
    sizes = [int(s) for s in a.sizes.split(",")]
    modes = {
        "none": ["none"],
        "arrays": ["flat"],
        "dict": ["dict"],
        "all": ["none", "flat", "dict"],
    }[a.obs]
    slugs = a.games.split(",") if a.games else [g["slug"] for g in games()]
    print(
        f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}"
    )
    head = f"{'game':<15} {'obs':<7} {'simulator':>11}" + "".join(
        f" {'N=' + str(n):>10} {'ratio':>6}" for n in sizes
    )
    print(head)
    for game in slugs:
        before = sim_rate(game, a.seconds)
        rows = {
            obs: [python_rate(game, n, a.seconds, obs) for n in sizes] for obs in modes
        }
        sim = (before + sim_rate(game, a.seconds)) / 2
        for obs in modes:
            label = {"flat": "arrays"}.get(obs, obs)
            row = f"{game:<15} {label:<7} {sim:>11,.0f}"
            for r in rows[obs]:
                row += f" {r:>10,.0f} {r / sim:>6.2f}"
            print(row, flush=True)
    print(
        f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}"
    )
    print(
        "steps per CPU second; ratio = Python vector env / simulator in-process (goal at N=256 with observations: >= 0.25)"
    )


if __name__ == "__main__":
    main()
