"""Canonical JSON and the state hash, byte for byte as the engine computes them (packages/engine/src/canonical.ts):
object keys sorted, no whitespace, numbers as JavaScript's JSON.stringify writes them, SHA-256 in lowercase hex."""

from __future__ import annotations

import decimal
import hashlib
import json
import math
from typing import Any

__all__ = ["canonical_json", "state_hash", "js_number"]


def js_number(x: float | int) -> str:
    """A number as JavaScript writes it: integers without a fraction, the shortest round-trip digits, an exponent
    only from 1e21 up or below 1e-6 (written 1e+21, 1e-7), -0 as 0, and non-finite numbers as null."""
    if isinstance(x, bool):  # bool is an int in Python; JSON writes it as a literal
        return "true" if x else "false"
    if isinstance(x, int):
        if abs(x) < 10**21:
            return str(x)
        x = float(x)
    if not math.isfinite(x):
        return "null"
    if x == 0:
        return "0"
    sign = "-" if x < 0 else ""
    # repr gives the shortest digits that round-trip (as ECMAScript's Number::toString does): value = 0.digits x 10^n
    t = decimal.Decimal(repr(abs(x))).normalize().as_tuple()
    digits = "".join(map(str, t.digits))
    exponent = len(digits) + int(t.exponent)
    k, n = len(digits), exponent
    if k <= n <= 21:
        out = digits + "0" * (n - k)
    elif 0 < n <= 21:
        out = digits[:n] + "." + digits[n:]
    elif -6 < n <= 0:
        out = "0." + "0" * (-n) + digits
    else:
        e = n - 1
        out = digits[0] + ("." + digits[1:] if k > 1 else "") + "e" + ("+" if e >= 0 else "-") + str(abs(e))
    return sign + out


def _string(s: str) -> str:
    # JSON.stringify escapes ", \\ and control characters (\b \f \n \r \t, others as \u00xx) and nothing else.
    return json.dumps(s, ensure_ascii=False)


def canonical_json(value: Any) -> str:
    """The engine's canonical JSON of a value parsed from JSON (dicts, lists, str, int, float, bool, None)."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, (int, float)):
        return js_number(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(canonical_json(v) for v in value) + "]"
    if isinstance(value, dict):
        # UTF-16 code unit order, as JavaScript sorts strings
        keys = sorted(value.keys(), key=lambda k: k.encode("utf-16-be"))
        return "{" + ",".join(_string(k) + ":" + canonical_json(value[k]) for k in keys) + "}"
    raise TypeError(f"canonical_json: {type(value).__name__} is not a JSON value")


def state_hash(state: Any) -> str:
    """SHA-256 of the canonical JSON, lowercase hex: what golden replays, `hearth verify` and /verify report."""
    return hashlib.sha256(canonical_json(state).encode("utf-8")).hexdigest()
