#!/usr/bin/env bash
# Fuzzes the HTTP API: schemathesis 4.x, every check and every phase (the stateful one follows the
# document's links), against the embedded platform's /openapi.json (docs/testing.md "API fuzz").
# Starts the built platform (npm run build first) on a free port with a temporary DATA_DIR, a
# stand-in identity provider and webhook receiver, and Radicale (CalDAV); creates the tenant, the
# owner's session, a partner API key (every scope) and a platform key with the operator CLI; seeds a bookable
# service, bookings, a subscription and a calendar connection through the API
# (scripts/fuzz-api-seed.mjs); runs schemathesis; then prints, per operation group, how many
# operations answered a success at least once, and fails when one that can succeed never did
# (scripts/fuzz-api-summary.mjs). Exits non-zero on any failure. Rate limits are off
# (RATE_LIMITS=off): schemathesis sends thousands of requests a minute from one address, and the
# limits have their own tests.
#
#   scripts/fuzz-api.sh                     # FUZZ_MAX_EXAMPLES (default 20) cases per operation and phase; FUZZ_SEED (default 7)
#   scripts/fuzz-api.sh --include-tag bookings   # further arguments go to both `schemathesis run`s
#
# schemathesis comes from PyPI into a venv under .cache/ (made on first use); set SCHEMATHESIS
# to use another binary. Radicale is the `radicale` on PATH (or RADICALE_BIN). The reports (JUnit,
# the NDJSON event log the summary reads, the platform's log) land in .cache/fuzz-report/.
set -euo pipefail
cd "$(dirname "$0")/.."

SCHEMATHESIS_VERSION=4.32.5
max_examples="${FUZZ_MAX_EXAMPLES:-20}"
seed="${FUZZ_SEED:-7}"
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
radicale="${RADICALE_BIN:-$(command -v radicale || true)}"
[ -n "$radicale" ] || { echo "fuzz: radicale is required for the calendar operations (apt-get install radicale)" >&2; exit 2; }

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
  # The platform's log stays with the reports (a failure's server side).
  if [ -f "$data_dir/platform.log" ]; then mkdir -p "$report_dir" && cp "$data_dir/platform.log" "$report_dir/"; fi
  rm -rf "$data_dir"
}
trap stop EXIT

# Stand-ins on loopback, in one process: an identity provider that only publishes its discovery
# document (the login start answers its 302 instead of 500 CONFIG_MISSING; no login is ever
# finished), whose /authorize also stands for Google's consent page (a Google connect answers its
# URL); and a webhook receiver that takes every POST to /hooks.
standin="http://127.0.0.1:$(free_port)"
node -e "
const issuer = '$standin';
const doc = { issuer, authorization_endpoint: issuer + '/authorize', token_endpoint: issuer + '/token',
  jwks_uri: issuer + '/jwks', response_types_supported: ['code'], subject_types_supported: ['public'],
  id_token_signing_alg_values_supported: ['RS256'] };
require('http').createServer((req, res) => {
  req.resume();
  if (req.method === 'POST' && req.url === '/hooks') return req.on('end', () => res.writeHead(204).end());
  if (req.url !== '/.well-known/openid-configuration') return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(doc));
}).listen(Number(new URL(issuer).port), '127.0.0.1');
" &
pids+=($!)

# Radicale (CalDAV) with one account, so the seeded staff member's calendar can be connected.
caldav_port=$(free_port)
caldav_url="http://127.0.0.1:$caldav_port/"
mkdir -p "$data_dir/radicale"
printf 'fuzz:fuzz-caldav-password\n' >"$data_dir/radicale/users"
printf '%s\n' '[server]' "hosts = 127.0.0.1:$caldav_port" '[auth]' 'type = htpasswd' \
  "htpasswd_filename = $data_dir/radicale/users" 'htpasswd_encryption = plain' '[rights]' 'type = owner_only' \
  '[storage]' "filesystem_folder = $data_dir/radicale/collections" '[logging]' 'level = warning' \
  >"$data_dir/radicale/config"
"$radicale" --config "$data_dir/radicale/config" >"$data_dir/radicale.log" 2>&1 &
pids+=($!)

