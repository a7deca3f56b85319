"""`hearth.evaluate(agent, game, seeds=..., jobs=4)`: an agent over many seeds, the loop of `hearth agent run`,
with the records and the scorecard docs/benchmark.md defines.

Who plays: `agent` is a function `agent(step) -> action` (or an object with `act(step)`, and optionally
`reset(game, seed)` called before each game), shared by every episode; every `Step` names its `game` and `seed`.
`agent_factory(game, seed)` (or a class given as `agent`) makes one agent per episode instead, so episodes played
at once never share a conversation. An agent may answer `{"action": ..., "usage": {"input": n, "output": n,
"cost": x}}` to report what the call cost. `model="openai:<model>"` (or `"anthropic:<model>"`) plays a language
model with the harness's own adapters and standard prompts (it runs `hearth agent run --model`: the same prompts,
retries and records as the CLI). Each game is played locally (`hearth.local`) or through a server (`client=`).

Every finished run is written to `out/`: `<slug>-<seed>.jsonl` (attempt a > 0: `<slug>-<seed>-a<a>.jsonl`), the
episode record (a header line, one line per action the agent sent with the hash of the view it was shown, the
result, the latency and the usage, and an end line), and `<slug>-<seed>.json`, `{ slug, seed, actions }` for
`hearth verify` and `hearth submit`. A run whose episode record has its end line is read back instead of played,
so an interrupted evaluation resumes where it stopped (Ctrl-C stops cleanly and says so). With a challenge set, the
set's budget (actions, actions per type) stops a run before the action that would leave it (end `budget`).

The scorecard has, per game, the columns of `hearth agent run` (runs, median, mean, best, ends) and, over the
set's seeds, the progress of docs/benchmark.md: per seed 100 x (score - random) / (strong - random) clipped to
[0, 100] (the mean of its `attempts`), the mean over the set's N seeds (a seed not played counting 0) with its 95%
Student-t interval. With `client=` and `player=`, the runs go into a server scorecard as they finish (in batches,
busy answers waited out with Retry-After), missing ones are sent again from their records, and the scorecard is
closed only when it holds every run played (`close_partial=True` closes it anyway); `card.report` is the server's
report (`GET /api/scorecards/{id}`)."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import os
import re
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Set, Tuple, Union, cast

from ._stats import mean_interval, median, progress_of
from .client import Client
from .errors import HearthError
from .local import LocalGame
from .types import Refusal, Step

__all__ = ["evaluate", "Scorecard", "RunRecord", "challenge_set", "ChallengeGame", "AgentFactory"]

INTERVAL_METHOD = (
    "Student's t, 95%: mean +- t(0.975, N - 1) x s / sqrt(N) over the set's N seeds (a seed not played counts 0), clipped to [0, 100]"
)


@dataclass
class ChallengeGame:
    """One game of a challenge set: its seeds with the bots' baselines, the pinned version and the budget."""

    set_id: str
    slug: str
    seeds: List[Dict[str, Any]]
    version: Optional[str] = None
    budget: Optional[Dict[str, Any]] = None

    def baseline(self, seed: int) -> Optional[Dict[str, Any]]:
        return next((s for s in self.seeds if s["seed"] == seed), None)


@dataclass
class RunRecord:
    slug: str
    seed: int
    actions: List[Any]
    score: float
    turns: int
    game_over: bool
    end: str
    refusals: int
    steps: int = 0
    ms: float = 0.0
    usage: Dict[str, Optional[float]] = field(default_factory=dict)
    attempt: int = 0


