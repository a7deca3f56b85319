"""hearth.gym: check_env, masks against the engine's legal actions, and the vector env against single envs."""

from __future__ import annotations

import os
import sys

import pytest

gymnasium = pytest.importorskip(
    "gymnasium", reason="gymnasium is not installed (pip install ./clients/python[gym])"
)
import numpy as np
from conftest import GAMES
from gymnasium.utils.env_checker import check_env

import hearth
import hearth.gym


@pytest.mark.parametrize("slug", GAMES)
def test_check_env_passes_without_a_warning(cli, slug):
    import warnings

    env = gymnasium.make(hearth.gym.ENV_IDS[slug], render_mode="ansi")
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            check_env(env.unwrapped)
        assert [str(w.message) for w in caught] == []
        obs, info = env.reset(seed=5)
        assert env.observation_space.contains(obs) and "text" not in obs
        assert info["action_mask"].dtype == np.int8 and info["action_mask"].shape == (
            env.action_space.n,
        )
        picture = env.render()
        assert (
            isinstance(picture, str) and len(picture) > 20
        )  # the text picture, on request
    finally:
        env.close()
    with_text = hearth.gym.HearthEnv(slug, text=True)
    flat = hearth.gym.HearthEnv(slug, obs="flat")
    try:
        obs, _ = with_text.reset(seed=5)
        assert (
            isinstance(obs["text"], str)
            and obs["text"]
            and with_text.observation_space.contains(obs)
        )
        row, _ = flat.reset(seed=5)
        assert flat.observation_space.contains(row) and row.dtype == np.float32
        # the flat row is the Dict's fields, in order
        assert np.array_equal(
            row,
            np.concatenate(
                [
                    np.asarray(obs[f["name"]], dtype=np.float32).ravel()
                    for f in flat.fields
                ]
            ),
        )
    finally:
        with_text.close()
        flat.close()


@pytest.mark.parametrize("slug", GAMES)
def test_the_spaces_have_honest_finite_bounds_and_contain_every_observation_of_random_play(
    cli, slug
):
    vec = hearth.gym.make_vec(slug, 16, max_turns=200)
    rng = np.random.default_rng(3)
    try:
        for space in vec.single_observation_space.spaces.values():
            assert np.isfinite(space.low).all() and np.isfinite(space.high).all()
            assert space.high.max() < 2**16, "no 2^31-1 or 2^32 placeholder bounds"
        obs, infos = vec.reset(seed=40)
        for _ in range(60):
            assert vec.observation_space.contains(obs)
            obs, _, _, _, infos = vec.step(
                np.array([rng.choice(np.flatnonzero(m)) for m in infos["action_mask"]])
            )
    finally:
        vec.close()


def _decode(label: dict, observation: dict) -> dict:
    """An index's action in a position: Cragwake's offsets are relative to the climber."""
    if "dRow" in label:
        pos = observation["position"]
        return {
            "type": label["type"],
            "row": pos["row"] + label["dRow"],
            "col": pos["col"] + label["dCol"],
        }
    return label


def _key(a: dict) -> tuple:
    return tuple(sorted(a.items()))


@pytest.mark.parametrize("slug", GAMES)
def test_masks_are_exactly_the_legal_actions_at_every_step_of_random_play_over_20_seeds(
    server, slug
):
    """The engine's legal list comes through the HTTP API (full responses): another adapter than the batch pipe.
    With run_ending="allow" the mask is the legal list itself; the default leaves the run-ending actions out while
    anything else is legal; on the step that ends the game it is all ones (the next call is reset)."""
    client = hearth.Client(server.url, view=None)
    env = hearth.gym.HearthEnv(slug, run_ending="allow")
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
                        assert masked.size == env.action_space.n
                        break
                    if legal:
                        decoded = sorted(
                            _key(
                                _decode(env.action_labels[k], game.current.observation)
                            )
                            for k in masked
                        )
                        assert decoded == sorted(_key(a) for a in legal), (
                            f"{slug} seed {seed} turn {len(game.actions)}"
                        )
                    else:  # Lantern Volley: the list is empty by design; every angle in range is accepted
                        assert masked.size == env.action_space.n
                    k = int(rng.choice(masked))
                    before = game.score
                    step = game.play(
                        _decode(env.action_labels[k], game.current.observation)
                    )
                    _, reward, terminated, truncated, info = env.step(k)
                    assert (
                        reward == step.score - before
                        and terminated == step.game_over
                        and not truncated
                    )
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
        assert not truncated
        assert reward == 0 and not terminated and info2["refusal"]
        assert all(np.array_equal(obs[k], obs2[k]) for k in obs)
        end = env.run_ending[0]
        assert info2["action_mask"][end] == 0, (
            "run-ending actions are masked while anything else is legal"
        )
        _, _, terminated, _, info3 = env.step(end)  # masked, still accepted
        assert terminated and info3["action_mask"].all()
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