# stripe-mock (Stripe's own mock of its API, scripts/fetch-stripe-mock.sh) as the workspaces'
# Stripe: a payment-account connect reaches a Stripe that answers (it accepts sk_test_/rk_test_
# keys and refuses others, as Stripe would an unknown key).
stripe_mock="${STRIPE_MOCK_BIN:-.cache/bin/stripe-mock}"
[ -x "$stripe_mock" ] || stripe_mock="$(command -v stripe-mock || true)"
[ -n "$stripe_mock" ] || { echo "fuzz: stripe-mock is required for the payment operations (scripts/fetch-stripe-mock.sh)" >&2; exit 2; }
stripe_port=$(free_port)
"$stripe_mock" -http-addr "127.0.0.1:$stripe_port" -https-addr 127.0.0.1:0 >"$data_dir/stripe-mock.log" 2>&1 &
pids+=($!)

export DATA_DIR="$data_dir"
# Loopback targets (the receiver, Radicale) are allowed explicitly: the platform listens on loopback.
# The subscription quota is raised: the fuzz creates far more than a tenant's 20 (the quota has
# its own tests), and a full workspace would keep the stateful phase from ever deleting one.
PORT="$port" LOG_LEVEL=warn RATE_LIMITS=off ALLOW_LOOPBACK_TARGETS=on WEBHOOK_MAX_SUBSCRIPTIONS=1000 \
  OIDC_ISSUER="$standin" OIDC_CLIENT_ID=fuzz OIDC_CLIENT_SECRET=fuzz-secret \
  GOOGLE_CLIENT_ID=fuzz GOOGLE_CLIENT_SECRET=fuzz-secret GOOGLE_AUTHORIZATION_URL="$standin/authorize" \
  GOOGLE_TOKEN_URL="$standin/token" GOOGLE_CALENDAR_API_URL="$standin/calendar" \
  MICROSOFT_CLIENT_ID=fuzz MICROSOFT_CLIENT_SECRET=fuzz-secret MICROSOFT_AUTHORITY_URL="$standin" \
  MICROSOFT_GRAPH_API_URL="$standin/graph" \
  ZOOM_CLIENT_ID=fuzz ZOOM_CLIENT_SECRET=fuzz-secret ZOOM_AUTHORIZATION_URL="$standin/authorize" \
  ZOOM_TOKEN_URL="$standin/token" ZOOM_API_URL="$standin/zoom" \
  STRIPE_API_URL="http://127.0.0.1:$stripe_port" \
  node apps/platform/dist/main.js >"$data_dir/platform.log" 2>&1 &
pids+=($!)

# Ready when the URL answers (with the status, if one is given; /health: 200, every service
# SERVING), within 60 s.
wait_for() {
  node -e "
const [url, want] = process.argv.slice(1);
const deadline = Date.now() + 60_000;
(async function poll() {
  try { const { status } = await fetch(url, { redirect: 'manual' }); if (!want || status === Number(want)) return; } catch {}
  if (Date.now() > deadline) { console.error('fuzz: ' + url + ' did not answer ' + want); process.exit(1); }
  setTimeout(poll, 250);
})();
" "$1" "${2:-}"
}
wait_for "$base/health" 200 || { cat "$data_dir/platform.log" >&2; exit 1; }
wait_for "$caldav_url" || { cat "$data_dir/radicale.log" >&2; exit 1; }

admin() { npm run --silent admin -- "$@"; }
slug=acme
tenant=$(admin tenant:create --slug "$slug" --name "Acme Dental" --timezone Europe/Berlin --owner-email owner@acme.test)
session=$(admin session:create --tenant "$slug" --email owner@acme.test)
key=$(admin apikey:create --tenant "$slug" --name fuzz --scopes "*")
platform_key=$(admin platformkey:create --name fuzz)
field() { echo "$1" | node -pe "JSON.parse(require('fs').readFileSync(0)).$2"; }
cookie=$(field "$session" cookie)
export FUZZ_SESSION_TOKEN="${cookie#*=}" FUZZ_CSRF_TOKEN="$(field "$session" csrfToken)"
export FUZZ_API_KEY="$(field "$key" secret)" FUZZ_TENANT_ID="$(field "$tenant" tenantId)"
export FUZZ_PLATFORM_KEY="$(field "$platform_key" secret)"

