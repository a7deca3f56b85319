import json
import subprocess

import pytest

from hearth import canonical_json, state_hash
from hearth._canonical import js_number

NUMBERS = [0.1, 1.5, 1e21, 1e20, 1.2345678901234568e20, 1e-7, 1e-6, 1.234e-6, 5.0, -0.0, 100.0, 1234.5678, 2.5e-5,
           1.7976931348623157e308, 5e-324, 0.3, 14.95, 120, 10**22, 1e16, -3.25, 2**53 + 2]


def test_numbers_are_written_as_javascript_writes_them(cli):
    node = subprocess.run(
        ["node", "-e", "const xs = JSON.parse(process.argv[1]); console.log(JSON.stringify(xs.map((x) => JSON.stringify(x))))", json.dumps(NUMBERS)],
        capture_output=True, text=True, check=True,
    )
    assert [js_number(x) for x in NUMBERS] == json.loads(node.stdout)


def test_canonical_json_sorts_keys_and_drops_whitespace():
    assert canonical_json({"b": [1, 2.0, {"z": None, "a": "é\n"}], "a": True}) == '{"a":true,"b":[1,2,{"a":"é\\n","z":null}]}'
    with pytest.raises(TypeError):
        canonical_json({"x": object()})


def test_state_hash_is_sha256_of_the_canonical_json():
    assert state_hash({"a": 1}) == "015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862"
