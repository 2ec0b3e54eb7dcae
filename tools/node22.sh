#!/usr/bin/env bash
# Runs a command under Node.js 22 LTS, fetched once from the npm registry (the node-linux-<arch>
# package carries the official binary) into .cache/node22/. Cardlog supports Node 20.19+ and 22.
# Usage: bash tools/node22.sh <command…>     e.g. bash tools/node22.sh npx nx run-many -t test -p rules
set -euo pipefail
cd "$(dirname "$0")/.."
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "node22: no Node 22 package for $(uname -m)" >&2; exit 1 ;;
esac
dir=.cache/node22
if [ ! -x "$dir/bin/node" ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  tarball=$(cd "$tmp" && npm pack --silent "node-linux-$arch@22")
  mkdir -p "$dir"
  tar xzf "$tmp/$tarball" -C "$dir" --strip-components=1
fi
export PATH="$PWD/$dir/bin:$PATH"
echo "node22: $(node --version) from $dir" >&2
exec "$@"
