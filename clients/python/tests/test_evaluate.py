"""hearth.evaluate: records and a scorecard like `hearth agent run`, resumable after an interrupt."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

import pytest
from conftest import REPO

import hearth
from hearth.evaluate import challenge_set


def first_legal(step):
    return step.actions[0] if step.actions else {"type": "SHOOT", "angleDeg": 90}


def test_a_function_agent_over_seeds_gives_records_that_replay_and_a_scorecard(server, tmp_path):
    card = hearth.evaluate(first_legal, ["stormlark", "lantern-volley"], seeds="1..3", jobs=2, out=tmp_path, max_turns=40)
    assert [g["slug"] for g in card.games] == ["stormlark", "lantern-volley"] and all(g["runs"] == 3 for g in card.games)
    assert "no challenge set" in card.notes["stormlark"] and "stormlark" in str(card)
    for run in card.runs:
        record = json.loads((tmp_path / f"{run.slug}-{run.seed}.json").read_text())
        assert record == {"slug": run.slug, "seed": run.seed, "actions": run.actions}
        episode = [json.loads(text) for text in (tmp_path / f"{run.slug}-{run.seed}.jsonl").read_text().splitlines()]
        assert episode[0]["hearthRecord"] == 1 and episode[0]["game"] == run.slug and episode[0]["version"]
        assert episode[-1] == {"end": run.end, "score": run.score, "turns": run.turns} and run.end in ("game_over", "max_turns")
        assert [e["action"] for e in episode[1:-1] if e["ok"]] == run.actions
        assert all(e["view"].startswith("sha256:") and e["ms"] >= 0 for e in episode[1:-1])
        record["score"], record["turns"], record["gameOver"] = run.score, run.turns, run.game_over
        check = hearth.Client(server.url).verify(run.slug, run.seed, record["actions"])  # the record replays
        assert (check.score, check.turns, check.game_over) == (record["score"], record["turns"], record["gameOver"])
    best = max(r.score for r in card.runs if r.slug == "stormlark")
    assert card.games[0]["best"] == best


def test_season_1_seeds_are_normalised_against_the_shipped_bots(server, tmp_path):
    client = hearth.Client(server.url)
    cg = challenge_set("season-1", "cragwake", client)
    assert len(cg.seeds) == 20 and challenge_set("season-1", "cragwake").seeds == cg.seeds  # the server's = the repository's
    agent = type("Agent", (), {"reset": lambda self, g, s: None, "act": lambda self, step: first_legal(step)})()
    card = hearth.evaluate(agent, "cragwake", seeds="season-1", jobs=4, client=client, out=tmp_path, max_turns=15)
    g = card.games[0]
    assert g["runs"] == 20 and g["played"] == 20 and g["playedText"] == "20 of 20 seeds played"
    values = []
    for r in card.runs:
        b = cg.baseline(r.seed)
        values.append(min(100.0, max(0.0, 100 * (r.score - b["random"]) / (b["strong"] - b["random"]))))
    mean = sum(values) / 20
    s = (sum((v - mean) ** 2 for v in values) / 19) ** 0.5
    assert g["progress"] == pytest.approx(mean)
    if s > 0:  # t(0.975, 19) = 2.093024
        assert g["interval"]["high"] == pytest.approx(min(100, mean + 2.093024 * s / 20**0.5), rel=1e-5)
    assert "progress" in str(card)


SLOW_AGENT = """
import signal, sys, time, hearth
# a shell that starts a job in the background (as a CI runner may) leaves SIGINT ignored; a terminal's Ctrl-C is what we test
signal.signal(signal.SIGINT, signal.default_int_handler)
played = open(sys.argv[2], "a")
class Agent:
    def reset(self, game, seed):
        played.write(f"{game}-{seed}\\n"); played.flush()
    def act(self, step):
        time.sleep(0.1)  # slow enough that the interrupt lands mid-evaluation however fast the games end
        return step.actions[0] if step.actions else {"type": "SHOOT", "angleDeg": 90}
