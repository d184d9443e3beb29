import type { IncomingMessage } from 'node:http';
import { apiKey } from './stripe-standin-keys.js';

/**
 * The Stripe stand-in's check of a request against stripe-mock (stripe-mock-server.ts): the
 * request is sent as it came (method, path, query, body, headers); stripe-mock refuses what
 * Stripe's OpenAPI specification does not allow with a 4xx and Stripe's error body.
 */

export interface MockRefusal {
  /** stripe-mock's status, 0 when it could not be reached. */
  status: number;
  /** The body to answer. */
  text: string;
  /** stripe-mock's `error` object, or why it could not check. */
  error: unknown;
}

const TIMEOUT_MS = 10_000;
/** Headers not passed on: the connection's own, and what fetch computes. */
const HOP_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'accept-encoding',
]);

/**
 * Answers stripe-mock's refusal, or null when it accepts the request. stripe-mock takes only
 * `sk_test_x` or `rk_test_x` keys (nothing after a third underscore), so another key (a live
 * one) goes as a fixed test key: the request's shape is checked, not its key.
 */
export async function checkWithStripeMock(
  mockUrl: string,
  req: IncomingMessage,
  url: URL,
  body: string,
): Promise<MockRefusal | null> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_HEADERS.has(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const key = apiKey(req.headers.authorization);
  if (key !== null && !/^(?:sk|rk)_test_[^_]+$/.test(key)) headers.authorization = 'Bearer sk_test_standInValidation';
  const method = req.method ?? 'GET';
  try {
    const res = await fetch(`${mockUrl.replace(/\/$/, '')}${url.pathname}${url.search}`, {
      method,
      headers,
      ...(method === 'GET' || method === 'DELETE' ? {} : { body }),
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    if (res.status < 400) return null;
    if (res.status >= 500) return unchecked(`stripe-mock answered ${res.status}: ${text.slice(0, 500)}`, res.status);
    let error: unknown = text;
    try {
      error = (JSON.parse(text) as { error?: unknown }).error ?? text;
    } catch {
      // not JSON: the text is the error
    }
    return { status: res.status, text, error };
  } catch (err) {
    return unchecked(`stripe-mock at ${mockUrl} could not be reached: ${String(err)}`, 0);
  }
}

function unchecked(message: string, status: number): MockRefusal {
  const error = { type: 'api_error', message: `Stripe stand-in: ${message}` };
  return { status, text: JSON.stringify({ error }), error };
}
