#!/usr/bin/env bash
# Installs the npm dependencies when they are missing or older than package-lock.json, on the Node.js
# version the project pins (scripts/ensure-node.sh), and checks that the native SQLite driver loads in
# it (a node_modules installed under another Node has a better-sqlite3 built for that one).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/ensure-node.sh
if [ ! -x node_modules/.bin/next ] || [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Installing dependencies (npm ci) on Node $(node -v)..."
  npm ci --no-audit --no-fund
fi
if ! node -e "require('better-sqlite3')(':memory:').close()" 2>/dev/null; then
  echo "better-sqlite3 does not load in Node $(node -v): building it for this version..."
  npm rebuild better-sqlite3
  node -e "require('better-sqlite3')(':memory:').close()"
fi