hearth.evaluate(Agent(), "stormlark", seeds="1..8", jobs=2, out=sys.argv[1], max_turns=25)
"""


def test_an_interrupted_evaluation_resumes_without_replaying_recorded_runs(cli, tmp_path):
    out, played = tmp_path / "runs", tmp_path / "played.txt"
    proc = subprocess.Popen([sys.executable, "-c", SLOW_AGENT, str(out), str(played)], cwd=REPO, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and len(list(out.glob("*.jsonl"))) < 2 and proc.poll() is None:
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    # Stopped cleanly: no traceback, the count, and how to resume.
    assert proc.returncode == 130, err
    assert b"Traceback" not in err and b"interrupted:" in err and b"Call hearth.evaluate again with the same arguments" in err
    recorded = sorted(p.stem for p in out.glob("*.jsonl"))
    assert 2 <= len(recorded) < 8, recorded
    for p in out.glob("*.jsonl"):
        assert "end" in json.loads(p.read_text().splitlines()[-1])  # every record is whole (written atomically)
    assert not list(out.glob("*.tmp-*"))
    again = []
    agent = type("Agent", (), {"reset": lambda self, g, s: again.append(f"{g}-{s}"), "act": lambda self, step: first_legal(step)})()
    card = hearth.evaluate(agent, "stormlark", seeds="1..8", jobs=2, out=out, max_turns=25)
    assert card.games[0]["runs"] == 8
    assert set(again).isdisjoint(recorded) and sorted(again + recorded) == sorted(f"stormlark-{s}" for s in range(1, 9))


def test_an_agent_that_raises_stops_the_evaluation_and_names_its_error(cli, tmp_path):
    def broken(step):
        raise RuntimeError("model unavailable")

    with pytest.raises(RuntimeError, match="model unavailable"):
        hearth.evaluate(broken, "stormlark", seeds="1..3", jobs=2, out=tmp_path)


def test_a_server_scorecard_gets_every_run_with_its_record_and_the_same_progress(server, tmp_path):
    client = hearth.Client(server.url)
    agent = lambda step: {"action": first_legal(step), "usage": {"input": 10, "output": 2}}  # noqa: E731
    card = hearth.evaluate(agent, "lantern-volley", seeds="season-2", jobs=4, client=client, out=tmp_path,
                           player="py-eval", tags={"model": "scripted-stand-in", "agent": "pytest"})
    report = card.report
    assert report["scorecard"]["closed"] is True and report["scorecard"]["tags"]["model"] == "scripted-stand-in"
    (mine,) = card.games
    (theirs,) = [g for g in report["games"] if g["game"] == "lantern-volley"]
    assert theirs["played"] == mine["played"] == 20
    assert theirs["progress"] == pytest.approx(mine["progress"]) and theirs["interval"]["low"] == pytest.approx(mine["interval"]["low"])
    assert theirs["totals"]["usage"]["input"] == 10 * mine["totals"]["steps"]
    seed = theirs["perSeed"][0]
    assert seed["counted"] and seed["recordUrl"] and card.scorecard_url
    board = client.scorecards("season-2", kind="agent")
    assert board["ok"] is True
    # Called again when it is finished: nothing is played or sent, the same closed scorecard comes back.
    again = hearth.evaluate(agent, "lantern-volley", seeds="season-2", jobs=4, client=client, out=tmp_path,
                            player="py-eval", tags={"model": "scripted-stand-in", "agent": "pytest"})
    assert again.report["scorecard"]["id"] == report["scorecard"]["id"] and again.report["totals"]["runs"] == 20


def test_at_jobs_4_over_two_games_no_prompt_names_another_episodes_game(cli, tmp_path):
    """The example's pattern (one conversation per episode, from agent_factory) at jobs=4: every prompt names the
    game and shows the view of its own episode; a shared agent reads the episode from each Step."""
    sys.path.insert(0, str(REPO / "clients" / "python" / "examples"))
    from model_agent import ModelAgent

    agents = []

    def make(game, seed):
        agents.append(ModelAgent(game, seed))
        return agents[-1]

    games = ["stormlark", "sunloaf"]
    card = hearth.evaluate(agent_factory=make, game=games, seeds="1..6", jobs=4, out=tmp_path / "f", max_turns=12)
    assert sorted((a.game, a.seed) for a in agents) == sorted((g, s) for g in games for s in range(1, 7))
    prompts = [(a.game, p) for a in agents for p in a.prompts]
    assert len(prompts) >= 100
    other = {"stormlark": "sunloaf", "sunloaf": "stormlark"}
    assert all(p.startswith(f"You play {g}.") and f"You play {other[g]}" not in p for g, p in prompts)

    seen = []
    lock = __import__("threading").Lock()

    def shared(step):
        with lock:
            seen.append((step.game, step.seed, step.text))
        return first_legal(step)

    hearth.evaluate(shared, games, seeds="1..6", jobs=4, out=tmp_path / "s", max_turns=12)
    # the views a shared agent saw, per (game, seed), are exactly that episode's views in its record
    for g in games:
        for s in range(1, 7):
            texts = [t for gg, ss, t in seen if (gg, ss) == (g, s)]
            record = [json.loads(text) for text in (tmp_path / "s" / f"{g}-{s}.jsonl").read_text().splitlines()]
            assert len(texts) == len(record) - 2 and texts
    assert {gg for gg, _, _ in seen} == set(games) and card.games


def test_a_default_server_takes_a_whole_evaluation_into_one_closed_scorecard(default_server, tmp_path):
    """No limit raised: 40 runs (two games, every season-2 seed) at jobs=4 reach the scorecard, which is closed."""
    client = hearth.Client(default_server.url)
    card = hearth.evaluate(first_legal, ["lantern-volley", "sunloaf"], seeds="season-2", jobs=4, client=client,
                           out=tmp_path, player="py-default", tags={"model": "scripted", "prompt": "none"}, max_turns=60)
    report = card.report
    assert report["scorecard"]["closed"] is True and report["totals"]["runs"] == 40
    for g in report["games"]:
        if g["game"] in ("lantern-volley", "sunloaf"):
            assert g["played"] == 20


def test_attempts_compare_and_export(server, tmp_path):
    client = hearth.Client(server.url)
    a = hearth.evaluate(first_legal, "lantern-volley", seeds="season-2", jobs=4, client=client, out=tmp_path / "a",
                        player="py-cmp", tags={"model": "first-legal"}, attempts=2)
    straight = lambda step: {"type": "SHOOT", "angleDeg": 90}  # noqa: E731
    b = hearth.evaluate(straight, "lantern-volley", seeds="season-2", jobs=4, client=client, out=tmp_path / "b",
                        player="py-cmp", tags={"model": "straight-up"})
    ra, rb = a.report, b.report
    assert ra["scorecard"]["attempts"] == 2 and len(list((tmp_path / "a").glob("*-a1.jsonl"))) == 20
    ga = next(g for g in ra["games"] if g["game"] == "lantern-volley")
    gb = next(g for g in rb["games"] if g["game"] == "lantern-volley")
    assert all(s["attemptsPlayed"] == 2 for s in ga["perSeed"])
    assert ga["progress"] == pytest.approx(next(g for g in a.games if g["slug"] == "lantern-volley")["progress"])
    cmp = client.compare(ra["scorecard"]["id"], rb["scorecard"]["id"])
    got = next(g for g in cmp["games"] if g["game"] == "lantern-volley")
    d = [x["progress"] - y["progress"] for x, y in zip(ga["perSeed"], gb["perSeed"])]
    assert got["difference"] == pytest.approx(sum(d) / len(d))
    assert (got["wins"], got["ties"], got["losses"]) == (sum(x > 0 for x in d), sum(x == 0 for x in d), sum(x < 0 for x in d))
    csv_text = client.export(ra["scorecard"]["id"])
    import csv
    import io

    rows = [r for r in csv.DictReader(io.StringIO(csv_text)) if r["game"] == "lantern-volley"]
    assert len(rows) == 40 and {r["attempt"] for r in rows} == {"0", "1"}
    assert sorted(float(r["score"]) for r in rows) == sorted(a2["score"] for s in ga["perSeed"] for a2 in s["attempts"])


OPENAI_STAND_IN = """
import json, sys, re
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
class H(BaseHTTPRequestHandler):
    def log_message(self, *a): pass
    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        shown = body["messages"][-1]["content"]
        m = re.search(r"^Legal actions \\(\\d+\\):\\n(\\{.*\\})$", shown, re.M)
        action = m.group(1) if m else '{"type": "SHOOT", "angleDeg": 90}'
        out = json.dumps({"choices": [{"message": {"role": "assistant", "content": "Action: " + action}}],
                          "usage": {"prompt_tokens": len(shown) // 4, "completion_tokens": 5}}).encode()
        self.send_response(200); self.send_header("content-type", "application/json"); self.send_header("content-length", str(len(out))); self.end_headers(); self.wfile.write(out)
s = ThreadingHTTPServer(("127.0.0.1", 0), H)
print(s.server_address[1], flush=True)
s.serve_forever()
"""


def test_a_model_through_the_harness_uses_the_standard_prompts(server, tmp_path):
    """evaluate(model="openai:...") runs `hearth agent run --model`: the same prompts, records with transcripts."""
    stand_in = subprocess.Popen([sys.executable, "-c", OPENAI_STAND_IN], stdout=subprocess.PIPE, text=True)
    try:
        port = int(stand_in.stdout.readline())
        client = hearth.Client(server.url)
        card = hearth.evaluate(game=["lantern-volley", "sunloaf"], seeds="season-2", model="openai:stand-in", jobs=2, out=tmp_path,
                               client=client, player="py-model", max_turns=30,
                               model_options={"base_url": f"http://127.0.0.1:{port}/v1", "prompt": "cot-v1", "max_seeds": 2})
        assert [g["runs"] for g in card.games] == [2, 2]
        lines = [json.loads(text) for text in next(tmp_path.glob("sunloaf-*.jsonl")).read_text().splitlines()]
        assert lines[0]["prompt"] == "cot-v1" and lines[0]["promptHash"].startswith("sha256:")
        assert "step by step" in lines[1]["transcript"]["sent"][0]["content"]
        assert card.report["scorecard"]["tags"]["prompt"] == "cot-v1"
        assert card.report["scorecard"]["tags"]["meta"]["promptHash"] == lines[0]["promptHash"]
    finally:
        stand_in.kill()
