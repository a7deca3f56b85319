"""`hearth.Client(url)`: the HTTP API (the gameboard convention) with typed results.

Moves are answered with a `Step` or a `Refusal` value; anything that is not a move's answer (the server down,
a 5xx, an unknown game, a forged state) raises an exception from hearth.errors naming its cause."""

from __future__ import annotations

import json
import random
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Dict, Iterable, List, Optional, Tuple, Union, cast

from . import keys as _keys
from ._game import PlayedGame
from .errors import InvalidState, Overloaded, RequestRefused, ServerError, ServerUnreachable
from .types import GameInfo, Leaderboard, Refusal, Result, RunReceipt, Step, Verification

__all__ = ["Client", "RemoteGame"]

Json = Any


class Client:
    """A hearth server. `view` is the default response form for moves: "compact" (the cheap loop: the state, the
    compact view with the recap, score; init without the spec) or None for the full gameboard response."""

    def __init__(
        self,
        url: str = "http://127.0.0.1:8787",
        *,
        timeout: float = 30.0,
        retries: int = 3,
        view: Optional[str] = "compact",
        keys_file: Optional[str] = None,
    ) -> None:
        self.url = url.rstrip("/")
        self.timeout = timeout
        self.retries = retries
        self.view = view
        self._keys_file = keys_file
        self._carry: Dict[str, str] = {}

    # -- transport ---------------------------------------------------------------------------------------------

    def _request(self, method: str, path: str, body: Any = None, headers: Optional[Dict[str, str]] = None, json_body: bool = True) -> Tuple[int, Any, bytes]:
        """(status, parsed JSON, raw body). Retries 429/503 up to `retries` times, honouring Retry-After (capped at 10 s)."""
        url = self.url + path
        data = None if body is None else json.dumps(body, separators=(",", ":"), allow_nan=False).encode("utf-8")
        hdrs = {"accept": "application/json", "user-agent": "hearth-python/0.1"}
        if data is not None:
            hdrs["content-type"] = "application/json"
        hdrs.update(headers or {})
        attempt = 0
        while True:
            req = urllib.request.Request(url, data=data, method=method, headers=hdrs)
            try:
                with urllib.request.urlopen(req, timeout=self.timeout) as res:
                    status, raw, retry_after = res.status, res.read(), None
            except urllib.error.HTTPError as err:
                status, raw, retry_after = err.code, err.read(), err.headers.get("retry-after")
            except (urllib.error.URLError, ConnectionError, socket.timeout, TimeoutError, OSError) as err:
                cause = err.reason if isinstance(err, urllib.error.URLError) and isinstance(err.reason, BaseException) else err
                raise ServerUnreachable(url, cause) from None
            try:
                parsed = json.loads(raw.decode("utf-8")) if raw else None
            except (UnicodeDecodeError, ValueError):
                parsed = None
            if status in (429, 503):
                wait = _seconds(retry_after)
                if attempt < self.retries:
                    attempt += 1
                    time.sleep(min(10.0, wait if wait is not None else 0.2 * 2**attempt))
                    continue
                raise Overloaded(url, status, _message(parsed, raw), wait, parsed)
            if not json_body and status < 400:
                return status, None, raw
            if parsed is None or (status >= 500 and not isinstance(parsed, dict)):
                raise ServerError(url, status, "the body is not JSON: " + raw[:200].decode("utf-8", "replace"), raw)
            if status >= 500:
                raise ServerError(url, status, _message(parsed, raw), parsed)
            return status, parsed, raw

    def _get(self, path: str, **query: Any) -> Dict[str, Any]:
        q = {k: v for k, v in query.items() if v is not None}
        status, body, _ = self._request("GET", path + ("?" + urllib.parse.urlencode(q) if q else ""))
        return cast(Dict[str, Any], self._expect(path, status, body))

    def _expect(self, path: str, status: int, body: Json) -> Json:
        if isinstance(body, dict) and body.get("ok") is False:
            raise RequestRefused(self.url + path, status, str(body.get("reason")), str(body.get("message")), body)
        if status >= 400:
            raise RequestRefused(self.url + path, status, f"http_{status}", _message(body, b""), body)
        return body

    # -- games -------------------------------------------------------------------------------------------------

    def games(self) -> List[GameInfo]:
        body = self._get("/api/games")
        return [GameInfo(g.get("slug", ""), g.get("name", ""), g.get("description", ""), g) for g in body.get("games", [])]

    def spec(self, slug: str) -> Dict[str, Any]:
        """The game's served spec: goal, scoring, rules, actionGrammar, observationSchema, decisions, carry."""
        spec = self._get(f"/api/games/{_slug(slug)}/spec")
        self._carry[slug] = spec.get("carry", "state")
        return spec

    def init(self, slug: str, seed: Optional[int] = None, *, view: Optional[str] = "default", spec: bool = False) -> Step:
        """A new game. Without `spec` the response leaves the spec out (`spec=0`); `view` defaults to the client's."""
        v = self.view if view == "default" else view
        path = f"/api/games/{_slug(slug)}/init"
        q = {k: x for k, x in {"seed": seed, "spec": None if spec else 0, "view": v}.items() if x is not None}
        status, body, raw = self._request("GET", path + "?" + urllib.parse.urlencode(q))
        step = Step.from_json(self._expect(path, status, body), wire=raw)
        self._carry[slug] = "stateToken" if step.state_token is not None else "state"
        return step

    def act(self, slug: str, position: Union[Step, Dict[str, Any], str], action: Any, *, view: Optional[str] = "default") -> Result:
        """One move from a position: a `Step` (its state or stateToken is sent back), a state dict, or a token string.
        Returns the next `Step` or a `Refusal`; a state the server did not issue raises `InvalidState`."""
        v = self.view if view == "default" else view
        if isinstance(position, Step):
            body = {"stateToken": position.state_token} if position.state_token is not None else {"state": position.state}
        elif isinstance(position, str):
            body = {"stateToken": position}
        else:
            body = {"state": position}
        body["action"] = action
        path = f"/api/games/{_slug(slug)}/action" + (f"?view={urllib.parse.quote(v)}" if v else "")
        status, answer, raw = self._request("POST", path, body)
        if isinstance(answer, dict) and answer.get("ok") is True:
            return Step.from_json(answer, wire=raw)
        if isinstance(answer, dict) and answer.get("ok") is False:
            refusal = Refusal.from_json(answer)
            if refusal.reason == "invalid_state":
                raise InvalidState(refusal, f"{self.url}{path}: ")
            if "legalActions" not in answer and status >= 400 and refusal.reason != "unknown_action":
                raise RequestRefused(self.url + path, status, refusal.reason, refusal.message, answer)
            return refusal
        raise ServerError(self.url + path, status, "the answer is not a gameboard response", answer)

    def new_game(self, slug: str, seed: Optional[int] = None, *, view: Optional[str] = "default") -> "RemoteGame":
        """A game whose position the client carries: `g.act(action)` sends the latest state back for you."""
        return RemoteGame(self, slug, seed, view)

    def verify(self, slug: str, seed: int, actions: Iterable[Any]) -> Union[Verification, Refusal]:
        """Replays a record on the server: its final score, gameOver, turns and state hash, or the refusal at `index`."""
        path = f"/api/games/{_slug(slug)}/verify"
        status, body, _ = self._request("POST", path, {"seed": seed, "actions": list(actions)})
        if isinstance(body, dict) and body.get("ok") is True:
            return Verification(body["slug"], body["seed"], body["score"], body["gameOver"], body["turns"], body["stateHash"], body)
        if isinstance(body, dict) and body.get("ok") is False:
            if "index" in body or status == 200:
                return Refusal.from_json(body)
            self._expect(path, status, body)
        raise ServerError(self.url + path, status, "unexpected answer", body)

    # -- runs and boards ---------------------------------------------------------------------------------------

    def submit_run(
        self,
        slug: str,
        seed: int,
        actions: Iterable[Any],
        player: str,
        *,
        agent: Optional[str] = None,
        notes: Optional[str] = None,
        key: Optional[str] = None,
        scorecard: Optional[str] = None,
        version: Optional[str] = None,
        challenge: Optional[str] = None,
        record: Optional[str] = None,
        extra: Optional[Dict[str, Any]] = None,
    ) -> Union[RunReceipt, Refusal]:
        """Stores a verified run (`POST /api/runs`). The player key comes from `key`, else the saved keys (the
        CLI's file); a key the server issues on the name's first run is saved there. A refused run (an action
        turned down, key_required, a bad name) is a `Refusal` with the server's reason. `scorecard` joins the run to an
        open scorecard, `record` sends its episode record (JSON lines), `version` the rules version it was played
        under, `challenge` refuses it unless it counts for that set (docs/benchmark.md)."""
        from pathlib import Path

        keys_file = Path(self._keys_file) if self._keys_file else None
        key = key or _keys.load_key(self.url, player, keys_file)
        body: Dict[str, Any] = {"game": slug, "seed": seed, "actions": list(actions), "player": player}
        if agent is not None:
            body["agent"] = agent
        if notes is not None:
            body["notes"] = notes
        for k, v in (("scorecard", scorecard), ("version", version), ("challenge", challenge), ("record", record)):
            if v is not None:
                body[k] = v
        body.update(extra or {})
        status, answer, _ = self._request("POST", "/api/runs", body, {"authorization": f"Bearer {key}"} if key else None)
        if not isinstance(answer, dict):
            raise ServerError(self.url + "/api/runs", status, "unexpected answer", answer)
        if answer.get("ok") is not True:
            return Refusal.from_json(answer)
        receipt = RunReceipt(
            run_id=cast(int, answer.get("runId")),
            score=cast(float, answer.get("score")),
            rank=answer.get("rank"),
            url=answer.get("url"),
            duplicate=bool(answer.get("duplicate")),
            player=answer.get("player"),
            player_key=answer.get("playerKey"),
            raw=answer,
        )
        if receipt.player_key:
            _keys.save_key(self.url, player, receipt.player_key, keys_file)
        return receipt

    # -- scorecards (docs/benchmark.md) -------------------------------------------------------------------------

    def open_scorecard(
        self, challenge: str, player: str, *, tags: Optional[Dict[str, Any]] = None, key: Optional[str] = None, attempts: int = 1
    ) -> Dict[str, Any]:
        """Opens a scorecard on a challenge set (`POST /api/scorecards`): `{ id, challenge, player, kind, tags, attempts,
        url }`. `tags`: model, agent, prompt (1-100 characters each), meta (an object); `attempts`: how many times
        each seed is played (its progress is their mean). A first use of the name saves its key."""
        from pathlib import Path

        keys_file = Path(self._keys_file) if self._keys_file else None
        key = key or _keys.load_key(self.url, player, keys_file)
        body: Dict[str, Any] = {"challenge": challenge, "player": player}
        if tags:
            body["tags"] = tags
        if attempts != 1:
            body["attempts"] = attempts
        status, answer, _ = self._request("POST", "/api/scorecards", body, {"authorization": f"Bearer {key}"} if key else None)
        answer = self._expect("/api/scorecards", status, answer)
        if answer.get("playerKey"):
            _keys.save_key(self.url, player, answer["playerKey"], keys_file)
        return {**answer["scorecard"], "url": answer.get("url", answer["scorecard"].get("url"))}

    def close_scorecard(self, scorecard_id: str, player: str, *, key: Optional[str] = None) -> Dict[str, Any]:
        """Closes a scorecard (its player's key): it takes no more runs and appears on the challenge board."""
        from pathlib import Path

        key = key or _keys.load_key(self.url, player, Path(self._keys_file) if self._keys_file else None)
        path = f"/api/scorecards/{_slug(scorecard_id)}/close"
        status, answer, _ = self._request("POST", path, {}, {"authorization": f"Bearer {key}"} if key else None)
        return cast(Dict[str, Any], self._expect(path, status, answer))

    def submit_runs(self, scorecard_id: str, player: str, runs: List[Dict[str, Any]], *, key: Optional[str] = None) -> Dict[str, Any]:
        """Many runs into an open scorecard in one request (`POST /api/scorecards/{id}/runs`): each run `{ game, seed,
        actions, attempt?, version?, record? | recordGz? }` is replayed and answered in order in `results` (its own
        `status`, `ok`, and the answer of `POST /api/runs`); resend those answered 429/503 after `retryAfter` s."""
        from pathlib import Path

        key = key or _keys.load_key(self.url, player, Path(self._keys_file) if self._keys_file else None)
        path = f"/api/scorecards/{_slug(scorecard_id)}/runs"
        status, answer, _ = self._request("POST", path, {"player": player, "runs": runs}, {"authorization": f"Bearer {key}"} if key else None)
        return cast(Dict[str, Any], self._expect(path, status, answer))

    def scorecard(self, scorecard_id: str) -> Dict[str, Any]:
        """The report: per game progress with its interval, the overall bootstrap interval, the per-seed table (every
        attempt), totals, tokens and cost (`GET /api/scorecards/{id}`)."""
        return self._get(f"/api/scorecards/{_slug(scorecard_id)}")

    def export(self, scorecard_id: str, format: str = "csv") -> str:
        """The scorecard as CSV (one row per game, seed and attempt) or as the JSON report's text."""
        path = f"/api/scorecards/{_slug(scorecard_id)}?format={urllib.parse.quote(format)}"
        status, body, raw = self._request("GET", path, json_body=False)
        if status >= 400:
            self._expect(path, status, body)
        return raw.decode("utf-8")

    def compare(self, a: str, b: str) -> Dict[str, Any]:
        """The paired comparison of two scorecards on the same set (`GET /api/scorecards/compare`): per game the mean
        difference of per-seed progress A - B with its 95% paired interval and wins/ties/losses over seeds."""
        return self._get("/api/scorecards/compare", a=a, b=b)

    def scorecards(self, challenge: str, *, kind: Optional[str] = None, limit: Optional[int] = None) -> Dict[str, Any]:
        """The models board: one row per model tag and prompt id, its latest closed complete scorecard, with the
        overall interval, tokens and cost; `incomplete` lists closed scorecards missing runs."""
        return self._get("/api/scorecards", challenge=challenge, kind=kind, limit=limit)

    def run(self, run_id: int) -> Dict[str, Any]:
        return self._get(f"/api/runs/{int(run_id)}")

    def leaderboard(
        self, slug: str, board: str = "all", *, kind: Optional[str] = None, limit: Optional[int] = None, date: Optional[str] = None
    ) -> Leaderboard:
        body = self._get(f"/api/leaderboards/{_slug(slug)}", board=board, kind=kind, limit=limit, date=date)
        return Leaderboard(body.get("game", slug), body.get("board", board), body.get("rows", []), body.get("next"), body)

    def challenges(self, slug: Optional[str] = None) -> Dict[str, Any]:
        """The daily seeds and the fixed challenge sets with their baselines (`GET /api/challenges[/{slug}]`)."""
        return self._get("/api/challenges" + (f"/{_slug(slug)}" if slug else ""))

    def health(self) -> Dict[str, Any]:
        status, body, _ = self._request("GET", "/healthz")
        return cast(Dict[str, Any], body)


