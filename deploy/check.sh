#!/usr/bin/env bash
# What CI checks of the image (these machines cannot pull base images or run Docker): deploy/build.sh, the
# Dockerfile's build stage, on CI's fresh clone; then the image's command on what it made, from a folder
# outside the repository, as an unprivileged user when run as root (the image's USER node), with the
# image's environment: /livez and /readyz answer (SQLite through the native addon beside the bundle), the web
# app is served, and SIGTERM drains and exits 0.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d /tmp/hearth-image-XXXXXX)
server=
cleanup() {
  [ -n "$server" ] && kill -9 "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
bash deploy/build.sh "$work/app"
mkdir -p "$work/data"
chmod -R a+rX "$work"
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
as=()
if [ "$(id -u)" = 0 ]; then
  chown nobody "$work/data"
  # setpriv execs the server itself (runuser would stay as its parent and turn SIGTERM into a kill).
  as=(setpriv --reuid=nobody --regid=nogroup --clear-groups --)
fi
(cd "$work" && exec env -i PATH="$PATH" NODE_ENV=production PORT="$port" HOST=127.0.0.1 DATA_DIR="$work/data" \
  WEB_DIST="$work/app/web" SHUTDOWN_DRAIN_MS=200 LOG_LEVEL=warn "${as[@]}" node "$work/app/server.mjs") &
server=$!
ok=
for _ in $(seq 1 200); do
  if node -e "fetch('http://127.0.0.1:$port/readyz').then(r=>process.exit(r.status===200?0:1),()=>process.exit(1))"; then ok=1; break; fi
  kill -0 "$server" 2>/dev/null || break
  sleep 0.1
done
[ -n "$ok" ] || { echo "deploy/check.sh: the built server did not become ready" >&2; exit 1; }
node -e "
(async () => {
  const base = 'http://127.0.0.1:$port';
  const live = await fetch(base + '/livez');
  const ready = await (await fetch(base + '/readyz')).json();
  const page = await fetch(base + '/');
  const html = await page.text();
  if (live.status !== 200) throw new Error('/livez ' + live.status);
  if (!ready.ok || ready.database?.kind !== 'sqlite' || !ready.database.ok) throw new Error('/readyz ' + JSON.stringify(ready));
  if (page.status !== 200 || !/<html/i.test(html)) throw new Error('the web app is not served: ' + page.status);
})().catch((e) => { console.error('deploy/check.sh:', e.message); process.exit(1); });
"
kill -TERM "$server"
code=0
wait "$server" || code=$?
server=
[ "$code" = 0 ] || { echo "deploy/check.sh: the server exited $code after SIGTERM" >&2; exit 1; }
echo "deploy/check.sh: the image's build steps and command work (ready on SQLite, web app served, SIGTERM exit 0)"
