"""hearth: the hearth games from Python.

- `hearth.Client(url)`: the HTTP API with typed results (Step / Refusal values, exceptions for errors).
- `hearth.local(slug)`: the same games with no server, through the Node CLI's JSON pipe.
- `hearth.gym` (extra [gym]): Gymnasium environments `hearth/Cragwake-v1`... and batched vector environments.
- `hearth.evaluate(agent, game, seeds=...)`: an agent over many seeds: records and a scorecard.
"""

from ._canonical import canonical_json, state_hash
from .client import Client, RemoteGame
from .errors import (
    EngineError,
    HearthError,
    InvalidState,
    Overloaded,
    ProtocolError,
    Refused,
    RequestRefused,
    ServerError,
    ServerUnreachable,
)
from .evaluate import Scorecard, evaluate
from .local import LocalGame, local
from .types import GameInfo, Leaderboard, Refusal, Result, RunReceipt, Step, Verification

__version__ = "0.1.0"

__all__ = [
    "Client",
    "RemoteGame",
    "local",
    "LocalGame",
    "evaluate",
    "Scorecard",
    "Step",
    "Refusal",
    "Result",
    "GameInfo",
    "Verification",
    "RunReceipt",
    "Leaderboard",
    "HearthError",
    "ServerUnreachable",
    "ServerError",
    "Overloaded",
    "RequestRefused",
    "Refused",
    "InvalidState",
    "EngineError",
    "ProtocolError",
    "canonical_json",
    "state_hash",
]
