"""make_vec(record_dir=): every finished episode is an episode record that `hearth verify` replays to its score."""

from __future__ import annotations

import json
import subprocess

import pytest

pytest.importorskip(
    "gymnasium", reason="gymnasium is not installed (pip install ./clients/python[gym])"
)
import numpy as np
from conftest import GAMES

import hearth.gym


@pytest.mark.parametrize("slug", GAMES)
def test_records_from_make_vec_verify_to_their_scores(cli, tmp_path, slug):
    vec = hearth.gym.make_vec(
        slug, 6, max_turns=25, record_dir=str(tmp_path), obs="flat", agent="random-test"
    )
    rng = np.random.default_rng(9)
    finished = []
    try:
        _, infos = vec.reset(seed=21)
        for _ in range(60):
            actions = np.array(
                [rng.choice(np.flatnonzero(m)) for m in infos["action_mask"]]
            )
            _, _, term, trunc, infos = vec.step(actions)
            finished += [float(infos["score"][i]) for i in np.flatnonzero(term | trunc)]
    finally:
        vec.close()
    files = sorted(tmp_path.glob(f"{slug}-*.jsonl"))
    assert len(files) == len(finished) >= 3
    for f in files[:4]:
        lines = [json.loads(line) for line in f.read_text().splitlines()]
        assert (
            lines[0]["hearthRecord"] == 1
            and lines[0]["game"] == slug
            and lines[0]["view"] == "tensor"
        )
        assert lines[0]["agent"] == "random-test" and lines[-1]["end"] in (
            "game_over",
            "max_turns",
        )
        assert all(line["view"].startswith("sha256:") for line in lines[1:-1])
        done = subprocess.run(
            ["node", str(cli), "verify", str(f)],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        score = next(
            line for line in done.stdout.splitlines() if line.startswith("score")
        )
        assert int(score.split()[1]) == lines[-1]["score"]
