"""`hearth.evaluate(agent, game, seeds=..., jobs=4)`: an agent over many seeds, the loop of `hearth agent run`.

The agent is a function `agent(step) -> action` (or an object with `act(step)`, and optionally `reset(game,
seed)` called before each game). Each game is played locally (`hearth.local`) or through a server (`client=`);
every finished run is recorded as <out>/<slug>-<seed>.json ({ slug, seed, actions } plus how it ended, for
`hearth verify` and `hearth submit`), so an interrupted evaluation resumes where it stopped. The scorecard has
the CLI's columns: per game runs, median, mean, best, the normalised score (the shipped random bot 0, the
strong bot 100) over the seeds with baselines, and how the runs ended."""

from __future__ import annotations

import json
import os
import re
import statistics
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from .client import Client
from .errors import HearthError
from .local import LocalGame
from .types import Step

__all__ = ["evaluate", "Scorecard", "RunRecord", "challenge_set"]

Baselines = Dict[Tuple[str, int], Tuple[float, float]]


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

    def to_json(self) -> Dict[str, Any]:
        return {
            "slug": self.slug,
            "seed": self.seed,
            "actions": self.actions,
            "score": self.score,
            "turns": self.turns,
            "gameOver": self.game_over,
            "end": self.end,
            "refusals": self.refusals,
        }

    @classmethod
    def from_json(cls, d: Dict[str, Any]) -> "RunRecord":
        return cls(d["slug"], d["seed"], d["actions"], d["score"], d["turns"], d["gameOver"], d["end"], d.get("refusals", 0))


@dataclass
class Scorecard:
    """Per game: runs, median, mean, best, normalised ({mean, seeds} or None) and ends, as `hearth agent run`."""

    games: List[Dict[str, Any]]
    runs: List[RunRecord] = field(repr=False)
    #: why a game has no normalised score (no baseline for its seeds), per slug
    notes: Dict[str, str] = field(default_factory=dict)
    out: Optional[str] = None

    def to_json(self) -> List[Dict[str, Any]]:
        return self.games

    def __str__(self) -> str:
        head = ["game", "runs", "median", "mean", "best", "normalised", "ends"]
        rows = []
        for g in self.games:
            n = g["normalised"]
            rows.append(
                [
                    g["slug"],
                    str(g["runs"]),
                    _fmt(g["median"]),
                    _fmt(g["mean"]),
                    _fmt(g["best"]),
                    f"{_fmt(n['mean'])} ({n['seeds']} {'seed' if n['seeds'] == 1 else 'seeds'})" if n else "-",
                    ", ".join(f"{k} {v}" for k, v in g["ends"].items()),
                ]
            )
        widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(head)]
        line = lambda cells: "  ".join(c.rjust(widths[i]) if 1 <= i <= 4 else c.ljust(widths[i]) for i, c in enumerate(cells)).rstrip()  # noqa: E731
        notes = [f"({slug}: {why})" for slug, why in self.notes.items()]
        return "\n".join([line(head), *map(line, rows), *notes])


def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


def normalise(score: float, random_score: float, strong: float) -> float:
    span = strong - random_score
    return (100.0 if score >= strong else 0.0) if span == 0 else (score - random_score) / span * 100.0


def challenge_set(set_id: str, slug: str, client: Optional[Client] = None) -> Tuple[List[int], Baselines]:
    """The seeds and baselines of a challenge set for a game: from the server's `GET /api/challenges/{slug}`
    with a client, else from the repository's packages/store/challenges/<set>.json."""
    if client is not None:
        answer = client.challenges(slug)
        for s in answer.get("sets", []):
            if s.get("id") == set_id:
                rows = (s.get("games") or {}).get(slug, {}).get("seeds", [])
                return [r["seed"] for r in rows], {(slug, r["seed"]): (r["random"], r["strong"]) for r in rows}
        raise HearthError(f"{client.url} serves no challenge set {set_id!r} for {slug}")
    for start in (Path.cwd(), Path(__file__).resolve().parent):
        for d in (start, *start.parents):
            f = d / "packages" / "store" / "challenges" / f"{set_id}.json"
            if f.is_file():
                rows = json.loads(f.read_text("utf-8"))["games"].get(slug, [])
                return [r["seed"] for r in rows], {(slug, r["seed"]): (r["random"], r["strong"]) for r in rows}
    raise HearthError(f"challenge set {set_id!r} not found: pass client=hearth.Client(url) to read it from a server")


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


def _agent_calls(agent: Any) -> Tuple[Callable[[Step], Any], Optional[Callable[[str, int], None]]]:
    act = getattr(agent, "act", None)
    step_fn = act if callable(act) else agent
    if not callable(step_fn):
        raise TypeError("agent must be a function step -> action, or an object with act(step)")
    reset = getattr(agent, "reset", None)
    return step_fn, reset if callable(reset) else None


