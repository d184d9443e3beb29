#!/usr/bin/env bash
# Usage: scripts/fetch-prom2json.sh — builds prom2json (the Prometheus project's converter of
# the text exposition format to JSON, on its reference parser expfmt) into .cache/bin, for the
# tests that scrape GET /metrics. Idempotent: does nothing when this version is already built.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
version=v1.4.2
bin="$root/.cache/bin/prom2json"
if [ -x "$bin" ] && [ "$(cat "$bin.version" 2>/dev/null)" = "$version" ]; then
  exit 0
fi
command -v go >/dev/null || { echo "fetch-prom2json: go is not on PATH" >&2; exit 1; }
mkdir -p "$root/.cache/bin"
GOBIN="$root/.cache/bin" go install "github.com/prometheus/prom2json/cmd/prom2json@$version"
echo "$version" > "$bin.version"
echo "fetch-prom2json: $bin ($version)"
