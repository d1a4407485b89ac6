#!/usr/bin/env bash
# npm run demo: install what is missing, generate types, validate tenants, seed the embedded
# database, build, and serve every demo dealer site on PORT (default 3000) in the foreground.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
# Every step runs on the Node.js version the project pins (.node-version), installed from the npm
# registry into .node/ when missing, whatever the machine's own Node is.
. scripts/ensure-node.sh
echo "Node $(node -v) ($(command -v node)), npm $(npm -v)"
bash scripts/ensure-deps.sh
# With PostgreSQL (DATABASE_URL=postgres://...) every server must share AUTH_SECRET and the platform
# refuses to make one up. The demo is one server on this machine: it keeps one of its own in
# data/demo-auth-secret and says so. Several servers need AUTH_SECRET set, the same on each.
case "${DATABASE_URL:-}" in
  postgres://*|postgresql://*)
    if [ -z "${AUTH_SECRET:-}" ]; then
      mkdir -p data
      [ -s data/demo-auth-secret ] || (umask 077 && openssl rand -base64 32 > data/demo-auth-secret)
      AUTH_SECRET="$(cat data/demo-auth-secret)"
      export AUTH_SECRET
      echo "Demo on PostgreSQL: AUTH_SECRET is taken from data/demo-auth-secret (one server only; set AUTH_SECRET yourself for several)."
    fi
    ;;
esac
npm run --silent gen
npm run --silent validate
npm run --silent seed
npx next build
export PORT="${PORT:-3000}"
npx tsx scripts/list-sites.ts
# Without a mail server or SMS gateway, sign-in codes are written to this log (demo only).
export ACCOUNT_CODES_IN_LOG="${ACCOUNT_CODES_IN_LOG:-1}"
# The demo sites answer on <slug>.localhost, which a production server refuses.
export ALLOW_LOCALHOST_TENANTS="${ALLOW_LOCALHOST_TENANTS:-1}"
# One short readable line per log entry (production writes JSON lines: server/operations/log.mjs).
export LOG_FORMAT="${LOG_FORMAT:-pretty}"
# The Tenant Studio's address and its demo staff sign-ins (seeded by npm run seed).
npx tsx scripts/studio.ts demo-sign-in
exec node --max-semi-space-size=16 scripts/serve.mjs -p "$PORT"
