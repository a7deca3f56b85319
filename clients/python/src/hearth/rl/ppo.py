"""Masked PPO on a hearth game, in one file (CleanRL's shape: read it top to bottom). CPU, torch.

    python -m hearth.rl.ppo --game cragwake --minutes 8 --out runs/cragwake
    python -m hearth.rl.ppo --game stormlark --smoke            # a few thousand steps, a CI-sized check

What it does:
1. N games through one batched pipe (`hearth.gym.make_vec(game, N, obs="flat")`): each observation is the game's
   tensor row, scaled to [0, 1] by its declared bounds; the mask is `info["action_mask"]` (run-ending actions left out
   while anything else is legal; all ones on the step that ends a game, whose next action the autoreset ignores).
   Training seeds are drawn from [0, 2^31); the evaluation seeds are held out above it.
2. Rollouts of T steps, GAE, clipped PPO updates of an MLP actor-critic whose logits are masked (illegal actions
   get -1e9, so they are never sampled and carry no gradient). Rewards are the score change scaled by a running
   estimate of the discounted return's standard deviation. The autoreset steps (no action was taken) are left out of
   the loss; an episode's last step is terminal (truncation at the set's budget ends the game for scoring too).
3. Every iteration appends a row to `<out>/curve.csv` (steps, wall seconds, steps/s, mean score of the episodes
   finished since the last row); at the end `<out>/curve.png` (matplotlib) and `<out>/policy.pt`.
4. Evaluation on held-out seeds (`--eval-seeds`, default 50 seeds from 4,000,000,000): the trained policy plays
   greedily (argmax over the mask) under the budget, beside the simulator's random, greedy and strong bots on the
   same seeds and budget (`hearth sim run`), into `<out>/eval.json`:
   {"ppo": {"mean": ..., "scores": [...]}, "random": {...}, "greedy": {...}, "strong": {...}, ...}.

The budget is season-2's for the game (Cragwake and Stormlark 800 actions, Lantern Volley 100, Sunloaf 300) unless
--max-turns says otherwise. `hearth.rl.policy` turns the saved policy into an agent for `hearth.evaluate`.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch
from gymnasium.spaces import Box
from torch import nn
from torch.distributions import Categorical

from .._pipe import find_cli
from ..gym import make_vec

TRAIN_SEEDS = (0, 2**31)
EVAL_FIRST_SEED = 4_000_000_000


def season_budget(game: str) -> int | None:
    """Season-2's action budget for the game, when this hearth carries the set."""
    try:
        from ..evaluate import challenge_set

        budget = challenge_set("season-2", game).budget or {}
        return int(budget["actions"]) if "actions" in budget else None
    except Exception:  # noqa: BLE001 (no set here: the caller's --max-turns or none)
        return None


class Scaler:
    """Observation rows to network inputs: each number scaled to [0, 1] by its declared bounds, and each small
    integer code (a field whose dtype is an integer and whose bounds span 3 to 16 values: kinds, phases, costs) also
    one-hot, each field as wide as its own number of values, so a category is not read as a magnitude."""

    def __init__(
        self,
        low: np.ndarray,
        high: np.ndarray,
        fields: list[dict[str, Any]] | None = None,
    ) -> None:
        self.low = torch.as_tensor(low, dtype=torch.float32)
        self.span = torch.as_tensor(np.maximum(high - low, 1e-6), dtype=torch.float32)
        cols: list[int] = []
        widths: list[int] = []
        for f in fields or []:
            values = int(f["high"] - f["low"]) + 1
            if f["dtype"] != "float32" and 3 <= values <= 16:
                cols += range(f["offset"], f["offset"] + f["size"])
                widths += [values] * int(f["size"])
        self.codes = torch.as_tensor(cols, dtype=torch.long)
        self.code_low = self.low[self.codes]
        # Column j's one-hot block starts at base[j] and is widths[j] wide (its value clamped into the block).
        self.widths = torch.as_tensor(widths, dtype=torch.long)
        self.base = torch.cumsum(self.widths, 0) - self.widths
        self.onehot_size = int(sum(widths))
        self.size = len(low) + self.onehot_size

    def __call__(self, rows: np.ndarray) -> torch.Tensor:
        x = torch.as_tensor(rows, dtype=torch.float32)
        scaled = (x - self.low) / self.span
        if self.onehot_size == 0:
            return scaled
        value = (x[..., self.codes] - self.code_low).long()
        index = self.base + torch.minimum(value.clamp(min=0), self.widths - 1)
        onehot = torch.zeros((*x.shape[:-1], self.onehot_size), dtype=torch.float32)
        onehot.scatter_(-1, index, 1.0)
        return torch.cat([scaled, onehot], dim=-1)


