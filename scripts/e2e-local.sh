#!/usr/bin/env bash
# Build into a private folder and run some Playwright specs against it, so several people (or helpers)
# can run e2e at once without clobbering apps/*/dist. Usage: scripts/e2e-local.sh NAME [playwright args…]
set -euo pipefail
name=${1:?usage: scripts/e2e-local.sh NAME [playwright args]}
shift
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/apps/server/.e2e-builds/$name  # inside the repo so node_modules resolve
rm -rf "$out" && mkdir -p "$out"
(cd "$root/packages/db" && node scripts/generate.mjs >/dev/null)
(cd "$root/apps/web" && npx vite build --outDir "$out/web" --emptyOutDir >/dev/null)
(cd "$root/apps/server" && SERVER_OUT="$out/server" node build.mjs)
cd "$root/e2e"
E2E_SERVER_MAIN="$out/server/main.js" WEB_DIST="$out/web" npx playwright test "$@"
