import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { launchServer } from './child-process.js';
import { freePort } from './free-port.js';
import { findOnPath, isExecutable } from './on-path.js';
import { repoRoot } from './repo-root.js';

/**
 * Stripe's own mock server, stripe-mock (Go module github.com/stripe/stripe-mock, built by
 * scripts/fetch-stripe-mock.sh), on 127.0.0.1. It answers every documented endpoint of the
 * Stripe API from its bundled OpenAPI specification and refuses a request that the
 * specification does not allow (an unknown parameter, a wrong type, a missing required one) with
 * Stripe's 400 error body. It keeps no state: what it answers is a fixture, so the stateful
 * stand-in (stripe-standin.ts) sends it every request first to prove the request valid.
 */
export interface StripeMockServer {
  /** Its base URL, e.g. `http://127.0.0.1:12111` (the API is under `/v1`). */
  readonly url: string;
  /** Kills the server and resolves once it has exited. Safe to call twice. */
  stop(): Promise<void>;
}

/** The version scripts/fetch-stripe-mock.sh builds; docs/testing.md says why this one. */
export const STRIPE_MOCK_VERSION = 'v0.203.0';

const READY_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 5_000;
/** A freshly picked port can be taken by someone else before stripe-mock binds it; try a few. */
const START_ATTEMPTS = 3;

/**
 * Where stripe-mock is: STRIPE_MOCK_BIN, else .cache/bin (scripts/fetch-stripe-mock.sh), else
 * PATH, else the Go bin folders `go install` writes to (GOBIN, each GOPATH's bin, ~/go/bin).
 */
export function stripeMockPath(): string | null {
  const fromEnv = process.env.STRIPE_MOCK_BIN;
  if (fromEnv) return isExecutable(fromEnv) ? fromEnv : null;
  const goBins = [
    process.env.GOBIN,
    ...(process.env.GOPATH ?? '').split(delimiter).map((p) => (p ? join(p, 'bin') : undefined)),
    join(homedir(), 'go', 'bin'),
  ];
  const candidates = [join(repoRoot(), '.cache', 'bin', 'stripe-mock'), findOnPath('stripe-mock')];
  for (const dir of goBins) if (dir) candidates.push(join(dir, 'stripe-mock'));
  return candidates.find((c): c is string => c !== null && isExecutable(c)) ?? null;
}

/** Why no stripe-mock can be started here, or null when one can (for serverGate). */
export function stripeMockMissing(): string | null {
  if (stripeMockPath()) return null;
  const fromEnv = process.env.STRIPE_MOCK_BIN;
  return fromEnv
    ? `STRIPE_MOCK_BIN=${fromEnv} is not an executable file`
    : 'stripe-mock was found neither in .cache/bin, on PATH nor in the Go bin folder: run scripts/fetch-stripe-mock.sh (or set STRIPE_MOCK_BIN)';
}

/** Starts stripe-mock on a free loopback port and resolves once it answers the API. */
export async function startStripeMock(): Promise<StripeMockServer> {
  const bin = stripeMockPath();
  if (!bin) throw new Error(stripeMockMissing() ?? 'stripe-mock not found');
  let lastError: unknown;
  for (let attempt = 0; attempt < START_ATTEMPTS; attempt++) {
    try {
      return await startOn(bin, await freePort());
    } catch (err) {
      lastError = err;
    }
  }
  throw lastError;
}

async function startOn(bin: string, port: number): Promise<StripeMockServer> {
  // -http-addr binds the loopback address only (-http-port would listen on every interface),
  // but unlike -http-port it leaves stripe-mock's HTTPS listener on, at its fixed default port
  // 12112, which a second stripe-mock could not bind: that one goes to a port the system picks.
  const url = `http://127.0.0.1:${port}`;
  const stop = await launchServer(bin, ['-http-addr', `127.0.0.1:${port}`, '-https-addr', '127.0.0.1:0'], {
    name: `stripe-mock on port ${port}`,
    readyTimeoutMs: READY_TIMEOUT_MS,
    stopTimeoutMs: STOP_TIMEOUT_MS,
    answers: () => answersAsStripeMock(url),
  });
  return { url, stop };
}

/**
 * Whether stripe-mock answers at `url`: its own header on an authenticated request, so another
 * server that took the port in the meantime does not pass for it.
 */
async function answersAsStripeMock(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/v1/account`, {
      headers: { authorization: 'Bearer sk_test_123' },
      signal: AbortSignal.timeout(2_000),
    });
    await res.arrayBuffer();
    return res.ok && res.headers.has('stripe-mock-version');
  } catch {
    return false;
  }
}
