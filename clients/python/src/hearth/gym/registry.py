"""Environment ids from the game registry: `hearth list --json` (the CLI's registry, the same list every adapter
serves), so a game added to the registry is an environment here with no Python edit. An id is `hearth/` + the
game's name without spaces or punctuation + `-v2` (`hearth/Cragwake-v2`, `hearth/LanternVolley-v2`)."""

from __future__ import annotations

import json
import re
import subprocess
from typing import Any

from .._pipe import STARTUP_TIMEOUT, find_cli
from ..errors import EngineError

#: The observation tensor replaced v1's schema-derived fields (issue 32): the spaces changed, so the version did.
VERSION = 2

_games: list[dict[str, Any]] | None = None


def games(refresh: bool = False) -> list[dict[str, Any]]:
    """The registry's games ({slug, name, ...}) from `hearth list --json`, asked once per process."""
    global _games
    if _games is None or refresh:
        try:
            done = subprocess.run(
                find_cli() + ["list", "--json"],
                capture_output=True,
                timeout=STARTUP_TIMEOUT,
                check=True,
            )
            listed = json.loads(done.stdout)
        except (OSError, ValueError, subprocess.SubprocessError) as err:
            raise EngineError(f"hearth list --json: {err}") from None
        if not isinstance(listed, list) or not all(
            isinstance(g, dict) and isinstance(g.get("slug"), str) for g in listed
        ):
            raise EngineError(
                f"hearth list --json: not a list of games: {str(listed)[:200]}"
            )
        _games = listed
    return _games


def env_id(game: dict[str, Any]) -> str:
    """`hearth/<Name>-v2`: the game's name with everything but letters and digits left out."""
    return f"hearth/{re.sub(r'[^A-Za-z0-9]', '', str(game.get('name') or game['slug']))}-v{VERSION}"


def register_envs(refresh: bool = False) -> dict[str, str]:
    """Registers every game of the registry with gymnasium (entry points for make and make_vec); slug -> id."""
    import gymnasium as gym

    ids: dict[str, str] = {}
    for g in games(refresh):
        ids[g["slug"]] = i = env_id(g)
        if i not in gym.registry:
            gym.register(
                id=i,
                entry_point="hearth.gym.env:HearthEnv",
                vector_entry_point="hearth.gym.vector:HearthVectorEnv",
                kwargs={"game": g["slug"]},
            )
    return ids
