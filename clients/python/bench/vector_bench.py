"""Vector-environment throughput from Python beside the simulator's own in-process rate, paired round by round.

    python clients/python/bench/vector_bench.py [--seconds 1] [--rounds 5] [--games cragwake,...] [--sizes 1,16,256]
                                                 [--obs none|arrays|dict|all]

For every game of the registry (or --games): the simulator's runner loop in-process (`hearth sim serve --game G
--bench S`: playSeeds with the random policy, the figure `pnpm bench` calls the runner loop), and
hearth.gym.make_vec(G, N) for each N and observation mode, driven by a uniformly random action from
info["action_mask"] (the default mask: run-ending actions only when nothing else is legal, as the simulator's random
policy plays). Observations: `arrays` is obs="flat" (the (N, size) float32 tensor rows a learner reads), `dict` the
Dict of typed fields, `none` no observation. steps/s counts accepted actions (autoreset steps are not counted).
Rates are per CPU second (the machine is shared: wall time measures the neighbours), the Python side counting its own
CPU and the serve process's. Every environment is opened and warmed up first; then each of --rounds rounds measures
the simulator for --seconds and every environment for --seconds in turn, and a last simulator slice closes the run.
An environment's ratio in a round is its rate over the mean of the simulator slices just before and just after it:
this virtual machine's speed drifts by a third between minutes, and a ratio of two slices taken seconds apart is
what survives the drift. Printed per cell: the median rate and the median ratio over the rounds, and with
--spread the ratios' range. The goal (issue 32): at N=256 with observations on, every game at 0.25 or more (the
median ratio)."""

from __future__ import annotations

import argparse
import json
import os
import statistics
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


class Driver:
    """One vector environment stepped by a uniformly random masked action, measured slice by slice."""

    def __init__(self, game: str, n: int, obs: str) -> None:
        self.env = make_vec(game, n, obs=obs, max_turns=2000)
        self.pid = self.env._pipe.pipe.proc.pid
        self.rng = np.random.default_rng(0)
        _, info = self.env.reset(seed=1)
        self.mask = info["action_mask"]
        self.autoreset = np.zeros(n, dtype=bool)

    def run(self, seconds: float) -> float:
        """Accepted steps per CPU second of both sides together (this Python process and the serve process)."""
        steps, t0 = 0, time.perf_counter()
        c0 = time.process_time() + _cpu(self.pid)
        while time.perf_counter() - t0 < seconds:
            actions = np.argmax(self.rng.random(self.mask.shape) * self.mask, axis=1)
            stepped = ~self.autoreset
            _, _, term, trunc, info = self.env.step(actions)
            steps += int(stepped.sum())
            self.autoreset = term | trunc
            self.mask = info["action_mask"]
        return steps / (time.process_time() + _cpu(self.pid) - c0)

    def close(self) -> None:
        self.env.close()


def measure(
    game: str, sizes: list[int], modes: list[str], seconds: float, rounds: int
) -> tuple[list[float], dict[tuple[str, int], list[float]]]:
    """The simulator's slices (rounds + 1) and every environment's slices (rounds each), interleaved."""
    drivers = {(obs, n): Driver(game, n, obs) for obs in modes for n in sizes}
    try:
        for d in drivers.values():
            d.run(min(0.5, seconds))  # warm-up: the serve process's compiler, the first resets
        sims: list[float] = []
        rates: dict[tuple[str, int], list[float]] = {key: [] for key in drivers}
        for _ in range(rounds):
            sims.append(sim_rate(game, seconds))
            for key, d in drivers.items():
                rates[key].append(d.run(seconds))
        sims.append(sim_rate(game, seconds))
        return sims, rates
    finally:
        for d in drivers.values():
            d.close()


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--seconds", type=float, default=1.0, help="length of each measured slice")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument(
        "--games",
        default=None,
        help="comma-separated slugs (default: every game of the registry)",
    )
    p.add_argument("--sizes", default="1,16,256")
    p.add_argument("--obs", choices=["none", "arrays", "dict", "all"], default="all")
    p.add_argument("--spread", action="store_true", help="print each ratio's range over the rounds")
    a = p.parse_args()
    if a.rounds < 1 or a.seconds <= 0:
        p.error("--rounds must be at least 1 and --seconds positive")
    sizes = [int(s) for s in a.sizes.split(",")]
    modes = {
        "none": ["none"],
        "arrays": ["flat"],
        "dict": ["dict"],
        "all": ["none", "flat", "dict"],
    }[a.obs]
    slugs = a.games.split(",") if a.games else [g["slug"] for g in games()]
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    head = f"{'game':<15} {'obs':<7} {'simulator':>11}" + "".join(
        f" {'N=' + str(n):>10} {'ratio':>6}" + (f" {'range':>11}" if a.spread else "") for n in sizes
    )
    print(head)
    for game in slugs:
        sims, rates = measure(game, sizes, modes, a.seconds, a.rounds)
        for obs in modes:
            label = {"flat": "arrays"}.get(obs, obs)
            row = f"{game:<15} {label:<7} {statistics.median(sims):>11,.0f}"
            for n in sizes:
                r = rates[(obs, n)]
                ratios = [v / ((sims[i] + sims[i + 1]) / 2) for i, v in enumerate(r)]
                row += f" {statistics.median(r):>10,.0f} {statistics.median(ratios):>6.2f}"
                if a.spread:
                    row += f" {min(ratios):>5.2f}-{max(ratios):<5.2f}"
            print(row, flush=True)
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    print(
        "steps per CPU second, medians over the rounds; ratio = the median over the rounds of the vector env's rate over"
        " the simulator's slices around it (goal at N=256 with observations: >= 0.25)"
    )


if __name__ == "__main__":
    main()