@dataclass
class Scorecard:
    """Per game: runs, median, mean, best, ends (as `hearth agent run`) and, over a challenge set, progress with
    its interval and the per-seed table. `report` is the server's scorecard when one was opened."""

    games: List[Dict[str, Any]]
    runs: List[RunRecord] = field(repr=False)
    notes: Dict[str, str] = field(default_factory=dict)
    out: Optional[str] = None
    report: Optional[Dict[str, Any]] = field(default=None, repr=False)
    scorecard_url: Optional[str] = None

    def to_json(self) -> List[Dict[str, Any]]:
        return self.games

    def __str__(self) -> str:
        head = ["game", "runs", "median", "mean", "best", "progress", "ends"]
        rows = []
        for g in self.games:
            p = g.get("progress")
            if p is not None:
                iv = g["interval"]
                span = f" [{iv['low']:.1f}, {iv['high']:.1f}]" if iv["low"] is not None else ""
                ptext = f"{p:.1f}{span} ({g['playedText']})"
            else:
                ptext = "-"
            rows.append(
                [g["slug"], str(g["runs"]), _fmt(g["median"]), _fmt(g["mean"]), _fmt(g["best"]), ptext,
                 ", ".join(f"{k} {v}" for k, v in g["ends"].items())]
            )
        widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(head)]
        def line(cells: List[str]) -> str:
            return "  ".join(c.rjust(widths[i]) if 1 <= i <= 4 else c.ljust(widths[i]) for i, c in enumerate(cells)).rstrip()

        notes = [f"({slug}: {why})" for slug, why in self.notes.items()]
        tail = [f"scorecard: {self.scorecard_url}"] if self.scorecard_url else []
        return "\n".join([line(head), *map(line, rows), *notes, *tail])


def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


def challenge_set(set_id: str, slug: str, client: Optional[Client] = None) -> ChallengeGame:
    """A game of a challenge set: from the server (`GET /api/challenges`) with a client, else from the CLI in use
    (`hearth agent sets <set> --json`: the sets this hearth carries). Both formats: season-1's `games[slug] = [seeds]`
    and the later `games[slug] = { version, budget, seeds }`."""
    if client is not None:
        for s in client.challenges().get("sets", []):
            if s.get("id") == set_id:
                return _challenge_game(set_id, slug, (s.get("games") or {}).get(slug))
        raise HearthError(f"{client.url} serves no challenge set {set_id!r}")
    return _challenge_game(set_id, slug, _cli_set(set_id)["games"].get(slug))


_sets_cache: Dict[str, Dict[str, Any]] = {}


def _cli_set(set_id: str) -> Dict[str, Any]:
    if set_id not in _sets_cache:
        from ._pipe import find_cli

        done = subprocess.run(find_cli() + ["agent", "sets", set_id, "--json"], capture_output=True, timeout=60)
        if done.returncode != 0:
            raise HearthError(f"challenge set {set_id!r}: {done.stderr.decode('utf-8', 'replace').strip()[:300]}")
        _sets_cache[set_id] = json.loads(done.stdout)
    return _sets_cache[set_id]


def _challenge_game(set_id: str, slug: str, entry: Any) -> ChallengeGame:
    if entry is None:
        raise HearthError(f"challenge set {set_id!r} has no seeds for {slug}")
    if isinstance(entry, list):
        return ChallengeGame(set_id, slug, entry)
    return ChallengeGame(set_id, slug, list(entry.get("seeds", [])), entry.get("version"), entry.get("budget"))


def _parse_seeds(seeds: Union[str, int, Iterable[int]]) -> Optional[List[int]]:
    if isinstance(seeds, int):
        return [seeds]
    if isinstance(seeds, str):
        if not re.fullmatch(r"\s*\d+(\s*\.\.\s*\d+)?(\s*,\s*\d+(\s*\.\.\s*\d+)?)*\s*", seeds):
            return None  # a challenge set id
        out: List[int] = []
        for part in seeds.split(","):
            a, _, b = part.strip().partition("..")
            out.extend(range(int(a), int(b or a) + 1))
        return out
    return [int(s) for s in seeds]


def budget_allows(budget: Optional[Dict[str, Any]], played: Sequence[Any], action: Any) -> bool:
    """Whether one more action keeps a run inside the set's budget (total actions, actions of each type)."""
    if not budget:
        return True
    if budget.get("actions") is not None and len(played) + 1 > budget["actions"]:
        return False
    per = budget.get("perType") or {}
    t = action.get("type") if isinstance(action, dict) else None
    if t in per:
        return bool(sum(1 for a in played if isinstance(a, dict) and a.get("type") == t) + 1 <= per[t])
    return True