# The tenant's bookable setup; its ids become dictionaries appended to the configuration.
FUZZ_BASE="$base" FUZZ_TENANT_SLUG="$slug" FUZZ_SESSION_COOKIE="$cookie" FUZZ_API_KEY_ID="$(field "$key" apiKeyId)" \
  FUZZ_RECEIVER_URL="$standin/hooks" FUZZ_CALDAV_URL="$caldav_url" FUZZ_CALDAV_USER=fuzz \
  FUZZ_CALDAV_PASSWORD=fuzz-caldav-password node scripts/fuzz-api-seed.mjs "$data_dir"
# shellcheck source=/dev/null
source "$data_dir/seed.env"
{ cat scripts/fuzz-api.toml "$data_dir/seed.toml"; printf '\n[generation]\nmax-examples = %d\n' "$max_examples"; } >"$data_dir/fuzz.toml"
node -e "fetch('$base/openapi.json').then((r) => r.text()).then((t) => process.stdout.write(t))" >"$data_dir/openapi.json"

echo "fuzz: schemathesis $("$SCHEMATHESIS" --version | cut -d' ' -f3) against $base/openapi.json, $max_examples examples per operation, seed $seed"
rm -rf "$report_dir" && mkdir -p "$report_dir"
status=0
# One run of the phases named; further arguments of this script go to every run. Logout is left
# out: it would end the session every other dashboard case runs in (its guard and CSRF rules are
# covered by apps/gateway/test/auth-guard.test.ts); so is the live stream, which never ends. The credentials come from the configuration's
# [auth] only: schemathesis does not generate them as parameters too, since a negative case that
# left out a header [auth] then adds back is reported as a schema-violating request accepted.
run() {
  local name=$1 phases=$2 started run_status=0
  shift 2
  started=$(date +%s)
  # Its console output goes to a file, shown only when the run fails: schemathesis closes with
  # pytest-style banners ("=== No issues found in 2.51s ===") that CI would read as a test runner
  # that ran no test (docs/testing.md "API fuzz").
  SCHEMATHESIS_HOOKS=scripts/fuzz-api-hooks.py "$SCHEMATHESIS" --config-file "$data_dir/fuzz.toml" run "$base/openapi.json" \
    --phases "$phases" \
    --checks all \
    --seed "$seed" \
    --workers 2 \
    --exclude-operation-id postSessionLogout \
    --exclude-operation-id getLive \
    --generation-with-security-parameters false \
    --request-timeout 10 \
    --report junit,ndjson --report-dir "$report_dir" \
    --report-junit-path "$report_dir/$name.xml" --report-ndjson-path "$report_dir/$name.ndjson" \
    "$@" >"$report_dir/$name.log" 2>&1 || run_status=$?
  if [ "$run_status" -ne 0 ]; then
    cat "$report_dir/$name.log"
    status=$run_status
  fi
  echo "fuzz: $phases took $(($(date +%s) - started)) s (exit $run_status; console output $report_dir/$name.log)"
}
# The phases that use the seeded records first: the confirms before anything else, while the
# held bookings' 10-minute holds last (on a loaded machine the fuzzing phase of every operation
# takes longer); then the ones that derive their cases from the schemas alone.
run held fuzzing --include-operation-id postBookingsConfirm --include-operation-id partnerPostBookingsConfirm "$@"
run data fuzzing,stateful "$@"
run schema examples,coverage "$@"

if [ "$status" -ne 0 ]; then
  echo "fuzz: schemathesis found failures (exit $status); the platform's log is $report_dir/platform.log" >&2
fi
# Per operation group, the operations that answered a success; fails on one that can and never did.
node scripts/fuzz-api-summary.mjs "$data_dir/openapi.json" "$report_dir"/{held,data,schema}.ndjson ||
  status=$((status == 0 ? 1 : status))
exit "$status"
