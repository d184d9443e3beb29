#!/usr/bin/env bash
# Runs tests on Node 24 LTS beside the machine's Node (engines stays >=20.19):
#
#   scripts/test-node24.sh                            # the build, and the suites that lean on the runtime
#   scripts/test-node24.sh --all                      # the build and every package's tests
#   scripts/test-node24.sh --filter=@svc/store        # or turbo build/lint/test of some packages
#
# Without arguments (what .ci/run runs): every package built on Node 24, then the suites whose
# outcome the runtime decides: the store adapters (the native SQLite addon, its GC test), the event
# bus with its SQLite journal, the locks, and the embedded platform end to end (health, the public
# booking path, webhooks, the .eml notifications, SIGKILL of the platform). The rest is plain
# TypeScript over those, and the Node 20 run (the README's npm test) runs all of it; running it
# twice cost CI a third of its time. No type check (lint): tsc's answer does not depend on Node.
#
# Node 24 is npm's `node@24` package, put first on PATH. better-sqlite3 is a native addon built
# for one Node ABI, so it is compiled for Node 24 first and the machine's build is put back
# afterwards. Both builds are kept in .cache/better-sqlite3/ so later runs swap instead of compiling.
#
# The headers are Node 24.18.1's (npm's node-linux-<arch> package holds them; node-gyp cannot
# download them here), on purpose not the newest: from 24.19.0 on, the header-only
# node::ObjectWrap (which better-sqlite3 12 subclasses) registers an environment cleanup hook per
# object and removes it in its destructor, and that removal aborts the process
# ("Assertion failed: (env) != nullptr" in Statement::~Statement) whenever the GC collects a
# statement, because no context is entered in a GC weak callback (nodejs/node#65446). Every
# Node 24 has the same ABI (137), so an addon compiled with 24.18.1 headers runs on any Node 24
# with the ObjectWrap of Node 20 and 22. better-sqlite3 13 moved to Node-API and does not have the
# problem, but needs Node >= 22. The check after the build keeps a later header bump honest.
set -euo pipefail
cd "$(dirname "$0")/.."

NODE24_HEADERS=24.18.1
node24=$(npx --yes node@24 -p process.execPath)
node24_dir=$(dirname "$node24")
echo "node24: $("$node24" --version) ($node24)"

addon_dir=$(ls -d node_modules/.pnpm/better-sqlite3@*/node_modules/better-sqlite3 | head -n 1)
addon="$addon_dir/build/Release/better_sqlite3.node"
cache=.cache/better-sqlite3
mkdir -p "$cache"
abi_host=$(node -p process.versions.modules)
# Named after the headers, so changing NODE24_HEADERS compiles again.
build_24="$cache/node-$NODE24_HEADERS.node"
# pnpm hard-links installed files to its store, shared by every checkout on the machine: the
# addon is replaced (rm, then a new file), never written through.
swap_in() { rm -f "$addon" && cp "$1" "$addon"; }
[ -f "$cache/abi$abi_host.node" ] || cp "$addon" "$cache/abi$abi_host.node"
trap 'swap_in "$cache/abi$abi_host.node"' EXIT

if [ ! -f "$build_24" ]; then
  nodedir=$PWD/.cache/node-headers/$NODE24_HEADERS
  if [ ! -f "$nodedir/include/node/node_version.h" ]; then
    rm -rf "$nodedir" && mkdir -p "$nodedir"
    tgz=$(cd "$nodedir" && npm pack --silent "node-linux-$("$node24" -p process.arch)@$NODE24_HEADERS")
    tar -xzf "$nodedir/$tgz" -C "$nodedir" --strip-components=1 package/include
    rm "$nodedir/$tgz"
  fi
  node_gyp="$(npm root -g)/npm/node_modules/node-gyp/bin/node-gyp.js"
  echo "node24: compiling better-sqlite3 with the headers of Node $NODE24_HEADERS, about 1.5 minutes"
  work="$cache/src"
  rm -rf "$work" && mkdir -p "$work"
  cp -R "$addon_dir/package.json" "$addon_dir/binding.gyp" "$addon_dir/src" "$addon_dir/deps" "$work/"
  (cd "$work" && "$node24" "$node_gyp" rebuild --release --nodedir="$nodedir" >build.log 2>&1) ||
    { tail -n 30 "$work/build.log" >&2; exit 1; }
  # grep reads all of nm's output (no -q), so pipefail cannot turn a match into a pass.
  if nm -D --undefined-only "$work/build/Release/better_sqlite3.node" | grep RemoveEnvironmentCleanupHook >/dev/null; then
    echo "node24: this better-sqlite3 build has the ObjectWrap that aborts in the GC (see the top of this file)" >&2
    exit 1
  fi
  cp "$work/build/Release/better_sqlite3.node" "$build_24"
  rm -rf "$work"
fi
swap_in "$build_24"

if [ $# -eq 0 ]; then
  PATH="$node24_dir:$PATH" node scripts/pnpm.mjs install
  PATH="$node24_dir:$PATH" node scripts/pnpm.mjs exec turbo run build --concurrency=2
  PATH="$node24_dir:$PATH" node scripts/pnpm.mjs exec turbo run test --only --concurrency=2 --continue \
    --filter=@svc/store --filter=@svc/events --filter=@svc/lock
  (cd apps/platform && PATH="$node24_dir:$PATH" npx vitest run test/health.test.ts test/public-booking.test.ts \
    test/webhooks.test.ts test/notifications-eml.test.ts test/embedded-crash.test.ts)
elif [ "$1" = --all ]; then
  PATH="$node24_dir:$PATH" node scripts/pnpm.mjs install
  PATH="$node24_dir:$PATH" node scripts/pnpm.mjs exec turbo run build test --concurrency=2 --continue
else
  PATH="$node24_dir:$PATH" node scripts/pnpm.mjs exec turbo run build lint test "$@"
fi
