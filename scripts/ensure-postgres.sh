#!/usr/bin/env bash
# The PostgreSQL half of the tests starts its own throwaway server from Debian's PostgreSQL 15
# (never a download from elsewhere): install the package when it is missing. Prints the bin
# directory on success; exits 1 (and says why) when PostgreSQL cannot be had.
set -uo pipefail
find_bin() { for d in /usr/lib/postgresql/15/bin /usr/lib/postgresql/*/bin; do [ -x "$d/initdb" ] && { echo "$d"; return 0; }; done; return 1; }
if find_bin; then exit 0; fi
echo "Installing Debian's postgresql for the PostgreSQL tests..." >&2
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
{ $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql; } >&2 || true
# The package starts a cluster of its own on 5432; the tests never use it.
$SUDO service postgresql stop >/dev/null 2>&1 || true
find_bin || { echo "PostgreSQL could not be installed (apt-get install postgresql failed)." >&2; exit 1; }