def evaluate(
    agent: Any,
    game: Union[str, Sequence[str]],
    seeds: Union[str, int, Iterable[int]] = "season-1",
    *,
    jobs: int = 4,
    client: Optional[Client] = None,
    out: Union[str, os.PathLike, None] = "agent-runs",
    max_turns: int = 5000,
    max_refusals: int = 50,
    view: Optional[str] = None,
    progress: Optional[Callable[[RunRecord], None]] = None,
) -> Scorecard:
    """Plays `agent` on every (game, seed), `jobs` games at a time, and returns the scorecard. `seeds` is a
    challenge set id ("season-1"), "1..20", or a list of seeds. A run already recorded in `out` is read back,
    not played again. A run ends at game over, after `max_turns` accepted actions, or after `max_refusals`
    refusals in a row; an exception from the agent stops the evaluation (finished runs stay recorded)."""
    slugs = [game] if isinstance(game, str) else list(game)
    plan: List[Tuple[str, int]] = []
    baselines: Baselines = {}
    explicit = _parse_seeds(seeds)
    for slug in slugs:
        if explicit is None:
            set_seeds, b = challenge_set(str(seeds), slug, client)
            baselines.update(b)
            plan += [(slug, s) for s in set_seeds]
        else:
            plan += [(slug, s) for s in explicit]
    if explicit is not None:
        for slug in slugs:  # baselines where the seeds are in season-1, as the CLI's --server finds them
            try:
                _, b = challenge_set("season-1", slug, client)
                baselines.update({k: v for k, v in b.items() if k[1] in set(explicit)})
            except HearthError:
                pass
    out_dir = Path(out) if out is not None else None
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
    step_fn, reset_fn = _agent_calls(agent)
    lock = threading.Lock()
    stop = threading.Event()

    def record_path(slug: str, seed: int) -> Optional[Path]:
        return out_dir / f"{slug}-{seed}.json" if out_dir is not None else None

    def play(slug: str, seed: int) -> RunRecord:
        path = record_path(slug, seed)
        if path is not None and path.is_file():
            try:
                return RunRecord.from_json(json.loads(path.read_text("utf-8")))
            except (ValueError, KeyError):
                pass  # a damaged record is played again
        if stop.is_set():
            raise _Stopped()
        if reset_fn:
            with lock:
                reset_fn(slug, seed)
        g = client.new_game(slug, seed, view=view) if client is not None else LocalGame(slug, seed, view=view)
        try:
            refusals_in_row = refusals = 0
            end = "game_over"
            while not g.current.game_over:
                if len(g.actions) >= max_turns:
                    end = "max_turns"
                    break
                if stop.is_set():
                    raise _Stopped()
                result = g.act(step_fn(g.current))
                if result.ok:
                    refusals_in_row = 0
                else:
                    refusals += 1
                    refusals_in_row += 1
                    if refusals_in_row >= max_refusals:
                        end = "refusals"
                        break
            run = RunRecord(slug, seed, list(g.actions), g.current.score, len(g.actions), g.current.game_over, end, refusals)
        finally:
            if isinstance(g, LocalGame):
                g.close()
        if path is not None:
            tmp = path.with_name(path.name + f".tmp-{os.getpid()}-{threading.get_ident()}")
            tmp.write_text(json.dumps(run.to_json()) + "\n", "utf-8")
            os.replace(tmp, path)
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
    return _scorecard(slugs, runs, baselines, str(out_dir) if out_dir else None)


class _Stopped(Exception):
    pass


def _scorecard(slugs: List[str], runs: List[RunRecord], baselines: Baselines, out: Optional[str]) -> Scorecard:
    games = []
    notes: Dict[str, str] = {}
    for slug in slugs:
        rs = [r for r in runs if r.slug == slug]
        if not rs:
            continue
        scores = sorted(r.score for r in rs)
        known = [normalise(r.score, *baselines[(slug, r.seed)]) for r in rs if (slug, r.seed) in baselines]
        ends: Dict[str, int] = {}
        for r in rs:
            ends[r.end] = ends.get(r.end, 0) + 1
        if not known:
            notes[slug] = "no normalised score: no baseline for these seeds (use seeds='season-1')"
        games.append(
            {
                "slug": slug,
                "runs": len(rs),
                "median": statistics.median(scores),
                "mean": sum(scores) / len(scores),
                "best": scores[-1],
                "normalised": {"mean": sum(known) / len(known), "seeds": len(known)} if known else None,
                "ends": ends,
            }
        )
    return Scorecard(games, runs, notes, out)