@pytest.mark.parametrize(
    "slug,text",
    [
        ("cragwake", False),
        ("stormlark", True),
        ("lantern-volley", False),
        ("sunloaf", False),
    ],
)
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
            a = np.array(
                [rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in mask]
            )
            actions.append(a)
            obs, rew, term, trunc, infos = vec.step(a)
            assert vec.observation_space.contains(obs)
            trace.append((obs, rew, term, trunc, infos))
        assert any(t[2].any() or t[3].any() for t in trace[1:]), (
            "some games ended (autoreset exercised)"
        )
    finally:
        vec.close()
    single = hearth.gym.HearthEnv(slug, text=text, max_turns=12)
    sync = gymnasium.vector.SyncVectorEnv(
        [lambda: single], autoreset_mode=gymnasium.vector.AutoresetMode.NEXT_STEP
    )
    try:
        for i in range(n):
            # SyncVectorEnv of one env, driven with slot i's actions: the single env's own vectorised view
            o, inf = sync.reset(seed=100 + i)
            assert _same(
                {k: v[0] for k, v in o.items()},
                {k: v[i] for k, v in trace[0][0].items()},
            ), f"slot {i} reset"
            assert np.array_equal(inf["action_mask"][0], trace[0][4]["action_mask"][i])
            for t in range(turns):
                o, r, te, tr, inf = sync.step(np.array([actions[t][i]]))
                vo, vr, vte, vtr, vinf = trace[t + 1]
                where = f"{slug} slot {i} step {t}"
                assert _same(
                    {k: v[0] for k, v in o.items()}, {k: v[i] for k, v in vo.items()}
                ), where
                assert (r[0], te[0], tr[0]) == (vr[i], vte[i], vtr[i]), where
                for key in ("action_mask", "score", "turns"):
                    assert np.array_equal(inf[key][0], vinf[key][i]), (
                        f"{where} info {key}"
                    )
                assert ("refusal" in inf) == (
                    "refusal" in vinf and bool(vinf["_refusal"][i])
                ), where
    finally:
        sync.close()


def _shm_frames() -> list[str]:
    return sorted(f for f in os.listdir("/dev/shm") if f.startswith("hearth-frame-"))


@pytest.mark.skipif(
    not (sys.platform.startswith("linux") and os.path.isdir("/dev/shm")),
    reason="the shared-memory frame is Linux's (/dev/shm)",
)
def test_frames_in_shared_memory_equal_frames_through_the_pipe(cli, monkeypatch):
    before = _shm_frames()
    n = 16
    envs = {}
    for transport in ("file", "pipe"):
        monkeypatch.setenv("HEARTH_FRAME", transport)
        envs[transport] = hearth.gym.make_vec("cragwake", n, obs="flat", max_turns=40)
    monkeypatch.delenv("HEARTH_FRAME")
    try:
        assert envs["file"]._pipe._in_file and not envs["pipe"]._pipe._in_file
        # The file's name went as soon as the server had it open: nothing is left in /dev/shm.
        assert _shm_frames() == before
        rng = np.random.default_rng(4)
        out = {t: e.reset(seed=9) for t, e in envs.items()}
        for step in range(60):
            assert np.array_equal(out["file"][0], out["pipe"][0]), step
            for key in ("action_mask", "score", "turns"):
                assert np.array_equal(out["file"][-1][key], out["pipe"][-1][key]), (step, key)
            mask = out["file"][-1]["action_mask"]
            actions = np.argmax(rng.random(mask.shape) * mask, axis=1)
            out = {t: e.step(actions) for t, e in envs.items()}
            for k in (1, 2, 3):
                assert np.array_equal(out["file"][k], out["pipe"][k]), (step, k)
    finally:
        for e in envs.values():
            e.close()
    assert _shm_frames() == before


def test_a_frame_file_the_engine_cannot_open_leaves_the_frames_on_the_pipe(cli, monkeypatch, tmp_path):
    """A HEARTH_NODE wrapper may run the engine where the client's file is not: it answers through the pipe."""
    import hearth.gym._batch as batch

    fd = os.open(tmp_path / "made", os.O_RDWR | os.O_CREAT)
    monkeypatch.setattr(batch, "_frame_file", lambda: (fd, str(tmp_path / "elsewhere" / "frame")))
    vec = hearth.gym.make_vec("stormlark", 2, obs="flat")
    try:
        assert not vec._pipe._in_file
        with pytest.raises(OSError):
            os.fstat(fd)  # the client closed its unused file
        _, infos = vec.reset(seed=1)
        obs, _, _, _, infos = vec.step(np.argmax(infos["action_mask"], axis=1))
        assert obs.shape == (2, vec.single_observation_space.shape[0]) and infos["action_mask"].any()
    finally:
        vec.close()