class ActorCritic(nn.Module):
    """Two MLPs (tanh, 256 wide) over the scaled row: action logits and a value."""

    def __init__(self, size: int, actions: int, hidden: int = 256) -> None:
        super().__init__()

        def layer(i: int, o: int, std: float = float(np.sqrt(2))) -> nn.Linear:
            lin = nn.Linear(i, o)
            nn.init.orthogonal_(lin.weight, std)
            nn.init.constant_(lin.bias, 0.0)
            return lin

        self.actor = nn.Sequential(
            layer(size, hidden),
            nn.Tanh(),
            layer(hidden, hidden),
            nn.Tanh(),
            layer(hidden, actions, 0.01),
        )
        self.critic = nn.Sequential(
            layer(size, hidden),
            nn.Tanh(),
            layer(hidden, hidden),
            nn.Tanh(),
            layer(hidden, 1, 1.0),
        )

    def dist(self, x: torch.Tensor, mask: torch.Tensor) -> Categorical:
        logits = self.actor(x).masked_fill(mask == 0, -1e9)
        return Categorical(logits=logits)

    def value(self, x: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.critic(x).squeeze(-1)
        return out


class ReturnScale:
    """A running standard deviation of the discounted return, per environment stream (rewards are divided by it)."""

    def __init__(self, n: int, gamma: float) -> None:
        self.gamma = gamma
        self.ret = np.zeros(n)
        self.count, self.mean, self.var = 1e-4, 0.0, 1.0

    def __call__(self, reward: np.ndarray, done: np.ndarray) -> np.ndarray:
        self.ret = self.ret * self.gamma + reward
        batch_mean, batch_var, n = (
            float(self.ret.mean()),
            float(self.ret.var()),
            len(self.ret),
        )
        delta, total = batch_mean - self.mean, self.count + n
        self.mean += delta * n / total
        self.var = (
            self.var * self.count + batch_var * n + delta**2 * self.count * n / total
        ) / total
        self.count = total
        self.ret[done] = 0.0
        scaled: np.ndarray = reward / np.sqrt(self.var + 1e-8)
        return scaled


def train(args: argparse.Namespace) -> dict[str, Any]:
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    envs = make_vec(
        args.game,
        args.envs,
        obs="flat",
        max_turns=args.max_turns,
        seed_range=TRAIN_SEEDS,
    )
    space = envs.single_observation_space
    assert isinstance(space, Box) and space.shape is not None
    scale = Scaler(space.low, space.high, envs.fields if args.onehot else None)
    k = int(envs.single_action_space.n)  # type: ignore[attr-defined]
    model = ActorCritic(scale.size, k)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr, eps=1e-5)
    n, t_len = args.envs, args.steps
    obs_buf = torch.zeros((t_len, n, scale.size))
    mask_buf = torch.zeros((t_len, n, k), dtype=torch.int8)
    act_buf = torch.zeros((t_len, n), dtype=torch.long)
    logp_buf = torch.zeros((t_len, n))
    rew_buf = torch.zeros((t_len, n))
    done_buf = torch.zeros((t_len, n))
    val_buf = torch.zeros((t_len, n))
    valid_buf = torch.zeros((t_len, n))
    scaler = ReturnScale(n, args.gamma)
    rows, info = envs.reset(seed=args.seed)
    obs, mask = scale(rows), torch.as_tensor(info["action_mask"])
    resetting = np.zeros(
        n, dtype=bool
    )  # the next step of these envs is an autoreset (its action is ignored)
    curve = (out / "curve.csv").open("w", newline="")
    log = csv.writer(curve)
    log.writerow(["steps", "seconds", "steps_per_second", "episodes", "mean_score"])
    start, steps, iteration, finished = time.perf_counter(), 0, 0, []
    deadline = start + args.minutes * 60
    try:
        while steps < args.total_steps and time.perf_counter() < deadline:
            iteration += 1
            frac = 1.0 - min(
                1.0,
                (time.perf_counter() - start) / max(1.0, deadline - start),
                steps / args.total_steps,
            )
            opt.param_groups[0]["lr"] = args.lr * max(frac, 0.05)
            for t in range(t_len):
                obs_buf[t], mask_buf[t] = obs, mask
                valid_buf[t] = torch.as_tensor(~resetting, dtype=torch.float32)
                with torch.no_grad():
                    d = model.dist(obs, mask)
                    action = d.sample()
                    logp_buf[t], val_buf[t] = d.log_prob(action), model.value(obs)
                act_buf[t] = action
                rows, reward, term, trunc, info = envs.step(action.numpy())
                done = term | trunc
                rew_buf[t] = torch.as_tensor(scaler(reward, done), dtype=torch.float32)
                done_buf[t] = torch.as_tensor(done, dtype=torch.float32)
                steps += int((~resetting).sum())
                finished += [float(s) for s in info["score"][done]]
                resetting = done
                obs, mask = scale(rows), torch.as_tensor(info["action_mask"])
            with torch.no_grad():
                next_value = model.value(obs)
            adv = torch.zeros_like(rew_buf)
            last = torch.zeros(n)
            for t in reversed(range(t_len)):
                nv = next_value if t == t_len - 1 else val_buf[t + 1]
                nonterminal = 1.0 - done_buf[t]
                delta = rew_buf[t] + args.gamma * nv * nonterminal - val_buf[t]
                last = delta + args.gamma * args.lam * nonterminal * last
                adv[t] = last
            ret = adv + val_buf
            keep = valid_buf.reshape(-1) > 0
            b_obs, b_mask = (
                obs_buf.reshape(-1, scale.size)[keep],
                mask_buf.reshape(-1, k)[keep],
            )
            b_act, b_logp = act_buf.reshape(-1)[keep], logp_buf.reshape(-1)[keep]
            b_adv, b_ret, b_val = (
                adv.reshape(-1)[keep],
                ret.reshape(-1)[keep],
                val_buf.reshape(-1)[keep],
            )
            size = len(b_act)
            for _ in range(args.epochs):
                # Exactly `minibatches` near-equal parts (the autoreset steps left out make the size vary).
                for j in torch.tensor_split(torch.randperm(size), args.minibatches):
                    d = model.dist(b_obs[j], b_mask[j])
                    ratio = (d.log_prob(b_act[j]) - b_logp[j]).exp()
                    a = b_adv[j]
                    a = (a - a.mean()) / (a.std() + 1e-8)
                    pg = torch.max(
                        -a * ratio, -a * ratio.clamp(1 - args.clip, 1 + args.clip)
                    ).mean()
                    v = model.value(b_obs[j])
                    v_clipped = b_val[j] + (v - b_val[j]).clamp(-args.clip, args.clip)
                    vloss = (
                        0.5
                        * torch.max(
                            (v - b_ret[j]) ** 2, (v_clipped - b_ret[j]) ** 2
                        ).mean()
                    )
                    loss = pg + args.vf * vloss - args.ent * d.entropy().mean()
                    opt.zero_grad()
                    loss.backward()
                    nn.utils.clip_grad_norm_(model.parameters(), 0.5)
                    opt.step()
            seconds = time.perf_counter() - start
            mean = float(np.mean(finished)) if finished else float("nan")
            log.writerow(
                [
                    steps,
                    round(seconds, 2),
                    round(steps / seconds, 1),
                    len(finished),
                    round(mean, 2),
                ]
            )
            curve.flush()
            if not args.quiet:
                print(
                    f"iter {iteration:4d}  steps {steps:9,d}  {steps / seconds:7,.0f}/s  episodes {len(finished):5d}  mean score {mean:10,.1f}",
                    flush=True,
                )
            finished = []
    finally:
        curve.close()
        envs.close()
    seconds = time.perf_counter() - start
    torch.save(
        {
            "game": args.game,
            "state_dict": model.state_dict(),
            "size": scale.size,
            "actions": k,
            "low": space.low,
            "high": space.high,
            "fields": envs.fields if args.onehot else None,
            "max_turns": args.max_turns,
        },
        out / "policy.pt",
    )
    plot_curve(out / "curve.csv", out / "curve.png", args.game)
    return {
        "steps": steps,
        "seconds": round(seconds, 1),
        "steps_per_second": round(steps / seconds, 1),
        "iterations": iteration,
    }


