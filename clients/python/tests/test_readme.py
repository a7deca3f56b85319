"""The README's examples, run as written (the server URL swapped for the test server's)."""

from __future__ import annotations

import contextlib
import io
import re

import pytest
from conftest import CLI, REPO

README = (REPO / "clients" / "python" / "README.md").read_text()
BLOCKS = re.findall(r"```python\n(.*?)```", README, re.S)


def test_the_five_line_client_example_plays_a_whole_game(server):
    code = BLOCKS[0]
    assert len(code.strip().splitlines()) == 5
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(code.replace("http://127.0.0.1:8787", server.url), {})
    score, digest = out.getvalue().split()
    assert float(score) > 0 and re.fullmatch(r"[0-9a-f]{64}", digest)


def test_the_gymnasium_example_runs_to_the_end(cli):
    pytest.importorskip("gymnasium", reason="gymnasium is not installed")
    scope: dict = {}
    exec(BLOCKS[1], scope)
    assert scope["done"] and scope["info"]["score"] >= 0
    scope["env"].close()


def test_the_evaluate_example_prints_a_normalised_scorecard(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # its records go to ./agent-runs
    monkeypatch.setenv("HEARTH_CLI", str(CLI))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(BLOCKS[3], {})
    assert "stormlark" in out.getvalue() and "20 of 20 seeds played" in out.getvalue()
    assert len(list((tmp_path / "agent-runs").glob("stormlark-*.json"))) == 20


def test_the_model_agent_example_runs_and_reports_its_calls(cli, tmp_path, monkeypatch):
    import subprocess
    import sys

    env = {**__import__("os").environ, "HEARTH_CLI": str(CLI)}
    done = subprocess.run([sys.executable, str(REPO / "clients/python/examples/model_agent.py"), "stormlark", "1..2"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "stormlark" in done.stdout and "model calls" in done.stdout
    episode = (tmp_path / "agent-runs" / "stormlark-1.jsonl").read_text().splitlines()
    assert '"usage"' in episode[1]