def test_gymnasium_make_vec_uses_the_batched_entry_point(cli):
    vec = gymnasium.make_vec(
        "hearth/Sunloaf-v2", num_envs=3, vectorization_mode="vector_entry_point"
    )
    try:
        assert isinstance(vec.unwrapped, hearth.gym.HearthVectorEnv)
        obs, infos = vec.reset(seed=[1, 2, 3])
        assert infos["action_mask"].shape == (3, 249) and obs["day"].tolist() == [
            1,
            1,
            1,
        ]
        assert obs["day"].dtype == np.int8 and obs["mult"].dtype == np.int16
    finally:
        vec.close()


def test_a_vector_env_whose_engine_dies_raises_naming_it(cli):
    import os
    import signal

    vec = hearth.gym.make_vec("stormlark", 4)
    try:
        _, infos = vec.reset(seed=1)
        os.kill(vec._pipe.pipe.proc.pid, signal.SIGKILL)
        with pytest.raises(
            hearth.EngineError,
            match="hearth sim serve --game stormlark: the engine process",
        ):
            vec.step(np.argmax(infos["action_mask"], axis=1))
    finally:
        vec.close()


@pytest.mark.parametrize("slug", GAMES)
def test_autoreset_hands_out_the_new_games_mask_and_no_row_is_ever_all_zeros(cli, slug):
    """NEXT_STEP autoreset over 128 envs playing uniformly from the mask (rng.choice(np.flatnonzero(mask)) never
    raises): on the step after an episode ends the row is the legal set of the new game's first position, as a
    fresh single env of the same seed shows it."""
    n = 128
    vec = hearth.gym.make_vec(slug, n, max_turns=8)
    single = hearth.gym.HearthEnv(slug)
    rng = np.random.default_rng(5)
    checked = 0
    try:
        _, infos = vec.reset(seed=7)
        for _ in range(20):
            done_before = vec._autoreset.copy()
            mask = infos["action_mask"]
            assert (mask.sum(axis=1) > 0).all()
            actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
            obs, rew, term, trunc, infos = vec.step(actions)
            for i in np.flatnonzero(done_before)[:4]:
                assert rew[i] == 0 and not term[i] and not trunc[i]
                o, inf = single.reset(seed=int(vec.game_seeds[i]))
                assert np.array_equal(inf["action_mask"], infos["action_mask"][i])
                assert all(np.array_equal(o[k], obs[k][i]) for k in o)
                checked += 1
    finally:
        vec.close()
        single.close()
    assert checked >= 4


def test_run_ending_masked_keeps_stormlark_alive_and_allow_offers_it(cli):
    for policy, expect_ending in (("mask", 0), ("allow", 1)):
        vec = hearth.gym.make_vec("stormlark", 8, run_ending=policy, obs="flat")
        try:
            _, infos = vec.reset(seed=3)
            end = vec.run_ending[0]
            assert (infos["action_mask"][:, end] == expect_ending).all()
        finally:
            vec.close()


def test_the_flat_vector_observation_is_the_tensor_rows(cli):
    vec = hearth.gym.make_vec("cragwake", 4, obs="flat")
    dic = hearth.gym.make_vec("cragwake", 4)
    try:
        rows, _ = vec.reset(seed=11)
        fields, _ = dic.reset(seed=11)
        assert (
            rows.shape == (4, vec.single_observation_space.shape[0])
            and rows.dtype == np.float32
        )
        for f in vec.fields:
            part = rows[:, f["offset"] : f["offset"] + f["size"]].reshape(
                (4, *f["shape"])
            )
            assert np.array_equal(part, fields[f["name"]].astype(np.float32))
    finally:
        vec.close()
        dic.close()


def test_normalize_reward_wraps_single_and_vector_envs(cli):
    env = hearth.gym.normalize_reward(hearth.gym.HearthEnv("cragwake"))
    vec = hearth.gym.normalize_reward(hearth.gym.make_vec("cragwake", 4))
    try:
        _, info = env.reset(seed=1)
        _, r, _, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        _, infos = vec.reset(seed=1)
        _, rs, _, _, _ = vec.step(np.argmax(infos["action_mask"], axis=1))
        assert np.isfinite(r) and np.isfinite(rs).all()
    finally:
        env.close()
        vec.close()


def test_mask_in_observation_passes_check_env_and_carries_the_mask(cli):
    import warnings

    env = hearth.gym.MaskInObservation(hearth.gym.HearthEnv("stormlark", obs="flat"))
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            check_env(env, skip_render_check=True)
        # check_env recommends checking the unwrapped env (done above for every game); nothing else may warn
        assert [
            str(w.message)
            for w in caught
            if "is different from the unwrapped version" not in str(w.message)
        ] == []
        obs, info = env.reset(seed=2)
        assert np.array_equal(
            obs["action_mask"], info["action_mask"]
        ) and env.observation_space.contains(obs)
    finally:
        env.close()
