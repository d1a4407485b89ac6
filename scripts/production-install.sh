#!/usr/bin/env bash
# The production install, exactly as the container image builds it (Dockerfile) and as npm test checks
# it (scripts/operations/run.ts): only the dependencies the platform runs on, then the build, which
# also compiles the operator commands (npm run import, tenants, leads, backup, ...) so they run
# without the development tools. Run it in a clean copy of the repository; `npm start` then serves.
# Node.js must already be the version in .node-version (the image's base, or scripts/ensure-node.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
npm ci --omit=dev --no-audit --no-fund
npm run build
