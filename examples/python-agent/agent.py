#!/usr/bin/env python3
"""A hearth agent in Python with the standard library only.

It speaks the JSON pipe: one response per line on standard input (the first is init's, with the spec), one
action per line on standard output. Drive it with

    hearth agent run --game stormlark --seeds 1..20 --command "python3 examples/python-agent/agent.py"

or by hand with `hearth play stormlark --json`. The policy is deliberately plain (a seeded random pick
among the legal actions that does not end the run early; a random angle for Lantern Volley, whose list
is empty by design): replace `choose` with your own.

--delay S waits S seconds before every answer (a stand-in for a slow model call, used by the harness tests);
--usage wraps every action as {"action": ..., "usage": {"input": ..., "output": ...}}, the way an agent reports
what its model call cost (here the bytes read and written, in place of a model's token counts).
"""
import argparse
import json
import random
import sys
import time

ENDING = {"END_RUN", "endRun"}


def choose(response, rng):
    legal = response.get("legalActions") or []
    if not legal:
        # Lantern Volley: any angle from 15 to 165 degrees, to one decimal.
        return {"type": "SHOOT", "angleDeg": round(rng.uniform(15, 165), 1)}
    keep = [a for a in legal if a.get("type") not in ENDING]
    return rng.choice(keep or legal)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--delay", type=float, default=0.0)
    parser.add_argument("--usage", action="store_true")
    options = parser.parse_args()
    rng = random.Random(0)
    last_ok = None
    for line in sys.stdin:
        response = json.loads(line)
        if response.get("ok"):
            last_ok = response
            if "spec" in response:
                # A new game: seed the policy from the game's own seed where the state shows it.
                state = response.get("state")
                rng = random.Random(state.get("seed", 0) if isinstance(state, dict) else 0)
            if response.get("gameOver"):
                break
        elif last_ok is None:
            print("hearth agent: the first line was a refusal: " + str(response.get("message")), file=sys.stderr)
            return 1
        else:
            # A refusal: the legal actions come with it; pick again from those.
            last_ok = dict(last_ok, legalActions=response.get("legalActions") or last_ok.get("legalActions"))
        if options.delay > 0:
            time.sleep(options.delay)
        action = choose(last_ok, rng)
        out = json.dumps({"action": action, "usage": {"input": len(line), "output": len(json.dumps(action))}}) if options.usage else json.dumps(action)
        sys.stdout.write(out + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
