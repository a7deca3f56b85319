#!/usr/bin/env bash
# The image's build steps, as one script: the Dockerfile's build stage runs exactly this, and CI runs it on its
# fresh clone (.ci/run, then deploy/check.sh starts what it made). Usage: deploy/build.sh OUT_DIR
# OUT_DIR gets: server.mjs (the single-file bundle) with replay-worker.mjs and piscina-worker.cjs beside it,
# better_sqlite3.node (the native SQLite addon, found beside the bundle), and web/ (the built web app).
set -euo pipefail
out=${1:?usage: deploy/build.sh OUT_DIR}
cd "$(dirname "$0")/.."
root=$(pwd)
PNPM_VERSION=12.4.2
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
  npm install -g -E "pnpm@$PNPM_VERSION"
fi
[ -f /usr/include/node/node.h ] && export npm_config_nodedir=${npm_config_nodedir:-/usr}
pnpm install --frozen-lockfile
# The games' kernels, the web app and everything the bundle inlines.
pnpm build
mkdir -p "$out"
node apps/server/scripts/build.mjs "$out/server.mjs"
addon=$(cd packages/store && node -e "const p=require('path');console.log(p.join(p.dirname(require.resolve('better-sqlite3/package.json')),'build/Release/better_sqlite3.node'))")
cp "$addon" "$out/better_sqlite3.node"
rm -rf "$out/web"
cp -r apps/web/dist "$out/web"
echo "deploy/build.sh: $(du -sh "$out" | cut -f1) in $out (from $root)"