class RemoteGame(PlayedGame):
    """One game played through a Client: carries the state (or token) between moves and keeps the accepted actions."""

    def __init__(self, client: Client, slug: str, seed: Optional[int], view: Optional[str]) -> None:
        self.client = client
        self.slug = slug
        self._view = view
        # A fresh u32 seed when none is given, chosen here so the record can always be verified and submitted.
        self.seed: int = seed if seed is not None else random.getrandbits(32)
        self.current: Step = self._tag(client.init(slug, self.seed, view=view))
        self.actions: List[Any] = []

    def _send(self, action: Any) -> Result:
        return self.client.act(self.slug, self.current, action, view=self._view)

    def verify(self) -> Union[Verification, Refusal]:
        return self.client.verify(self.slug, self.seed, self.actions)

    def submit(self, player: str, **kwargs: Any) -> Union[RunReceipt, Refusal]:
        return self.client.submit_run(self.slug, self.seed, self.actions, player, **kwargs)


def _slug(slug: str) -> str:
    return urllib.parse.quote(slug, safe="")


def _seconds(value: Optional[str]) -> Optional[float]:
    try:
        return max(0.0, float(value)) if value is not None else None
    except ValueError:
        return None


def _message(body: Any, raw: bytes) -> str:
    if isinstance(body, dict) and "message" in body:
        return str(body["message"])
    return raw[:200].decode("utf-8", "replace") if raw else "no body"
