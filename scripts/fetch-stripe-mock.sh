#!/usr/bin/env bash
# Usage: scripts/fetch-stripe-mock.sh — builds stripe-mock (Stripe's own mock of its API, which
# refuses any request its OpenAPI specification does not allow) into .cache/bin, for the payment
# tests (libs/testing stripe-mock-server.ts; the Stripe stand-in checks every request against it).
# From the Go module proxy; idempotent: does nothing when this version is already built.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
version=v0.203.0
bin="$root/.cache/bin/stripe-mock"
if [ -x "$bin" ] && [ "$(cat "$bin.version" 2>/dev/null)" = "$version" ]; then
  exit 0
fi
command -v go >/dev/null || { echo "fetch-stripe-mock: go is not on PATH" >&2; exit 1; }
mkdir -p "$root/.cache/bin"
GOBIN="$root/.cache/bin" go install "github.com/stripe/stripe-mock@$version"
echo "$version" > "$bin.version"
echo "fetch-stripe-mock: $bin ($version)"
