"""Player keys, kept exactly as `hearth submit` keeps them: $XDG_CONFIG_HOME/hearth/keys.json (default
~/.config/hearth/keys.json), mode 0600, { "<server origin>": { "<player name>": "<key>" } }."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Dict, Optional
from urllib.parse import urlsplit


def keys_path() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "hearth" / "keys.json"


def server_id(server: str) -> str:
    """Keys are per server origin (scheme://host[:port]), as the CLI's `new URL(server).origin`."""
    parts = urlsplit(server)
    port = parts.port
    default = {"http": 80, "https": 443}.get(parts.scheme)
    host = parts.hostname or ""
    return f"{parts.scheme}://{host}" + (f":{port}" if port is not None and port != default else "")


def _read(path: Path) -> Dict[str, Dict[str, str]]:
    try:
        value = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return value if isinstance(value, dict) else {}


def load_key(server: str, name: str, path: Optional[Path] = None) -> Optional[str]:
    """The key saved for a name at a server, whatever the name's case (the server treats Alice and alice as one)."""
    saved = _read(path or keys_path()).get(server_id(server)) or {}
    if name in saved:
        return saved[name]
    wanted = name.lower()
    for n, key in saved.items():
        if n.lower() == wanted and isinstance(key, str):
            return key
    return None


def save_key(server: str, name: str, key: str, path: Optional[Path] = None) -> Path:
    """Saves atomically with mode 0600 (the file holds secrets); returns the file's path."""
    path = path or keys_path()
    data = _read(path)
    sid = server_id(server)
    data[sid] = {**(data.get(sid) or {}), name: key}
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    tmp = path.with_name(f"{path.name}.tmp-{os.getpid()}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(json.dumps(data, indent=2) + "\n")
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)
    return path
