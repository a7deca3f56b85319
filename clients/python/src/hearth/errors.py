"""Exceptions: every one names its cause (the URL, the HTTP status, the engine's reason, the process's last words).
Refusals of the game's rules are not exceptions: they come back as `Refusal` values (see hearth.types)."""

from __future__ import annotations

from typing import Any, Optional


class HearthError(Exception):
    """Base of every error this package raises."""


class ServerUnreachable(HearthError):
    """The server could not be reached (refused, reset, timed out, name not found): it is down or went away."""

    def __init__(self, url: str, cause: BaseException) -> None:
        super().__init__(f"{url}: the server could not be reached ({type(cause).__name__}: {cause})")
        self.url = url
        self.cause = cause


class ServerError(HearthError):
    """The server answered, but not with an answer of the API (a 5xx, a body that is not JSON, a proxy's page)."""

    def __init__(self, url: str, status: int, message: str, body: Any = None) -> None:
        super().__init__(f"{url}: HTTP {status}: {message}")
        self.url = url
        self.status = status
        self.body = body


class Overloaded(ServerError):
    """429 or 503 still after the retries the client was allowed (Retry-After honoured between them)."""

    def __init__(self, url: str, status: int, message: str, retry_after: Optional[float], body: Any = None) -> None:
        super().__init__(url, status, message, body)
        self.retry_after = retry_after


class RequestRefused(HearthError):
    """The server refused a request that is not a move (unknown game, bad seed, bad parameters): `reason`, `message`."""

    def __init__(self, url: str, status: int, reason: str, message: str, body: Any = None) -> None:
        super().__init__(f"{url}: HTTP {status} {reason}: {message}")
        self.url = url
        self.status = status
        self.reason = reason
        self.message = message
        self.body = body


class Refused(HearthError):
    """Raised by the strict calls (`play`, `Refusal.raise_for_refusal`): the engine refused an action."""

    def __init__(self, refusal: Any, where: str = "") -> None:
        super().__init__(f"{where}refused ({refusal.reason}): {refusal.message}")
        self.refusal = refusal
        self.reason = refusal.reason


class InvalidState(Refused):
    """The state (or stateToken) sent is not one the engine issued: forged, corrupted, truncated or another game's."""


class EngineError(HearthError):
    """The local engine (the Node CLI) could not be found, started, or stopped answering; the message says which."""


class ProtocolError(HearthError):
    """The other side answered something this client does not understand (a version mismatch, a truncated line)."""
