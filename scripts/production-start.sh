#!/usr/bin/env bash
# The production server's start, as the container image runs it (Dockerfile CMD) and the operations
# suite checks it (scripts/operations/run.ts): the same command as `npm start`, with `exec`, so that
# SIGTERM reaches the server itself (scripts/serve-lifecycle.mjs stops it gracefully). Arguments go to
# the server (-p PORT, -H ADDRESS).
set -euo pipefail
cd "$(dirname "$0")/.."
exec node --max-semi-space-size=16 scripts/serve.mjs "$@"
