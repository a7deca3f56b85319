"""The PPO baseline (hearth.rl.ppo): a CI-sized smoke run learns something (beats the random bot on held-out seeds,
no timing), writes its curve (CSV and PNG) and its evaluation; the trained policy plays a challenge set through
hearth.evaluate (hearth.rl.policy) and its records verify."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

pytest.importorskip(
    "torch", reason="torch is not installed (pip install ./clients/python[rl])"
)
pytest.importorskip(
    "matplotlib",
    reason="matplotlib is not installed (pip install ./clients/python[rl])",
)

import hearth
from hearth.rl.policy import array_policy_factory, ppo_policy


@pytest.fixture(scope="module")
def smoke_run(cli, tmp_path_factory):
    out = tmp_path_factory.mktemp("ppo")
    cmd = [
        sys.executable,
        "-m",
        "hearth.rl.ppo",
        "--game",
        "cragwake",
        "--smoke",
        "--quiet",
        "--out",
        str(out),
    ]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return out


def test_a_smoke_run_beats_random_on_held_out_seeds_and_writes_its_curve(smoke_run):
    result = json.loads((smoke_run / "eval.json").read_text())
    assert result["train"]["steps"] >= 4096
    assert len(result["ppo"]["scores"]) == len(result["random"]["scores"]) == 10
    assert result["ppo"]["mean"] > result["random"]["mean"]
    rows = (smoke_run / "curve.csv").read_text().splitlines()
    assert (
        rows[0] == "steps,seconds,steps_per_second,episodes,mean_score"
        and len(rows) >= 3
    )
    assert (smoke_run / "curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_trained_policy_plays_a_challenge_set_through_evaluate_and_its_records_verify(
    smoke_run, cli, tmp_path
):
    card = hearth.evaluate(
        agent_factory=array_policy_factory(ppo_policy(smoke_run / "policy.pt")),
        game="cragwake",
        seeds="1..4",
        jobs=2,
        out=str(tmp_path),
    )
    assert card.games[0]["slug"] == "cragwake" and card.games[0]["runs"] == 4
    records = sorted(tmp_path.glob("cragwake-*.jsonl"))
    assert len(records) == 4
    for f in records[:2]:
        done = subprocess.run(
            ["node", str(cli), "verify", str(f)],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        end = json.loads(f.read_text().splitlines()[-1])
        assert f"score      {end['score']}" in done.stdout


def test_scaler_one_hots_each_code_field_by_its_own_width(cli):
    """Every small integer code column becomes a block as wide as its field's number of values, with exactly one 1
    where its value is; the scaled row comes first, unchanged."""
    import numpy as np
    import torch

    from hearth.gym import make_vec
    from hearth.rl.ppo import Scaler

    envs = make_vec("cragwake", 4, obs="flat")
    try:
        space = envs.single_observation_space
        scale = Scaler(space.low, space.high, envs.fields)
        obs, info = envs.reset(seed=11)
        rng = np.random.default_rng(0)
        for _ in range(10):
            obs, _, _, _, info = envs.step(np.array([rng.choice(np.flatnonzero(m)) for m in info["action_mask"]]))
        out = scale(obs)
        width = sum((int(f["high"] - f["low"]) + 1) * f["size"] for f in envs.fields if f["dtype"] != "float32" and 3 <= int(f["high"] - f["low"]) + 1 <= 16)
        assert out.shape == (4, space.shape[0] + width)
        assert torch.allclose(out[:, : space.shape[0]], (torch.as_tensor(obs) - scale.low) / scale.span)
        onehot = out[:, space.shape[0] :]
        assert torch.all(onehot.sum(-1) == len(scale.codes))
        for j, col in enumerate(scale.codes.tolist()):
            block = onehot[:, int(scale.base[j]) : int(scale.base[j] + scale.widths[j])]
            assert torch.equal(block.argmax(-1) + scale.code_low[j].long(), torch.as_tensor(obs[:, col]).long())
    finally:
        envs.close()
