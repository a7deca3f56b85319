"""hearth.gym: check_env, masks against the engine's legal actions, and the vector env against single envs."""

from __future__ import annotations

import pytest

gymnasium = pytest.importorskip("gymnasium", reason="gymnasium is not installed (pip install ./clients/python[gym])")
import numpy as np  # noqa: E402  (installed with gymnasium)

import hearth  # noqa: E402
import hearth.gym  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

from conftest import GAMES  # noqa: E402


@pytest.mark.parametrize("slug", GAMES)
def test_check_env_passes(cli, slug):
    env = gymnasium.make(hearth.gym.ENV_IDS[slug])
    try:
        check_env(env.unwrapped, skip_render_check=True)
        obs, info = env.reset(seed=5)
        assert env.observation_space.contains(obs)
        assert info["action_mask"].dtype == np.int8 and info["action_mask"].shape == (env.action_space.n,)
        assert isinstance(obs["text"], str) and obs["text"]
    finally:
        env.close()


def _decode(label: dict, observation: dict) -> dict:
    """An index's action in a position: Cragwake's offsets are relative to the climber."""
    if "dRow" in label:
        pos = observation["position"]
        return {"type": label["type"], "row": pos["row"] + label["dRow"], "col": pos["col"] + label["dCol"]}
    return label


def _key(a: dict) -> tuple:
    return tuple(sorted(a.items()))


@pytest.mark.parametrize("slug", GAMES)
def test_masks_are_exactly_the_legal_actions_at_every_step_of_random_play_over_20_seeds(server, slug):
    """The engine's legal list comes through the HTTP API (full responses): another adapter than the batch pipe."""
    client = hearth.Client(server.url, view=None)
    env = hearth.gym.HearthEnv(slug, text=False)
    rng = np.random.default_rng(1)
    steps = 0
    try:
        for seed in range(1, 21):
            _, info = env.reset(seed=seed)
            game = client.new_game(slug, seed)
            if True:
                for _ in range(80 if slug != "sunloaf" else 40):
                    mask = info["action_mask"]
                    legal = game.current.legal_actions
                    masked = np.flatnonzero(mask)
                    if game.game_over:
                        assert masked.size == 0
                        break
                    if legal:
                        decoded = sorted(_key(_decode(env.action_labels[k], game.current.observation)) for k in masked)
                        assert decoded == sorted(_key(a) for a in legal), f"{slug} seed {seed} turn {len(game.actions)}"
                    else:  # Lantern Volley: the list is empty by design; every angle in range is accepted
                        assert masked.size == env.action_space.n
                    k = int(rng.choice(masked))
                    before = game.score
                    step = game.play(_decode(env.action_labels[k], game.current.observation))
                    _, reward, terminated, truncated, info = env.step(k)
                    assert reward == step.score - before and terminated == step.game_over and not truncated
                    assert info["score"] == step.score and "refusal" not in info
                    steps += 1
    finally:
        env.close()
    assert steps >= 40


def test_a_refused_index_changes_nothing_and_a_finished_game_needs_reset(cli):
    env = hearth.gym.HearthEnv("stormlark")
    try:
        obs, info = env.reset(seed=7)
        illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
        obs2, reward, terminated, truncated, info2 = env.step(illegal)
        assert reward == 0 and not terminated and info2["refusal"]
        assert all(np.array_equal(obs[k], obs2[k]) for k in obs)
        end = env.run_ending[0]
        _, _, terminated, _, info3 = env.step(end)
        assert terminated and not info3["action_mask"].any()
        with pytest.raises(gymnasium.error.ResetNeeded):
            env.step(0)
        with pytest.raises(ValueError):
            env.reset(seed=1) and env.step(env.action_space.n)
    finally:
        env.close()


def _same(a, b) -> bool:
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return np.array_equal(np.asarray(a), np.asarray(b))


@pytest.mark.parametrize("slug,text", [("cragwake", False), ("stormlark", True), ("lantern-volley", False), ("sunloaf", False)])
def test_a_vector_env_of_64_equals_64_single_envs_step_for_step(cli, slug, text):
    """The single envs are gymnasium's SyncVectorEnv semantics (NEXT_STEP autoreset, the same infos), played one
    slot at a time on one HearthEnv (64 Node processes at once would not fit this machine)."""
    n, turns = 64, 30
    vec = hearth.gym.make_vec(slug, n, text=text, max_turns=12)
    rng = np.random.default_rng(2)
    try:
        obs, infos = vec.reset(seed=100)
        trace = [(obs, None, None, None, infos)]
        actions = []
        for _ in range(turns):
            mask = infos["action_mask"]
            a = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in mask])
            actions.append(a)
            obs, rew, term, trunc, infos = vec.step(a)
            assert vec.observation_space.contains(obs)
            trace.append((obs, rew, term, trunc, infos))
        assert any(t[2].any() or t[3].any() for t in trace[1:]), "some games ended (autoreset exercised)"
    finally:
        vec.close()
    single = hearth.gym.HearthEnv(slug, text=text, max_turns=12)
    sync = gymnasium.vector.SyncVectorEnv([lambda: single], autoreset_mode=gymnasium.vector.AutoresetMode.NEXT_STEP)
    try:
        for i in range(n):
            # SyncVectorEnv of one env, driven with slot i's actions: the single env's own vectorised view
            o, inf = sync.reset(seed=100 + i)
            assert _same({k: v[0] for k, v in o.items()}, {k: v[i] for k, v in trace[0][0].items()}), f"slot {i} reset"
            assert np.array_equal(inf["action_mask"][0], trace[0][4]["action_mask"][i])
            for t in range(turns):
                o, r, te, tr, inf = sync.step(np.array([actions[t][i]]))
                vo, vr, vte, vtr, vinf = trace[t + 1]
                where = f"{slug} slot {i} step {t}"
                assert _same({k: v[0] for k, v in o.items()}, {k: v[i] for k, v in vo.items()}), where
                assert (r[0], te[0], tr[0]) == (vr[i], vte[i], vtr[i]), where
                for key in ("action_mask", "score", "turns"):
                    assert np.array_equal(inf[key][0], vinf[key][i]), f"{where} info {key}"
                assert ("refusal" in inf) == ("refusal" in vinf and bool(vinf["_refusal"][i])), where
    finally:
        sync.close()


def test_gymnasium_make_vec_uses_the_batched_entry_point(cli):
    vec = gymnasium.make_vec("hearth/Sunloaf-v1", num_envs=3, vectorization_mode="vector_entry_point", text=False)
    try:
        assert isinstance(vec.unwrapped, hearth.gym.HearthVectorEnv)
        obs, infos = vec.reset(seed=[1, 2, 3])
        assert infos["action_mask"].shape == (3, 249) and obs["day"].tolist() == [1, 1, 1]
    finally:
        vec.close()


def test_a_vector_env_whose_engine_dies_raises_naming_it(cli):
    import os
    import signal

    vec = hearth.gym.make_vec("stormlark", 4, text=False)
    try:
        _, infos = vec.reset(seed=1)
        os.kill(vec._pipe.pipe.proc.pid, signal.SIGKILL)
        with pytest.raises(hearth.EngineError, match="hearth sim serve --game stormlark: the engine process"):
            vec.step(np.argmax(infos["action_mask"], axis=1))
    finally:
        vec.close()