def plot_curve(csv_path: Path, png_path: Path, game: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    with csv_path.open() as f:
        rows = [r for r in csv.DictReader(f) if r["mean_score"] != "nan"]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot([int(r["steps"]) for r in rows], [float(r["mean_score"]) for r in rows])
    ax.set_xlabel("environment steps")
    ax.set_ylabel("mean score of finished episodes")
    ax.set_title(f"PPO on {game}")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(png_path, dpi=100)
    plt.close(fig)


def load_policy(path: str | os.PathLike[str]) -> tuple[ActorCritic, Scaler, dict[str, Any]]:
    saved = torch.load(path, weights_only=False)
    model = ActorCritic(saved["size"], saved["actions"])
    model.load_state_dict(saved["state_dict"])
    model.eval()
    return model, Scaler(saved["low"], saved["high"], saved.get("fields")), saved


def evaluate_policy(
    model: ActorCritic,
    scale: Scaler,
    game: str,
    seeds: list[int],
    max_turns: int | None,
) -> list[float]:
    """Scores of the policy playing greedily (argmax over the mask), one game per seed, all at once."""
    envs = make_vec(game, len(seeds), obs="flat", max_turns=max_turns)
    try:
        rows, info = envs.reset(seed=seeds)
        scores: list[float | None] = [None] * len(seeds)
        while any(s is None for s in scores):
            with torch.no_grad():
                logits = model.actor(scale(rows)).masked_fill(
                    torch.as_tensor(info["action_mask"]) == 0, -1e9
                )
            rows, _, term, trunc, info = envs.step(logits.argmax(-1).numpy())
            for i in np.flatnonzero(term | trunc):
                if scores[i] is None:
                    scores[i] = float(info["score"][i])
        return [float(s) for s in scores if s is not None]
    finally:
        envs.close()


def bot_scores(
    game: str, policy: str, first: int, count: int, max_turns: int | None, workers: int
) -> list[float]:
    """The simulator's bot on the same seeds and budget (`hearth sim run`), one score per seed."""
    cmd = find_cli() + [
        "sim",
        "run",
        "--game",
        game,
        "--policy",
        policy,
        "--seeds",
        f"{first}..{first + count - 1}",
        "--quiet",
        "--workers",
        str(workers),
    ]
    if max_turns is not None:
        cmd += ["--max-turns", str(max_turns)]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=3600, check=True)
    return [
        float(json.loads(line)["score"])
        for line in done.stdout.splitlines()
        if line.strip()
    ]


