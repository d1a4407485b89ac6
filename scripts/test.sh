#!/usr/bin/env bash
# npm test: installs what the tests need, then type-check, lint, schema drift, tenant validation,
# unit tests (the database ones on SQLite and on a throwaway PostgreSQL server), one production
# build, the abuse suite against it, the operations suite (a production install of its own), the browser tests, and the lead, watchlist and reservation
# journeys again on PostgreSQL with two server processes. Stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
# Every step runs on the Node.js version the project pins (.node-version), installed from the npm
# registry into .node/ when missing, whatever the machine's own Node is.
. scripts/ensure-node.sh
echo "Node $(node -v) ($(command -v node)), npm $(npm -v)"
bash scripts/ensure-deps.sh
bash scripts/ensure-chromium.sh
POSTGRES=yes
bash scripts/ensure-postgres.sh >/dev/null || POSTGRES=no
loud() { printf '\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n!!! %s\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n\n' "$1"; }
step() { printf '\n=== %s ===\n' "$1"; }
step "schema drift (generated files match the schemas)"; npm run --silent gen:check
step "type-check"; npm run --silent typecheck
step "lint"; npm run --silent lint
step "tenant validation"; npm run --silent validate
if [ "$POSTGRES" = yes ]; then
  step "unit tests (every test on SQLite; every database test again on PostgreSQL)"; npx vitest run
else
  loud "PostgreSQL is not installed and could not be installed: the PostgreSQL half of the tests is SKIPPED. Nothing in this run says the platform works on PostgreSQL."
  step "unit tests (SQLite only)"; npx vitest run --project sqlite
fi
step "seed the test database"
export DATABASE_URL="file:data/test/platform.db"
rm -rf data/test
npm run --silent seed
step "production build"; npx next build
step "abuse suite (HTTP attacks on the production build)"; npm run --silent test:abuse
step "operations suite (a production install in a temporary directory: its commands, probes, warm-up, SIGTERM under load, metrics, logs, traces, backup and restore)"; npm run --silent test:operations
step "browser tests"; npx playwright test
if [ "$POSTGRES" = yes ]; then
  step "browser tests on PostgreSQL, two server processes behind a round-robin proxy (leads, watchlists, reservations)"
  npx tsx scripts/e2e-postgres.ts
else
  loud "PostgreSQL browser run SKIPPED (no PostgreSQL on this machine)."
fi
