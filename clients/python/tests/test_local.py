"""hearth.local: the games through the Node CLI's JSON pipe, checked against every golden replay."""

from __future__ import annotations

import json
import os
import signal

import pytest
from conftest import goldens

import hearth
from hearth import EngineError, Refusal


@pytest.mark.parametrize("path", goldens(), ids=lambda p: p.stem)
def test_every_golden_replay_through_the_local_pipe(cli, path):
    g = json.loads(path.read_text())
    with hearth.local(g["slug"], g["seed"]) as game:
        game.play_all(g["actions"])
        assert (game.score, game.game_over, len(game.actions)) == (g["score"], g["gameOver"], g["turns"])
        assert game.state_hash() == g["stateHash"]
        assert game.record() == {"slug": g["slug"], "seed": g["seed"], "actions": g["actions"]}


def test_refusals_are_values_and_reset_starts_a_new_game(cli):
    with hearth.local("sunloaf", 3) as game:
        assert game.spec and game.spec["carry"] == "stateToken"
        r = game.act({"type": "MOVE", "cat": 9, "tile": 0})
        assert isinstance(r, Refusal) and r.legal_actions and game.actions == []
        first = game.current
        game.play(first.actions[0])
        game.reset(4)
        assert game.seed == 4 and game.actions == [] and game.current.state != first.state


def test_an_engine_that_dies_mid_game_raises_naming_it(cli):
    game = hearth.local("stormlark", 7)
    game.play({"type": "FIRE"})
    os.kill(game._pipe.proc.pid, signal.SIGKILL)
    with pytest.raises(EngineError, match="exited with code -9|closed its output"):
        game.act({"type": "FIRE"})
    game.close()


def test_a_missing_cli_is_named(cli, monkeypatch, tmp_path):
    monkeypatch.setenv("HEARTH_CLI", str(tmp_path / "nope.mjs"))
    with pytest.raises(EngineError, match="HEARTH_CLI"):
        hearth.local("stormlark", 1)
