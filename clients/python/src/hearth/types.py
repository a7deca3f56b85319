"""Typed results. A step of a game is a `Step` (accepted) or a `Refusal` (nothing changed); both have `.ok`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Union

from .errors import InvalidState, Refused


@dataclass
class Step:
    """An accepted response: the position after init or after an action."""

    state: Any
    score: float
    game_over: bool
    observation: Optional[Dict[str, Any]] = None
    legal_actions: Optional[List[Any]] = None
    #: the compact view (`view=compact`): text, actions, score, gameOver and the recap of the last action
    view: Optional[Dict[str, Any]] = None
    #: for games that carry `{ stateToken }` (Sunloaf): the opaque token to send back; `state` is then the public state
    state_token: Optional[str] = None
    spec: Optional[Dict[str, Any]] = None
    raw: Dict[str, Any] = field(default_factory=dict, repr=False)
    #: the exact bytes of the response as they arrived (an episode record hashes them as the view shown)
    wire: Optional[bytes] = field(default=None, repr=False)
    #: the game (slug) and seed this position belongs to: set by every game being played (`hearth.local`,
    #: `Client.new_game`, `evaluate`), so an agent that serves several episodes at once never mixes them up
    game: Optional[str] = None
    seed: Optional[int] = None

    ok = True

    @property
    def recap(self) -> Optional[Dict[str, Any]]:
        """What the last action did (`{ text, points, items }`), where the transport carried it."""
        in_view = self.view.get("recap") if self.view else None
        if isinstance(in_view, dict):
            return in_view
        recap = self.raw.get("recap")
        return recap if isinstance(recap, dict) else None

    @property
    def text(self) -> str:
        """The picture: the compact view's text when present, else the observation's."""
        in_view = self.view.get("text") if self.view else None
        if isinstance(in_view, str):
            return in_view
        return str((self.observation or {}).get("text", ""))

    @property
    def actions(self) -> List[Any]:
        """The legal actions: the full list when sent, else the compact view's (empty by design in Lantern Volley)."""
        if self.legal_actions is not None:
            return self.legal_actions
        acts = (self.view or {}).get("actions")
        return acts if isinstance(acts, list) else []

    def raise_for_refusal(self) -> "Step":
        return self

    @classmethod
    def from_json(cls, body: Dict[str, Any], wire: Optional[bytes] = None) -> "Step":
        return cls(
            state=body.get("state"),
            score=body.get("score", 0),
            game_over=bool(body.get("gameOver", False)),
            observation=body.get("observation"),
            legal_actions=body.get("legalActions"),
            view=body.get("view"),
            state_token=body.get("stateToken"),
            spec=body.get("spec") if isinstance(body.get("spec"), dict) else None,
            raw=body,
            wire=wire,
        )


@dataclass
class Refusal:
    """The engine (or the server) turned the action down; nothing changed. `reason` is a stable code."""

    reason: str
    message: str
    legal_actions: List[Any] = field(default_factory=list)
    #: any detail fields (a Cragwake refusal's cost and stamina, a verify refusal's index...)
    details: Dict[str, Any] = field(default_factory=dict)
    raw: Dict[str, Any] = field(default_factory=dict, repr=False)

    ok = False

    def raise_for_refusal(self) -> "Step":
        """Raises `Refused` (or `InvalidState`) naming the reason: for code that treats a refusal as a bug."""
        raise (InvalidState if self.reason == "invalid_state" else Refused)(self)

    @classmethod
    def from_json(cls, body: Dict[str, Any]) -> "Refusal":
        known = {"ok", "reason", "message", "legalActions"}
        return cls(
            reason=str(body.get("reason", "refused")),
            message=str(body.get("message", body.get("reason", ""))),
            legal_actions=legal if isinstance(legal := body.get("legalActions"), list) else [],
            details={k: v for k, v in body.items() if k not in known},
            raw=body,
        )


Result = Union[Step, Refusal]


@dataclass
class GameInfo:
    slug: str
    name: str
    description: str = ""
    raw: Dict[str, Any] = field(default_factory=dict, repr=False)


@dataclass
class Verification:
    """A replayed record: what `POST /verify` and `hearth verify` report."""

    slug: str
    seed: int
    score: float
    game_over: bool
    turns: int
    state_hash: str
    raw: Dict[str, Any] = field(default_factory=dict, repr=False)

    ok = True


@dataclass
class RunReceipt:
    """A run stored by `POST /api/runs` (or already stored: `duplicate`)."""

    run_id: int
    score: float
    rank: Optional[int]
    url: Optional[str]
    duplicate: bool
    player: Optional[str]
    #: set once, on the run that claimed the name (the client saves it, as `hearth submit` does)
    player_key: Optional[str] = None
    raw: Dict[str, Any] = field(default_factory=dict, repr=False)

    ok = True


@dataclass
class Leaderboard:
    game: str
    board: str
    rows: List[Dict[str, Any]]
    next: Optional[str] = None
    raw: Dict[str, Any] = field(default_factory=dict, repr=False)
