"""`hearth.evaluate(agent, game, seeds=..., jobs=4)`: an agent over many seeds, the loop of `hearth agent run`,
with the records and the scorecard docs/benchmark.md defines.

The agent is a function `agent(step) -> action` (or an object with `act(step)`, and optionally `reset(game,
seed)` called before each game). It may answer `{"action": ..., "usage": {"input": n, "output": n, "cost": x}}`
to report what the call cost. Each game is played locally (`hearth.local`) or through a server (`client=`).

Every finished run is written to `out/`: `<slug>-<seed>.jsonl`, the episode record (a header line, one line per
action the agent sent with the hash of the view it was shown, the result, the latency and the usage, and an end
line), and `<slug>-<seed>.json`, `{ slug, seed, actions }` for `hearth verify` and `hearth submit`. A run whose
episode record has its end line is read back instead of played, so an interrupted evaluation resumes where it
stopped. With a challenge set, a set's budget (actions, actions per type) stops a run before the action that
would leave it (end `budget`).

The scorecard has, per game, the columns of `hearth agent run` (runs, median, mean, best, ends) and, over the
set's seeds, the progress of docs/benchmark.md: per seed 100 x (score - random) / (strong - random) clipped to
[0, 100], the mean over the set's N seeds (a seed not played counting 0) with its 95% Student-t interval. With
`client=` and `player=`, the runs are also submitted into a server scorecard (opened with `tags`, closed at the
end) and `card.report` is the server's report (`GET /api/scorecards/{id}`)."""

from __future__ import annotations

import hashlib
import json
import os
import re
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from ._stats import mean_interval, median, progress_of
from .client import Client
from .errors import HearthError
from .local import LocalGame
from .types import Step

__all__ = ["evaluate", "Scorecard", "RunRecord", "challenge_set", "ChallengeGame"]

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
        line = lambda cells: "  ".join(c.rjust(widths[i]) if 1 <= i <= 4 else c.ljust(widths[i]) for i, c in enumerate(cells)).rstrip()  # noqa: E731
        notes = [f"({slug}: {why})" for slug, why in self.notes.items()]
        tail = [f"scorecard: {self.scorecard_url}"] if self.scorecard_url else []
        return "\n".join([line(head), *map(line, rows), *notes, *tail])


def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


def _find_repo_file(*parts: str) -> Optional[Path]:
    """A file of the repository: above the current directory, this package, or the CLI in use ($HEARTH_CLI)."""
    starts = [Path.cwd(), Path(__file__).resolve().parent]
    if os.environ.get("HEARTH_CLI"):
        starts.append(Path(os.environ["HEARTH_CLI"]).resolve().parent)
    for start in starts:
        for d in (start, *start.parents):
            f = d.joinpath(*parts)
            if f.is_file():
                return f
    return None


def challenge_set(set_id: str, slug: str, client: Optional[Client] = None) -> ChallengeGame:
    """A game of a challenge set: from the server (`GET /api/challenges`) with a client, else from the
    repository's packages/store/challenges/<set>.json. Both formats: season-1's `games[slug] = [seeds]` and the
    later `games[slug] = { version, budget, seeds }`."""
    if client is not None:
        for s in client.challenges().get("sets", []):
            if s.get("id") == set_id:
                return _challenge_game(set_id, slug, (s.get("games") or {}).get(slug))
        raise HearthError(f"{client.url} serves no challenge set {set_id!r}")
    f = _find_repo_file("packages", "store", "challenges", f"{set_id}.json")
    if f is None:
        raise HearthError(f"challenge set {set_id!r} not found: pass client=hearth.Client(url) to read it from a server")
    return _challenge_game(set_id, slug, json.loads(f.read_text("utf-8"))["games"].get(slug))


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
        return sum(1 for a in played if isinstance(a, dict) and a.get("type") == t) + 1 <= per[t]
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
        lines = [json.loads(l) for l in path.read_text("utf-8").splitlines() if l.strip()]
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
        steps=len(steps), ms=sum(s.get("ms", 0) for s in steps), usage=usage,
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


