#!/usr/bin/env bash
# The Python client's suite (clients/python): a fresh virtual environment, `pip install ./clients/python[gym,test,lint]`
# from the index pip is configured with, then the [rl] extra (torch CPU, matplotlib: the PPO smoke run) and the
# [ray] extra (Ray core: the head-and-worker cluster test), each skipped with the reason where it cannot be
# installed; ruff and mypy (strict on the package); then pytest against the built CLI and server, and its
# registry-driven tests again against test builds that register the test-only games. The two extras add about 3
# minutes of installs and 2 of tests here. Where gymnasium cannot be
# installed the core is installed alone and the [gym] tests skip with the reason; where python3 or pytest cannot
# be had the suite is skipped with the reason (exit 0). pytest's "no tests collected" (exit 5) is not a failure.
# The last line printed is pytest's summary.
set -uo pipefail
cd "$(dirname "$0")/../.."
if ! command -v python3 >/dev/null 2>&1; then
  echo "python: skipped (no python3 on this machine)"
  exit 0
fi
venv=$(mktemp -d "${TMPDIR:-/tmp}/hearth-py.XXXXXX")
trap 'rm -rf "$venv"' EXIT
if ! python3 -m venv "$venv/venv" >/dev/null 2>&1; then
  echo "python: skipped (python3 -m venv failed: install python3-venv)"
  exit 0
fi
py="$venv/venv/bin/python"
pip=("$py" -m pip install -qq --disable-pip-version-check --retries 1 --timeout 30)
if ! "${pip[@]}" "./clients/python[gym,test,lint]"; then
  echo "python: gymnasium/numpy could not be installed; installing the core alone (the [gym] tests will skip)"
  if ! "${pip[@]}" "./clients/python[test]"; then
    echo "python: skipped (pip could not install the package and pytest)"
    exit 0
  fi
fi
for extra in rl ray; do
  if ! "${pip[@]}" "./clients/python[$extra]"; then
    echo "python: the [$extra] extra could not be installed; its tests will skip"
  fi
done
# Lint and types (configured in clients/python/pyproject.toml): a finding fails the suite.
lint=0
if "$py" -m ruff --version >/dev/null 2>&1; then
  (cd clients/python && "$py" -m ruff check . && "$py" -m mypy) || lint=1
else
  echo "python: ruff and mypy could not be installed; lint and type checks skipped"
fi
"$py" -m pytest clients/python/tests -q -rs -p no:cacheprovider
status=$?
[ "$status" = 5 ] && status=0
# The tests that take their game list from the registry (`hearth list --json`), against a CLI and a server built with
# the test-only games registered (packages/games/src/testing.ts): a game added to the registry is tested here with no
# edit of this package.
if [ "$status" = 0 ] && command -v node >/dev/null 2>&1; then
  builds=$(mktemp -d "${TMPDIR:-/tmp}/hearth-py-builds.XXXXXX")
  registry="$PWD/packages/games/src/testing.ts"
  if HEARTH_REGISTRY="$registry" node apps/cli/scripts/build.mjs "$builds/cli" >/dev/null &&
    HEARTH_REGISTRY="$registry" node apps/server/scripts/build.mjs "$builds/server/server.mjs" >/dev/null; then
    binding=$(cd packages/store && node -e "console.log(require.resolve('better-sqlite3/build/Release/better_sqlite3.node'))")
    HEARTH_CLI="$builds/cli/hearth.mjs" HEARTH_SERVER="$builds/server/server.mjs" SQLITE_NATIVE_BINDING="$binding" \
      "$py" -m pytest clients/python/tests/test_gym.py clients/python/tests/test_gym_records.py clients/python/tests/test_local.py \
      -q -rs -p no:cacheprovider || status=1
  else
    echo "python: the test builds with the test-only games could not be made"
    status=1
  fi
  rm -rf "$builds"
fi
[ "$lint" = 1 ] && status=1
exit "$status"
