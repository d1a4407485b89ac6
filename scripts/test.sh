#!/usr/bin/env bash
# npm test: installs what the tests need, then type-check, lint, schema drift, tenant validation,
# unit tests, one production build, the abuse suite against it, and the browser tests. Stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
bash scripts/ensure-deps.sh
bash scripts/ensure-chromium.sh
step() { printf '\n=== %s ===\n' "$1"; }
step "schema drift (generated files match the schemas)"; npm run --silent gen:check
step "type-check"; npm run --silent typecheck
step "lint"; npm run --silent lint
step "tenant validation"; npm run --silent validate
step "unit tests"; npx vitest run
step "seed the test database"
export DATABASE_URL="file:data/test/platform.db"
rm -rf data/test
npm run --silent seed
step "production build"; npx next build
step "abuse suite (HTTP attacks on the production build)"; npm run --silent test:abuse
step "browser tests"; npx playwright test
