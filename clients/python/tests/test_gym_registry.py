"""Environment ids come from the registry: a test build of the CLI whose registry holds the test-only game Pebble
(HEARTH_REGISTRY, as CONTRIBUTING.md describes for a new game) gives hearth/Pebble-v2 with no Python edit."""

from __future__ import annotations

import os
import subprocess

import pytest

gymnasium = pytest.importorskip(
    "gymnasium", reason="gymnasium is not installed (pip install ./clients/python[gym])"
)
import numpy as np
from conftest import REPO
from gymnasium.utils.env_checker import check_env

import hearth.gym
from hearth.gym import registry


@pytest.fixture(scope="module")
def test_cli(cli, tmp_path_factory):
    out = tmp_path_factory.mktemp("test-cli")
    env = {
        **os.environ,
        "HEARTH_REGISTRY": str(REPO / "packages" / "games" / "src" / "testing.ts"),
    }
    done = subprocess.run(
        ["node", str(REPO / "apps" / "cli" / "scripts" / "build.mjs"), str(out)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip(f"the test build of the CLI failed: {done.stderr[-400:]}")
    return out / "hearth.mjs"


def test_a_game_added_to_the_registry_is_an_environment_with_no_python_edit(
    test_cli, monkeypatch
):
    monkeypatch.setenv("HEARTH_CLI", str(test_cli))
    try:
        ids = registry.register_envs(refresh=True)
        assert (
            ids["pebble"] == "hearth/Pebble-v2"
            and ids["cragwake"] == "hearth/Cragwake-v2"
        )
        env = gymnasium.make("hearth/Pebble-v2")
        try:
            check_env(env.unwrapped)
            obs, info = env.reset(seed=4)
            assert (
                set(obs) == {"pawn", "pebbles", "turns_left"}
                and info["action_mask"].any()
            )
        finally:
            env.close()
        vec = hearth.gym.make_vec("pebble", 3, obs="flat")
        try:
            rows, infos = vec.reset(seed=1)
            assert rows.shape == (3, 51)
            _, _, _, _, infos = vec.step(np.argmax(infos["action_mask"], axis=1))
        finally:
            vec.close()
    finally:
        monkeypatch.delenv("HEARTH_CLI")
        registry.games(refresh=True)
