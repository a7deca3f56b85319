#!/usr/bin/env bash
# Installs what a fresh machine lacks for the full test suite: pnpm (pinned), and Debian's chromium
# (web e2e), tmux (CLI e2e), nginx (server scale test), postgresql (store tests against a real server) and
# slurm-wlm with munge (a single-node Slurm on loopback runs a sharded simulator sweep as an array job).
# Idempotent; safe to run again.
set -euo pipefail
PNPM_VERSION=12.4.2
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
  npm install -g -E "pnpm@$PNPM_VERSION"
fi
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v tmux >/dev/null 2>&1 || need+=(tmux)
[ -x /usr/sbin/nginx ] || need+=(nginx)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
command -v slurmctld >/dev/null 2>&1 || need+=(slurm-wlm)
command -v munged >/dev/null 2>&1 || [ -x /usr/sbin/munged ] || need+=(munge)
if [ "${#need[@]}" -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}"
  else
    echo "setup: missing ${need[*]} (install them with your package manager); their tests will be skipped" >&2
  fi
fi
