// The gateway's JSON API as the pages call it: same origin only (the CSP's connect-src 'self').
import type { ApiError } from './messages.js';

export type Answer<T> = { ok: true; data: T } | { ok: false; error: ApiError };

const NETWORK_ERROR: ApiError = { code: 'NETWORK', message: 'no answer' };

async function call<T>(url: string, init: RequestInit): Promise<Answer<T>> {
  try {
    const res = await fetch(url, {
      ...init,
      credentials: 'omit',
      headers: { accept: 'application/json', ...init.headers },
    });
    const body = (await res.json()) as Answer<T>;
    return body.ok ? { ok: true, data: body.data } : { ok: false, error: body.error };
  } catch {
    return { ok: false, error: NETWORK_ERROR };
  }
}

export const getJson = <T>(url: string): Promise<Answer<T>> => call<T>(url, { method: 'GET' });

export const postJson = <T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> =>
  call<T>(url, {
    method: 'POST',
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/**
 * A fresh Idempotency-Key. getRandomValues, not randomUUID: the latter exists only in secure
 * contexts, and a gateway may be opened over plain http on a LAN address.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return 'page-' + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
