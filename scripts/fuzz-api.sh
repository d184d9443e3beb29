#!/usr/bin/env bash
# Fuzzes the HTTP API: schemathesis 4.x, every check, against the embedded platform's
# /openapi.json with an owner session. Starts the built platform (npm run build first) on a free
# port with a temporary DATA_DIR, creates the tenant, owner and session with the operator CLI,
# and a partner API key (every scope) with the operator CLI, runs schemathesis, stops the
# platform. Exits non-zero on any failure. Rate limits are off (RATE_LIMITS=off): schemathesis
# sends thousands of requests a minute from one address, and the limits have their own tests.
#
#   scripts/fuzz-api.sh            # FUZZ_MAX_EXAMPLES (default 20) cases per operation and phase
#
# schemathesis comes from PyPI into a venv under .cache/ (made on first use); set SCHEMATHESIS
# to use another binary. The report (JUnit) lands in .cache/fuzz-report/.
set -euo pipefail
cd "$(dirname "$0")/.."

SCHEMATHESIS_VERSION=4.32.5
max_examples="${FUZZ_MAX_EXAMPLES:-20}"
venv=.cache/schemathesis-venv
report_dir=.cache/fuzz-report

if [ -z "${SCHEMATHESIS:-}" ]; then
  if [ "$("$venv/bin/schemathesis" --version 2>/dev/null)" != "schemathesis, version $SCHEMATHESIS_VERSION" ]; then
    echo "fuzz: installing schemathesis $SCHEMATHESIS_VERSION into $venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
  fi
  SCHEMATHESIS="$venv/bin/schemathesis"
fi
[ -f apps/platform/dist/main.js ] || { echo "fuzz: apps/platform is not built; run npm run build first" >&2; exit 2; }

data_dir=$(mktemp -d)
free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
port=$(free_port)
base="http://127.0.0.1:$port"
pids=()
stop() {
  for pid in "${pids[@]}"; do
    if kill -0 "$pid" 2>/dev/null; then
      kill -TERM "$pid"
      wait "$pid" || true
    fi
  done
  rm -rf "$data_dir"
}
trap stop EXIT

# A stand-in identity provider that only publishes its discovery document, so the login start
# answers its 302 (the redirect) instead of 500 CONFIG_MISSING; no login is ever finished.
issuer="http://127.0.0.1:$(free_port)"
node -e "
const issuer = '$issuer';
const doc = { issuer, authorization_endpoint: issuer + '/authorize', token_endpoint: issuer + '/token',
  jwks_uri: issuer + '/jwks', response_types_supported: ['code'], subject_types_supported: ['public'],
  id_token_signing_alg_values_supported: ['RS256'] };
require('http').createServer((req, res) => {
  if (req.url !== '/.well-known/openid-configuration') return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(doc));
}).listen(Number(new URL(issuer).port), '127.0.0.1');
" &
pids+=($!)

export DATA_DIR="$data_dir"
PORT="$port" LOG_LEVEL=warn RATE_LIMITS=off OIDC_ISSUER="$issuer" OIDC_CLIENT_ID=fuzz OIDC_CLIENT_SECRET=fuzz-secret \
  node apps/platform/dist/main.js >"$data_dir/platform.log" 2>&1 &
pids+=($!)

# Ready when /health answers 200 (every service SERVING), within 60 s.
node -e "
const deadline = Date.now() + 60_000;
(async function poll() {
  try { if ((await fetch('$base/health')).status === 200) return; } catch {}
  if (Date.now() > deadline) { console.error('fuzz: the platform did not become healthy'); process.exit(1); }
  setTimeout(poll, 250);
})();
" || { cat "$data_dir/platform.log" >&2; exit 1; }

admin() { npm run --silent admin -- "$@"; }
tenant=$(admin tenant:create --slug acme --name "Acme Dental" --timezone Europe/Berlin --owner-email owner@acme.test)
session=$(admin session:create --tenant acme --email owner@acme.test)
key=$(admin apikey:create --tenant acme --name fuzz --scopes "*")
field() { echo "$1" | node -pe "JSON.parse(require('fs').readFileSync(0)).$2"; }
cookie=$(field "$session" cookie)
export FUZZ_SESSION_TOKEN="${cookie#*=}" FUZZ_CSRF_TOKEN="$(field "$session" csrfToken)"
export FUZZ_API_KEY="$(field "$key" secret)" FUZZ_TENANT_ID="$(field "$tenant" tenantId)"

echo "fuzz: schemathesis $("$SCHEMATHESIS" --version | cut -d' ' -f3) against $base/openapi.json, $max_examples examples per operation"
# Logout is left out: it would end the session every other dashboard case runs in (its guard
# and CSRF rules are covered by apps/gateway/test/auth-guard.test.ts). So are rotating and
# revoking API keys: following the list's links, schemathesis would revoke the key every /v1
# case runs with (both are covered by apps/platform/test/partner-api.test.ts).
status=0
"$SCHEMATHESIS" --config-file scripts/fuzz-api.toml run "$base/openapi.json" \
  --checks all \
  --max-examples "$max_examples" \
  --seed 7 \
  --workers 2 \
  --exclude-operation-id postSessionLogout \
  --exclude-operation-id postApiKeysRotate \
  --exclude-operation-id postApiKeysRevoke \
  --request-timeout 10 \
  --report junit --report-dir "$report_dir" || status=$?

if [ "$status" -ne 0 ]; then
  echo "fuzz: schemathesis found failures (exit $status); platform log: " >&2
  tail -n 50 "$data_dir/platform.log" >&2
fi
exit "$status"