def summary(scores: list[float]) -> dict[str, Any]:
    a = np.asarray(scores, dtype=float)
    return {
        "mean": round(float(a.mean()), 2),
        "std": round(float(a.std()), 2),
        "min": float(a.min()),
        "max": float(a.max()),
        "scores": scores,
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m hearth.rl.ppo", description=__doc__.split("\n\n")[0]
    )
    p.add_argument("--game", required=True, help="a slug of the registry (hearth list)")
    p.add_argument("--out", default=None, help="output folder (default runs/<game>)")
    p.add_argument(
        "--minutes",
        type=float,
        default=8.0,
        help="wall budget of the training (default 8)",
    )
    p.add_argument("--total-steps", type=int, default=10_000_000)
    p.add_argument("--envs", type=int, default=64)
    p.add_argument(
        "--steps", type=int, default=128, help="rollout length per environment"
    )
    p.add_argument("--epochs", type=int, default=4)
    p.add_argument("--minibatches", type=int, default=4)
    p.add_argument("--lr", type=float, default=2.5e-4)
    p.add_argument("--gamma", type=float, default=0.99)
    p.add_argument("--lam", type=float, default=0.95)
    p.add_argument("--clip", type=float, default=0.2)
    p.add_argument("--ent", type=float, default=0.01)
    p.add_argument("--vf", type=float, default=0.5)
    p.add_argument(
        "--max-turns",
        type=int,
        default=None,
        help="episode budget (default: season-2's for the game)",
    )
    p.add_argument(
        "--eval-seeds",
        type=int,
        default=50,
        help=f"held-out seeds from {EVAL_FIRST_SEED:,} (0: no evaluation)",
    )
    p.add_argument(
        "--bots",
        default="random,greedy,strong",
        help="simulator bots to evaluate beside PPO",
    )
    p.add_argument(
        "--onehot",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="one-hot the small integer codes",
    )
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--threads",
        type=int,
        default=1,
        help="torch threads (the engine process takes the other core)",
    )
    p.add_argument(
        "--smoke",
        action="store_true",
        help="a few thousand steps, 16 envs, 10 evaluation seeds, random only",
    )
    p.add_argument("--quiet", action="store_true")
    args = p.parse_args(argv)
    if args.smoke:
        args.envs, args.steps, args.total_steps, args.epochs = 16, 64, 4096, 4
        args.eval_seeds, args.bots, args.lr = min(args.eval_seeds, 10), "random", 1e-3
    if args.max_turns is None:
        args.max_turns = season_budget(args.game)
    args.out = args.out or os.path.join("runs", args.game)
    result: dict[str, Any] = {
        "game": args.game,
        "max_turns": args.max_turns,
        "train": train(args),
    }
    if args.eval_seeds > 0:
        model, scale, _ = load_policy(Path(args.out) / "policy.pt")
        seeds = list(range(EVAL_FIRST_SEED, EVAL_FIRST_SEED + args.eval_seeds))
        result["seeds"] = f"{seeds[0]}..{seeds[-1]}"
        result["ppo"] = summary(
            evaluate_policy(model, scale, args.game, seeds, args.max_turns)
        )
        for bot in [b for b in args.bots.split(",") if b]:
            result[bot] = summary(
                bot_scores(
                    args.game, bot, seeds[0], len(seeds), args.max_turns, workers=2
                )
            )
        (Path(args.out) / "eval.json").write_text(json.dumps(result, indent=2) + "\n")
        line = "  ".join(
            f"{k} {result[k]['mean']:,.1f}"
            for k in ["ppo", *args.bots.split(",")]
            if k in result
        )
        print(f"{args.game} on {len(seeds)} held-out seeds: {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
