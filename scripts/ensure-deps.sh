#!/usr/bin/env bash
# Installs the npm dependencies when they are missing or older than package-lock.json.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x node_modules/.bin/next ] || [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Installing dependencies (npm ci)..."
  npm ci --no-audit --no-fund
fi
