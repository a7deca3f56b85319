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