def evaluate(
    agent: Any = None,
    game: Union[str, Sequence[str], None] = None,
    seeds: Union[str, int, Iterable[int]] = "season-1",
    *,
    agent_factory: Optional[AgentFactory] = None,
    jobs: int = 4,
    client: Optional[Client] = None,
    out: Union[str, os.PathLike, None] = "agent-runs",
    max_turns: int = 5000,
    max_refusals: int = 50,
    view: Optional[str] = "compact",
    player: Optional[str] = None,
    tags: Optional[Dict[str, Any]] = None,
    progress: Optional[Callable[[RunRecord], None]] = None,
) -> Scorecard:
    """Plays `agent` on every (game, seed), `jobs` games at a time, and returns the scorecard. `seeds` is a
    challenge set id ("season-1", "season-2"), "1..20", or a list of seeds. A run ends at game over, at the set's
    budget, after `max_turns` accepted actions, or after `max_refusals` refusals in a row; an exception from the
    agent stops the evaluation (finished runs stay recorded, and a second call resumes)."""
    if game is None:
        raise TypeError("evaluate needs game= (a slug or a list of slugs)")
    make_agent = _episode_agents(agent, agent_factory)
    slugs = [game] if isinstance(game, str) else list(game)
    explicit = _parse_seeds(seeds)
    set_id = None if explicit is not None else str(seeds)
    sets: Dict[str, ChallengeGame] = {}
    plan: List[Tuple[str, int]] = []
    for slug in slugs:
        if set_id is not None:
            sets[slug] = challenge_set(set_id, slug, client)
            plan += [(slug, s["seed"]) for s in sets[slug].seeds]
        else:
            plan += [(slug, s) for s in explicit or []]
    out_dir = Path(out) if out is not None else None
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
    lock = threading.Lock()
    stop = threading.Event()
    sc = _open_scorecard(client, player, set_id, tags, out_dir) if client is not None and player and set_id else None
    agent_tag = (tags or {}).get("agent") or (tags or {}).get("model")
    versions = {slug: (sets[slug].version if slug in sets and sets[slug].version else _version(slug, client)) for slug in slugs}

    def play(slug: str, seed: int) -> RunRecord:
        episode = out_dir / f"{slug}-{seed}.jsonl" if out_dir is not None else None
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
        header = {"hearthRecord": 1, "game": slug, "seed": seed}
        if set_id:
            header["set"] = set_id
        version = versions[slug]
        if version:
            header["version"] = version
        header["view"] = view or "full"
        if agent_tag:
            header["agent"] = agent_tag
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
                if not result.ok:
                    entry["reason"] = result.reason
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
                            len(lines) - 2, ms_total, usage_total)
        finally:
            if isinstance(g, LocalGame):
                g.close()
        text = "".join(json.dumps(l, separators=(",", ":"), ensure_ascii=False) + "\n" for l in lines)
        if sc is not None:
            _submit(client, sc, player, run, text, version, agent_tag)
        if episode is not None:
            _write(out_dir / f"{slug}-{seed}.json", json.dumps({"slug": slug, "seed": seed, "actions": run.actions}) + "\n")
            _write(episode, text)  # last: its end line marks the run as done
        if progress:
            progress(run)
        return run

    runs: List[RunRecord] = []
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = [pool.submit(play, slug, seed) for slug, seed in plan]
        try:
            for f in futures:
                runs.append(f.result())
        except BaseException:
            stop.set()  # the others stop at their next action; what finished is recorded
            for f in futures:
                f.cancel()
            raise
    card = _scorecard(slugs, runs, sets, str(out_dir) if out_dir else None)
    if sc is not None:
        client.close_scorecard(sc["id"], player)
        card.report = client.scorecard(sc["id"])
        card.scorecard_url = sc.get("url")
        if out_dir is not None:
            (out_dir / "scorecard.json").unlink(missing_ok=True)
    return card


class _Stopped(Exception):
    pass


def _version(slug: str, client: Optional[Client]) -> Optional[str]:
    """The rules version the runs are played under (the header's `version`)."""
    if client is not None:
        return client.spec(slug).get("version")
    from ._pipe import find_cli
    import subprocess

    done = subprocess.run(find_cli() + ["spec", slug, "--json"], capture_output=True, timeout=60)
    try:
        return json.loads(done.stdout).get("version")
    except ValueError:
        raise HearthError(f"hearth spec {slug}: {done.stderr.decode('utf-8', 'replace').strip()[:300]}") from None


def _write(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + f".tmp-{os.getpid()}-{threading.get_ident()}")
    tmp.write_text(text, "utf-8")
    os.replace(tmp, path)


def _open_scorecard(client: Client, player: str, set_id: str, tags: Optional[Dict[str, Any]], out_dir: Optional[Path]) -> Dict[str, Any]:
    """The open scorecard of this evaluation: the one an interrupted run left in out/scorecard.json, or a new one."""
    saved = out_dir / "scorecard.json" if out_dir is not None else None
    if saved is not None and saved.is_file():
        try:
            sc = json.loads(saved.read_text("utf-8"))
            if sc.get("challenge") == set_id and sc.get("player") == player:
                return sc
        except ValueError:
            pass
    sc = client.open_scorecard(set_id, player, tags=tags)
    if saved is not None:
        _write(saved, json.dumps(sc) + "\n")
    return sc


def _submit(client: Client, sc: Dict[str, Any], player: str, run: RunRecord, record: str, version: Optional[str], agent: Optional[str]) -> None:
    extra: Dict[str, Any] = {"scorecard": sc["id"], "record": record}
    if version:
        extra["version"] = version
    r = client.submit_run(run.slug, run.seed, run.actions, player, agent=agent, extra=extra)
    if not r.ok and r.reason != "seed_played":  # a resumed evaluation may resend a run already in the scorecard
        raise HearthError(f"{client.url}: the scorecard refused {run.slug} seed {run.seed} ({r.reason}): {r.message}")


def _scorecard(slugs: List[str], runs: List[RunRecord], sets: Dict[str, ChallengeGame], out: Optional[str]) -> Scorecard:
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
            by_seed = {r.seed: r for r in rs}
            per_seed = []
            for s in cg.seeds:
                r = by_seed.get(s["seed"])
                p = progress_of(r.score, s["random"], s["strong"]) if r else {"progress": 0.0, "uncapped": None}
                per_seed.append({**s, "score": r.score if r else None, **p})
            iv = mean_interval([p["progress"] for p in per_seed])
            played = sum(1 for p in per_seed if p["score"] is not None)
            g.update(
                set=cg.set_id,
                version=cg.version,
                budget=cg.budget,
                progress=iv["mean"],
                interval={"low": iv["low"], "high": iv["high"], "method": INTERVAL_METHOD},
                played=played,
                seeds=len(cg.seeds),
                playedText=f"{played} of {len(cg.seeds)} seeds played",
                aboveStrong=sum(1 for p in per_seed if p["uncapped"] is not None and p["uncapped"] > 100),
                perSeed=per_seed,
            )
        games.append(g)
    return Scorecard(games, runs, notes, out)
