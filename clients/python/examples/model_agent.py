"""An agent that puts a language model behind a function, evaluated with hearth.evaluate.

`call_model(prompt) -> str` is where a real model call goes (an SDK, an HTTP request). Here it is a scripted
stand-in with no network: it answers with the first legal action it finds in the prompt, or a straight-up shot
for Lantern Volley. The agent builds the prompt from the compact view (the picture, the recap of the last action
and the legal actions), parses the reply as JSON, and falls back to a legal action when the reply is not one.

    python clients/python/examples/model_agent.py [game] [seeds]      # e.g. stormlark 1..5, or season-1
"""

from __future__ import annotations

import json
import re
import sys

import hearth


def call_model(prompt: str) -> str:
    """The scripted stand-in for a model: the first JSON object after "Legal actions:", else a shot at 90°."""
    m = re.search(r"Legal actions: \[(\{.*?\})", prompt)
    return m.group(1) if m else '{"type": "SHOOT", "angleDeg": 90}'


class ModelAgent:
    """One conversation with the model per episode: `hearth.evaluate(agent_factory=ModelAgent, ...)` makes a new
    one for every (game, seed), so episodes played at once (jobs=4) never share a prompt."""

    def __init__(self, game: str, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.prompts: list = []

    def act(self, step: hearth.Step):
        assert step.game == self.game and step.seed == self.seed  # every Step names its episode
        recap = (step.recap or {}).get("text", "")
        prompt = (
            f"You play {self.game}. Score {step.score}.\n{step.text}\n"
            + (f"Last action: {recap}\n" if recap else "")
            + f"Legal actions: {json.dumps(step.actions)}\nAnswer with one action as JSON."
        )
        self.prompts.append(prompt)
        reply = call_model(prompt)
        usage = {"input": len(prompt) // 4, "output": len(reply) // 4}  # a real SDK reports its token counts
        try:
            action = json.loads(reply)
        except ValueError:
            action = step.actions[0] if step.actions else {"type": "SHOOT", "angleDeg": 90}
        return {"action": action, "usage": usage}


if __name__ == "__main__":
    game = sys.argv[1] if len(sys.argv) > 1 else "stormlark"
    seeds = sys.argv[2] if len(sys.argv) > 2 else "1..5"
    agents: list = []

    def make(game: str, seed: int) -> ModelAgent:
        agents.append(ModelAgent(game, seed))
        return agents[-1]

    card = hearth.evaluate(agent_factory=make, game=game, seeds=seeds, jobs=4, out="agent-runs", max_turns=200)
    print(card)
    print(f"{sum(len(a.prompts) for a in agents)} model calls in {len(agents)} episodes; records in {card.out}/")
