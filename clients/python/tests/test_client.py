"""hearth.Client against a real server: golden games, refusals as values, errors as exceptions naming the cause."""

from __future__ import annotations

import copy
import http.server
import json
import threading

import pytest
from conftest import GAMES, golden

from hearth import Client, InvalidState, Refusal, Refused, RequestRefused, ServerError, ServerUnreachable, Step, state_hash
from hearth.errors import Overloaded

# One full game of each game (to game over), by the golden replay's action list.
FULL_GAMES = [
    ("cragwake", "greedy-seed-7-ends-at-pitch-6-ledge"),
    ("stormlark", "dodger-seed-1-to-reach-7"),
    ("lantern-volley", "solver-seed-1"),
    ("sunloaf", "random-seed-99"),
]


@pytest.mark.parametrize("slug,name", FULL_GAMES)
def test_a_full_game_through_the_client_ends_on_the_golden_score_and_state_hash(server, slug, name):
    g = golden(slug, name)
    client = Client(server.url)
    game = client.new_game(slug, g["seed"])
    assert game.current.ok and game.current.score == 0 and game.current.view is not None
    for action in g["actions"]:
        step = game.play(action)
    assert isinstance(step, Step)
    assert (step.score, step.game_over, len(game.actions)) == (g["score"], g["gameOver"], g["turns"])
    if step.state_token is None:  # a sealed plain state: the engine state is it without the seal
        assert state_hash({k: v for k, v in step.state.items() if k != "seal"}) == g["stateHash"]
    check = game.verify()
    assert (check.score, check.game_over, check.turns, check.state_hash) == (g["score"], g["gameOver"], g["turns"], g["stateHash"])


def test_the_spec_and_the_games(server):
    client = Client(server.url)
    # The server's games are the registry's, in its order (a test build of the CLI may list test-only ones beside them).
    served = [g.slug for g in client.games()]
    assert served and set(served) <= set(GAMES) and served == [s for s in GAMES if s in set(served)]
    spec = client.spec("sunloaf")
    assert spec["carry"] == "stateToken" and "actionGrammar" in spec
    first = client.init("cragwake", 7, spec=True, view=None)
    assert first.spec is not None and first.view is None and first.legal_actions


def test_a_refusal_is_a_value_and_changes_nothing(server):
    client = Client(server.url)
    game = client.new_game("stormlark", 7)
    before = game.current
    r = game.act({"type": "NEXT_REACH"})
    assert isinstance(r, Refusal) and not r.ok
    assert r.reason and r.message and {"type": "FIRE"} in r.legal_actions
    assert game.current is before and game.actions == []
    with pytest.raises(Refused, match=r.reason):
        game.play({"type": "NEXT_REACH"})
    bad = game.act({"type": "JUMP"})
    assert bad.reason == "unknown_action" and "UP" in bad.message


def test_a_forged_state_or_token_raises_invalid_state(server):
    client = Client(server.url)
    first = client.init("cragwake", 7)
    forged = copy.deepcopy(first.state)
    forged["stamina"] = forged["stamina"] + 50
    with pytest.raises(InvalidState, match="invalid_state"):
        client.act("cragwake", forged, {"type": "breathe"})
    token_game = client.init("sunloaf", 3)
    with pytest.raises(InvalidState):
        client.act("sunloaf", token_game.state_token[:-6] + "AAAAAA", {"type": "REST"})


def test_unknown_games_and_bad_seeds_raise_with_the_servers_reason(server):
    client = Client(server.url)
    with pytest.raises(RequestRefused) as err:
        client.init("chess", 1)
    assert err.value.reason == "unknown_game" and err.value.status == 404 and "cragwake" in str(err.value)
    with pytest.raises(RequestRefused, match="invalid_seed"):
        client.init("cragwake", "abc")  # type: ignore[arg-type]


def test_a_server_that_goes_away_mid_game_raises_server_unreachable(fresh_server):
    client = Client(fresh_server.url, timeout=5)
    game = client.new_game("stormlark", 7)
    game.play({"type": "FIRE"})
    fresh_server.stop()
    with pytest.raises(ServerUnreachable) as err:
        game.act({"type": "FIRE"})
    assert fresh_server.url in str(err.value) and "could not be reached" in str(err.value)
    assert game.actions == [{"type": "FIRE"}]  # the accepted game is kept for a retry elsewhere


def test_verify_names_the_refused_index(server):
    client = Client(server.url)
    r = client.verify("stormlark", 1, [{"type": "UP"}, {"type": "JUMP"}])
    assert isinstance(r, Refusal) and r.reason == "unknown_action" and r.details["index"] == 1


def test_submit_keeps_the_player_key_like_the_cli_and_the_board_shows_the_run(server, tmp_path):
    client = Client(server.url)
    g = golden("cragwake", "random-seed-1")
    first = client.submit_run("cragwake", g["seed"], g["actions"], "py-client", agent="pytest")
    assert first.ok and first.player_key and not first.duplicate and first.score == g["score"]
    saved = json.loads((tmp_path / "config" / "hearth" / "keys.json").read_text())
    assert saved[server.url.rstrip("/")]["py-client"] == first.player_key
    # a later run under the name sends the saved key; without it the server refuses (a value, not an exception)
    s = golden("stormlark", "dodger-seed-7-full-run")
    again = client.submit_run("stormlark", s["seed"], s["actions"], "PY-CLIENT")
    assert again.ok and again.player_key is None
    (tmp_path / "config" / "hearth" / "keys.json").unlink()
    refused = client.submit_run("stormlark", 5, [{"type": "END_RUN"}], "py-client")
    assert isinstance(refused, Refusal) and refused.reason == "key_required"
    board = client.leaderboard("cragwake")
    assert any(row["player"] == "py-client" and row["score"] == g["score"] for row in board.rows)
    assert client.challenges("cragwake")["ok"] is True


class _Canned(http.server.BaseHTTPRequestHandler):
    answers: list = []

    def do_GET(self):  # noqa: N802
        status, headers, body = self.answers.pop(0) if self.answers else (500, {}, b"gone")
        self.send_response(status)
        for k, v in headers.items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture()
def canned():
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Canned)
    t = threading.Thread(target=httpd.serve_forever, daemon=True)
    t.start()
    yield httpd, f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def test_a_proxy_error_page_and_overload_raise_errors_naming_the_status(canned):
    httpd, url = canned
    _Canned.answers = [(502, {"content-type": "text/html"}, b"<html>Bad Gateway</html>")]
    with pytest.raises(ServerError) as err:
        Client(url).games()
    assert err.value.status == 502 and "not JSON" in str(err.value) and "Bad Gateway" in str(err.value)
    # 503 with Retry-After is retried; a success after it is returned
    _Canned.answers = [(503, {"retry-after": "0"}, b'{"ok":false,"reason":"overloaded","message":"busy"}'), (200, {}, b'{"games":[]}')]
    assert Client(url).games() == []
    _Canned.answers = [(429, {"retry-after": "0"}, b'{"ok":false,"reason":"rate_limited","message":"slow down"}')] * 3
    with pytest.raises(Overloaded) as err2:
        Client(url, retries=2).games()
    assert err2.value.status == 429 and "slow down" in str(err2.value)