def _agent_calls(agent: Any) -> Tuple[Callable[[Step], Any], Optional[Callable[[str, int], None]]]:
    act = getattr(agent, "act", None)
    step_fn = act if callable(act) else agent
    if not callable(step_fn):
        raise TypeError("agent must be a function step -> action, or an object with act(step)")
    reset = getattr(agent, "reset", None)
    return step_fn, reset if callable(reset) else None


def _unwrap(answer: Any) -> Tuple[Any, Optional[Dict[str, Any]]]:
    """An agent's answer: an action, or `{"action": ..., "usage": {...}}` (an envelope has no `type`)."""
    if isinstance(answer, dict) and "action" in answer and "type" not in answer:
        usage = answer.get("usage")
        if isinstance(usage, dict):
            usage = {k: v for k, v in usage.items() if k in ("input", "output", "cost") and isinstance(v, (int, float)) and v >= 0}
        return answer["action"], usage or None
    return answer, None


def _view_hash(step: Step) -> str:
    text = step.wire if step.wire is not None else json.dumps(step.raw, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    return "sha256:" + hashlib.sha256(text.rstrip(b"\n")).hexdigest()


def _read_episode(path: Path) -> Optional[RunRecord]:
    """A finished episode record (header, steps, end line) as a run; None when it is missing or unfinished."""
    try:
        lines = [json.loads(text) for text in path.read_text("utf-8").splitlines() if text.strip()]
    except (OSError, ValueError):
        return None
    if len(lines) < 2 or "hearthRecord" not in lines[0] or "end" not in lines[-1]:
        return None
    head, steps, end = lines[0], lines[1:-1], lines[-1]
    usage: Dict[str, Optional[float]] = {}
    for s in steps:
        for k, v in (s.get("usage") or {}).items():
            usage[k] = (usage.get(k) or 0) + v
    return RunRecord(
        slug=head["game"], seed=head["seed"], actions=[s["action"] for s in steps if s.get("ok")], score=end["score"],
        turns=end["turns"], game_over=end["end"] == "game_over", end=end["end"], refusals=sum(1 for s in steps if not s.get("ok")),
        steps=len(steps), ms=sum(s.get("ms", 0) for s in steps), usage=usage, attempt=int(head.get("attempt") or 0),
    )


AgentFactory = Callable[[str, int], Any]


def _episode_agents(agent: Any, agent_factory: Optional[AgentFactory]) -> AgentFactory:
    """Who plays each episode: `agent_factory(game, seed)` makes a fresh agent per episode; a class given as the
    agent is instantiated per episode; any other agent object (or function) is shared by every episode, and then
    each `Step` it receives names its `game` and `seed` (and `reset(game, seed)` is called before each game)."""
    if agent_factory is not None:
        if agent is not None:
            raise TypeError("give an agent or agent_factory, not both")
        if not callable(agent_factory):
            raise TypeError("agent_factory must be a function (game, seed) -> agent")
        return agent_factory
    if agent is None:
        raise TypeError("evaluate needs an agent, an agent_factory(game, seed) or a model='openai:<model>'")
    if isinstance(agent, type):
        return lambda _game, _seed: agent()
    return lambda _game, _seed: agent


def _record_name(slug: str, seed: int, attempt: int) -> str:
    return f"{slug}-{seed}" + (f"-a{attempt}" if attempt > 0 else "")


def evaluate(
    agent: Any = None,
    game: Union[str, Sequence[str], None] = None,
    seeds: Union[str, int, Iterable[int]] = "season-1",
    *,
    agent_factory: Optional[AgentFactory] = None,
    jobs: int = 4,
    client: Optional[Client] = None,
    out: Union[str, "os.PathLike[str]", None] = "agent-runs",
    max_turns: int = 5000,
    max_refusals: int = 50,
    view: Optional[str] = "compact",
    player: Optional[str] = None,
    tags: Optional[Dict[str, Any]] = None,
    attempts: int = 1,
    close_partial: bool = False,
    progress: Optional[Callable[[RunRecord], None]] = None,
    model: Optional[str] = None,
    model_options: Optional[Dict[str, Any]] = None,
) -> Scorecard:
    """Plays every (game, seed) `attempts` times, `jobs` games at a time, and returns the scorecard. `seeds` is a
    challenge set id ("season-1", "season-2"), "1..20", or a list of seeds. A run ends at game over, at the set's
    budget, after `max_turns` accepted actions, or after `max_refusals` refusals in a row; an exception from the
    agent stops the evaluation (finished runs stay recorded, and a second call resumes). Ctrl-C stops it cleanly:
    what finished is recorded (and sent), and the message says how to resume.

    `model="openai:<model>"` or `"anthropic:<model>"` plays a model with the harness (`hearth agent run --model`);
    `model_options` are its flags without dashes, e.g. `{"base_url": "http://127.0.0.1:8000/v1", "prompt": "cot-v1",
    "mode": "tools", "history": 4, "price_in": 0.5, "price_out": 1.5}`; keys come from OPENAI_API_KEY /
    ANTHROPIC_API_KEY as for the CLI."""
    if game is None:
        raise TypeError("evaluate needs game= (a slug or a list of slugs)")
    slugs = [game] if isinstance(game, str) else list(game)
    if attempts < 1:
        raise ValueError("attempts must be at least 1")
    if model is not None:
        if agent is not None or agent_factory is not None:
            raise TypeError("give an agent, an agent_factory or a model, not several")
        return _evaluate_model(model, slugs, seeds, jobs=jobs, client=client, out=out, player=player, attempts=attempts,
                               close_partial=close_partial, max_turns=max_turns, options=model_options or {})
    make_agent = _episode_agents(agent, agent_factory)
    explicit = _parse_seeds(seeds)
    set_id = None if explicit is not None else str(seeds)
    if attempts > 1 and set_id is None:
        raise ValueError("attempts is for a challenge set (seeds='season-2')")
    sets: Dict[str, ChallengeGame] = {}
    plan: List[Tuple[str, int, int]] = []
    for attempt in range(attempts):
        for slug in slugs:
            if set_id is not None:
                sets[slug] = sets.get(slug) or challenge_set(set_id, slug, client)
                plan += [(slug, s["seed"], attempt) for s in sets[slug].seeds]
            else:
                plan += [(slug, s, attempt) for s in explicit or []]
    out_dir = Path(out) if out is not None else None
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
    lock = threading.Lock()
    stop = threading.Event()
    agent_tag = (tags or {}).get("agent") or (tags or {}).get("model")
    versions = {slug: (sets[slug].version if slug in sets and sets[slug].version else _version(slug, client)) for slug in slugs}
    sender = (
        _Sender(client, player, set_id, tags, attempts, out_dir) if client is not None and player and set_id else None
    )
    if sender is not None and sender.card.get("closed"):
        # Called again after it finished: the folder's scorecard is closed; nothing is played or sent.
        unrecorded = [p for p in plan if out_dir is None or _read_episode(out_dir / f"{_record_name(*p)}.jsonl") is None]
        if unrecorded:
            raise HearthError(
                f"scorecard {sender.card['id']} (in {out_dir}/scorecard.json) is closed already but {len(unrecorded)} run(s) "
                "of this plan are not recorded there: a closed scorecard takes no more runs; use another out= for a new evaluation"
            )
    elif sender is not None and out_dir is not None:
        sender.resend_recorded([(sl, sd, at, out_dir / f"{_record_name(sl, sd, at)}.jsonl", versions[sl]) for sl, sd, at in plan])

    def play(slug: str, seed: int, attempt: int) -> RunRecord:
        episode = out_dir / f"{_record_name(slug, seed, attempt)}.jsonl" if out_dir is not None else None
        if episode is not None:
            done = _read_episode(episode)
            if done is not None:
                return done
        if stop.is_set():
            raise _Stopped()
        challenge = sets.get(slug)
        step_fn, reset_fn = _agent_calls(make_agent(slug, seed))
        if reset_fn:
            with lock:
                reset_fn(slug, seed)
        g = client.new_game(slug, seed, view=view) if client is not None else LocalGame(slug, seed, view=view)
        header: Dict[str, Any] = {"hearthRecord": 1, "game": slug, "seed": seed}
        if set_id:
            header["set"] = set_id
        version = versions[slug]
        if version:
            header["version"] = version
        header["view"] = view or "full"
        if agent_tag:
            header["agent"] = agent_tag
        if attempt > 0:
            header["attempt"] = attempt
        lines = [header]
        try:
            in_row = refusals = 0
            end = "game_over"
            ms_total = 0.0
            usage_total: Dict[str, Optional[float]] = {}
            while not g.current.game_over:
                if len(g.actions) >= max_turns:
                    end = "max_turns"
                    break
                if stop.is_set():
                    raise _Stopped()
                shown = g.current
                t0 = time.monotonic()
                action, usage = _unwrap(step_fn(shown))
                ms = round((time.monotonic() - t0) * 1000, 3)
                if challenge is not None and not budget_allows(challenge.budget, g.actions, action):
                    end = "budget"
                    break
                result = g.act(action)
                entry: Dict[str, Any] = {"step": len(lines) - 1, "turn": len(g.actions) - (1 if result.ok else 0),
                                         "view": _view_hash(shown), "action": action, "ok": result.ok}
                if isinstance(result, Refusal):
                    entry["reason"] = result.reason
                if in_row > 0:
                    entry["retry"] = in_row
                entry["ms"] = ms
                ms_total += ms
                if usage:
                    entry["usage"] = usage
                    for k, v in usage.items():
                        usage_total[k] = (usage_total.get(k) or 0) + v
                lines.append(entry)
                if result.ok:
                    in_row = 0
                else:
                    refusals += 1
                    in_row += 1
                    if in_row >= max_refusals:
                        end = "refusals"
                        break
            lines.append({"end": end, "score": g.current.score, "turns": len(g.actions)})
            run = RunRecord(slug, seed, list(g.actions), g.current.score, len(g.actions), g.current.game_over, end, refusals,
                            len(lines) - 2, ms_total, usage_total, attempt)
        finally:
            if isinstance(g, LocalGame):
                g.close()
        text = "".join(json.dumps(entry_, separators=(",", ":"), ensure_ascii=False) + "\n" for entry_ in lines)
        if episode is not None and out_dir is not None:
            _write(out_dir / f"{_record_name(slug, seed, attempt)}.json", json.dumps({"slug": slug, "seed": seed, "actions": run.actions}) + "\n")
            _write(episode, text)  # last: its end line marks the run as done
        if sender is not None:
            sender.send(run, text, version)
        if progress:
            progress(run)
        return run

    runs: List[RunRecord] = []
    pool = ThreadPoolExecutor(max_workers=max(1, jobs))
    futures = [pool.submit(play, slug, seed, attempt) for slug, seed, attempt in plan]
    try:
        for f in futures:
            runs.append(f.result())
    except KeyboardInterrupt:
        stop.set()  # the others stop at their next action; what finished is recorded
        for f in futures:
            f.cancel()
        pool.shutdown(wait=True)
        done = sum(1 for f in futures if f.done() and not f.cancelled() and f.exception() is None)
        if sender is not None:
            sender.flush()
        where = f" in {out_dir}" if out_dir is not None else ""
        card_note = f"; scorecard {sender.card['id']} stays open" if sender is not None else ""
        sys.stderr.write(
            f"interrupted: {done} of {len(plan)} runs are recorded{where}{card_note}. "
            f"Call hearth.evaluate again with the same arguments to play the other {len(plan) - done}"
            f" (recorded runs are read back, not replayed).\n"
        )
        raise SystemExit(130) from None
    except BaseException:
        stop.set()
        for f in futures:
            f.cancel()
        pool.shutdown(wait=True)
        raise
    pool.shutdown(wait=True)
    card = _scorecard(slugs, runs, sets, str(out_dir) if out_dir else None, attempts)
    if sender is not None:
        sender.flush()
        card.report = sender.finish(close_partial)
        card.scorecard_url = sender.card.get("url")

    return card


def _evaluate_model(
    model: str,
    slugs: List[str],
    seeds: Union[str, int, Iterable[int]],
    *,
    jobs: int,
    client: Optional[Client],
    out: Union[str, "os.PathLike[str]", None],
    player: Optional[str],
    attempts: int,
    close_partial: bool,
    max_turns: int,
    options: Dict[str, Any],
) -> Scorecard:
    """A model played by the harness (`hearth agent run --model`): the same adapters, prompts and records as the CLI."""
    from ._pipe import find_cli

    if out is None:
        raise ValueError("a model evaluation writes its records: give out=")
    explicit = _parse_seeds(seeds)
    seeds_text = str(seeds) if explicit is None else ",".join(str(s) for s in explicit)
    args = ["agent", "run", "--model", model, "--game", ",".join(slugs), "--seeds", seeds_text, "--jobs", str(jobs),
            "--out", str(out), "--json"]
    if max_turns != 5000:
        args += ["--max-turns", str(max_turns)]
    if attempts > 1:
        args += ["--attempts", str(attempts)]
    if client is not None and player:
        args += ["--server", client.url, "--name", player]
    if close_partial:
        args.append("--close-partial")
    for k, v in options.items():
        flag = "--" + k.replace("_", "-")
        if v is True:
            args.append(flag)
        elif v is not None and v is not False:
            args += [flag, str(v)]
    proc = subprocess.Popen(find_cli() + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    server_id: Optional[str] = None
    err: List[str] = []
    reader = threading.Thread(target=lambda: err.extend(proc.stderr or []), daemon=True)
    reader.start()
    try:
        for line in proc.stdout or []:
            try:
                value = json.loads(line)
            except ValueError:
                continue
            if "server" in value:
                server_id = value["server"]
        code = proc.wait()
    except KeyboardInterrupt:
        proc.send_signal(__import__("signal").SIGINT)
        proc.wait()
        reader.join(5)
        sys.stderr.write("".join(err[-6:]))
        raise SystemExit(130) from None
    reader.join(5)
    # Closed here, not left to the garbage collector (whose ResourceWarning would land in whatever runs next).
    for stream in (proc.stdout, proc.stderr):
        if stream is not None:
            stream.close()
    if code not in (0,):
        raise HearthError(f"hearth agent run --model {model} failed ({code}): {''.join(err[-6:]).strip()[:1500]}")
    out_dir = Path(out)
    runs = [r for r in (_read_episode(p) for p in sorted(out_dir.glob("*.jsonl"))) if r is not None and r.slug in slugs]
    set_id = None if explicit is not None else str(seeds)
    sets = {slug: challenge_set(set_id, slug, client) for slug in slugs} if set_id else {}
    card = _scorecard(slugs, runs, sets, str(out_dir), attempts)
    if client is not None and server_id:
        card.report = client.scorecard(server_id)
        card.scorecard_url = card.report.get("scorecard", {}).get("url")
    return card


class _Stopped(Exception):
    pass


def _version(slug: str, client: Optional[Client]) -> Optional[str]:
    """The rules version the runs are played under (the header's `version`)."""
    if client is not None:
        return client.spec(slug).get("version")
    from ._pipe import find_cli

    done = subprocess.run(find_cli() + ["spec", slug, "--json"], capture_output=True, timeout=60)
    try:
        return cast(Optional[str], json.loads(done.stdout).get("version"))
    except ValueError:
        raise HearthError(f"hearth spec {slug}: {done.stderr.decode('utf-8', 'replace').strip()[:300]}") from None


def _write(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + f".tmp-{os.getpid()}-{threading.get_ident()}")
    tmp.write_text(text, "utf-8")
    os.replace(tmp, path)


#: A batch stays under the server's 1 MiB body limit; runs answered 429/503 are sent again for this long.
_BATCH_BYTES = 900_000
_PATIENCE_S = 900.0


class _Sender:
    """The evaluation's scorecard on a server: opened (or resumed from out/scorecard.json), filled with batches of
    runs (POST /api/scorecards/{id}/runs) on a background thread, busy answers waited out with Retry-After."""

    def __init__(self, client: Client, player: str, set_id: str, tags: Optional[Dict[str, Any]], attempts: int, out_dir: Optional[Path]) -> None:
        self.client, self.player = client, player
        self.card = _open_scorecard(client, player, set_id, tags, attempts, out_dir)
        self.agent: Optional[str] = (tags or {}).get("agent") or (tags or {}).get("model")
        self.accepted: Set[Any] = set()
        self.refused: Dict[Tuple[str, int, int], str] = {}
        self.queue: List[Dict[str, Any]] = []
        self.cond = threading.Condition()
        self.busy = False

    def send(self, run: RunRecord, record: str, version: Optional[str]) -> None:
        entry: Dict[str, Any] = {"game": run.slug, "seed": run.seed, "attempt": run.attempt, "actions": run.actions,
                                 "recordGz": base64.b64encode(gzip.compress(record.encode("utf-8"))).decode("ascii")}
        if version:
            entry["version"] = version
        if self.agent:
            entry["agent"] = self.agent[:100]
        with self.cond:
            self.queue.append(entry)
            if not self.busy:
                self.busy = True
                threading.Thread(target=self._pump, daemon=True).start()

    def resend_recorded(self, plan: List[Tuple[str, int, int, Path, Optional[str]]]) -> None:
        """Recorded runs the scorecard does not hold yet (an interrupt between recording and sending) go in now."""
        held = self.held()
        for slug, seed, attempt, path, version in plan:
            run = _read_episode(path)
            if run is not None and (slug, seed, attempt) not in held:
                self.send(run, path.read_text("utf-8"), version)

    def _pump(self) -> None:
        while True:
            with self.cond:
                if not self.queue:
                    self.busy = False
                    self.cond.notify_all()
                    return
                batch: List[Any] = []
                size = 0
                while self.queue and (not batch or size + len(json.dumps(self.queue[0])) < _BATCH_BYTES) and len(batch) < 50:
                    e = self.queue.pop(0)
                    size += len(json.dumps(e))
                    batch.append(e)
            self._send_batch(batch)

    def _send_batch(self, batch: List[Dict[str, Any]]) -> None:
        started = time.monotonic()
        todo = batch
        while todo:
            try:
                answer = self.client.submit_runs(self.card["id"], self.player, todo)
            except HearthError as err:
                if time.monotonic() - started > _PATIENCE_S:
                    for e in todo:
                        self.refused[(e["game"], e["seed"], e["attempt"])] = str(err)
                    return
                time.sleep(5)
                continue
            again = []
            for e, r in zip(todo, answer.get("results", [])):
                k = (e["game"], e["seed"], e["attempt"])
                if r.get("ok") is True:
                    self.accepted.add(k)
                elif r.get("status") in (429, 503) and time.monotonic() - started < _PATIENCE_S:
                    again.append(e)
                else:
                    self.refused[k] = f"HTTP {r.get('status')}: {r.get('reason')}: {r.get('message')}"
            todo = again
            if todo:
                time.sleep(min(60.0, max(1.0, float(answer.get("retryAfter") or 1))))

    def flush(self) -> None:
        with self.cond:
            while self.busy:
                self.cond.wait()

    def held(self) -> Set[Any]:
        report = self.client.scorecard(self.card["id"])
        return {(g["game"], s["seed"], a["attempt"]) for g in report.get("games", []) for s in g["perSeed"] for a in s.get("attempts", [])}

    def finish(self, close_partial: bool) -> Dict[str, Any]:
        """Closes the scorecard when it holds every run sent (else raises, naming the missing runs and why)."""
        if self.card.get("closed"):
            return self.client.scorecard(self.card["id"])
        missing = {k for k in self.accepted | set(self.refused) if k not in self.held()}
        if missing and not close_partial:
            why = "; ".join(f"{g} seed {s}" + (f" attempt {a}" if a else "") + f": {self.refused.get((g, s, a), 'no answer')}" for g, s, a in sorted(missing)[:10])
            raise HearthError(
                f"scorecard {self.card['id']} stays open: {len(missing)} run(s) played are not in it ({why}); call evaluate "
                "again to send them from their records, or pass close_partial=True"
            )
        self.client.close_scorecard(self.card["id"], self.player)
        return self.client.scorecard(self.card["id"])


def _open_scorecard(client: Client, player: str, set_id: str, tags: Optional[Dict[str, Any]], attempts: int, out_dir: Optional[Path]) -> Dict[str, Any]:
    """The open scorecard of this evaluation: the one an interrupted run left in out/scorecard.json, or a new one."""
    saved = out_dir / "scorecard.json" if out_dir is not None else None
    if saved is not None and saved.is_file():
        try:
            sc = json.loads(saved.read_text("utf-8"))
            if sc.get("challenge") == set_id and sc.get("player") == player:
                current = client.scorecard(sc["id"])["scorecard"]
                if current.get("closed"):
                    return {**sc, "closed": True}  # this folder's evaluation is complete
                if current.get("attempts", 1) == attempts:
                    return cast(Dict[str, Any], sc)
        except (ValueError, KeyError, HearthError):
            pass
    sc = client.open_scorecard(set_id, player, tags=tags, attempts=attempts)
    if saved is not None:
        _write(saved, json.dumps(sc) + "\n")
    return sc


def _scorecard(slugs: List[str], runs: List[RunRecord], sets: Dict[str, ChallengeGame], out: Optional[str], attempts: int = 1) -> Scorecard:
    games = []
    notes: Dict[str, str] = {}
    for slug in slugs:
        rs = [r for r in runs if r.slug == slug]
        if not rs:
            continue
        scores = [r.score for r in rs]
        ends: Dict[str, int] = {}
        for r in rs:
            ends[r.end] = ends.get(r.end, 0) + 1
        g: Dict[str, Any] = {
            "slug": slug,
            "runs": len(rs),
            "median": median(scores),
            "mean": sum(scores) / len(scores),
            "best": max(scores),
            "ends": ends,
            "totals": {"steps": sum(r.steps for r in rs), "refusals": sum(r.refusals for r in rs), "ms": sum(r.ms for r in rs)},
            "progress": None,
        }
        cg = sets.get(slug)
        if cg is None:
            notes[slug] = "no progress: these seeds are no challenge set's (use seeds='season-1' or 'season-2')"
        else:
            by_seed: Dict[int, List[RunRecord]] = {}
            for r in rs:
                if r.attempt < attempts:
                    by_seed.setdefault(r.seed, []).append(r)
            per_seed = []
            for s in cg.seeds:
                played = by_seed.get(s["seed"], [])
                ps = [progress_of(r.score, s["random"], s["strong"]) for r in played]
                per_seed.append({
                    **s,
                    "score": sum(r.score for r in played) / len(played) if played else None,
                    "progress": sum(p["progress"] for p in ps) / attempts,
                    "uncapped": sum(p["uncapped"] for p in ps) / len(ps) if ps else None,
                    "attemptsPlayed": len(played),
                })
            iv = mean_interval([p["progress"] for p in per_seed])
            seeds_played = sum(1 for p in per_seed if p["score"] is not None)
            g.update(
                set=cg.set_id,
                version=cg.version,
                budget=cg.budget,
                progress=iv["mean"],
                interval={"low": iv["low"], "high": iv["high"], "method": INTERVAL_METHOD},
                played=seeds_played,
                seeds=len(cg.seeds),
                playedText=f"{seeds_played} of {len(cg.seeds)} seeds played",
                aboveStrong=sum(1 for p in per_seed if p["uncapped"] is not None and p["uncapped"] > 100),
                perSeed=per_seed,
            )
        games.append(g)
    return Scorecard(games, runs, notes, out)
