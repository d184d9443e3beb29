import type { FormParams } from './stripe-form.js';

/**
 * Stripe's idempotent requests as its reference describes them
 * (https://docs.stripe.com/api/idempotent_requests): the first answer to a POST with an
 * `Idempotency-Key` is saved and replayed for the same endpoint and parameters; other
 * parameters under the key are refused. Keys are per account and mode; the newest 10,000 are
 * kept (Stripe keeps them a day).
 */

export interface SavedAnswer {
  status: number;
  body: string;
  requestId: string;
}

export type Lookup = { kind: 'new' } | { kind: 'replay'; saved: SavedAnswer } | { kind: 'conflict' };

const KEEP = 10_000;
export const MAX_IDEMPOTENCY_KEY = 255;

export class IdempotentAnswers {
  private readonly saved = new Map<string, SavedAnswer & { fingerprint: string }>();

  lookup(scope: string, method: string, path: string, params: FormParams): Lookup {
    const earlier = this.saved.get(scope);
    if (!earlier) return { kind: 'new' };
    return earlier.fingerprint === fingerprint(method, path, params)
      ? { kind: 'replay', saved: earlier }
      : { kind: 'conflict' };
  }

  save(scope: string, method: string, path: string, params: FormParams, answer: SavedAnswer): void {
    this.saved.set(scope, { ...answer, fingerprint: fingerprint(method, path, params) });
    if (this.saved.size > KEEP) this.saved.delete(this.saved.keys().next().value as string);
  }
}

function fingerprint(method: string, path: string, params: FormParams): string {
  return `${method} ${path} ${canonical(params)}`;
}

/** Parameters in a stable order, to compare a retry's with the first request's. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
