#!/usr/bin/env bash
# Usage: scripts/fetch-mailpit.sh — builds Mailpit (a real SMTP server with an HTTP API to read
# what it received, and "chaos" triggers that answer chosen SMTP errors) into .cache/bin, for the
# notification tests and benchmark (libs/testing mailpit-server.ts). From the Go module proxy
# like helm: `go install` can fail on the proxy's deprecation look-up while `go mod download`
# of the same version works, so it builds from the download. About 3 minutes the first time;
# idempotent: does nothing when this version is already built.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
version=v1.27.11
bin="$root/.cache/bin/mailpit"
if [ -x "$bin" ] && [ "$(cat "$bin.version" 2>/dev/null)" = "$version" ]; then
  exit 0
fi
command -v go >/dev/null || { echo "fetch-mailpit: go is not on PATH" >&2; exit 1; }
mkdir -p "$root/.cache/bin"
dir=$(go mod download -json "github.com/axllent/mailpit@$version" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
[ -n "$dir" ] || { echo "fetch-mailpit: go mod download github.com/axllent/mailpit@$version failed" >&2; exit 1; }
# Into a temporary name first, so an interrupted build never looks complete.
(cd "$dir" && GOFLAGS=-mod=mod CGO_ENABLED=0 go build -trimpath \
  -ldflags "-s -w -X github.com/axllent/mailpit/config.Version=$version" -o "$bin.tmp.$$" .)
mv "$bin.tmp.$$" "$bin"
echo "$version" > "$bin.version"
echo "fetch-mailpit: $bin ($version)"
