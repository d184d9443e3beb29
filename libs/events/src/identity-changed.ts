/**
 * The identity service's events on `identity.events` (docs/decisions.md "Identity service"): a
 * credential or the decision on it changed, so whatever a gateway cached of it must go. One
 * writing and one reading of them, for the identity service and every gateway.
 */
import { randomUUID } from 'node:crypto';
import type { BusMessage } from './event-bus.js';
import { isRecord } from '@svc/rules';
import { parseEnvelope } from './envelope.js';

export const IDENTITY_CHANGED = 'identity.changed';

/** What changed: one session, one key, or one user's membership of one tenant. */
export type IdentityChange =
  | { kind: 'session'; sessionId: string }
  | { kind: 'api_key'; apiKeyId: string }
  | { kind: 'platform_key'; platformKeyId: string }
  | { kind: 'membership'; userId: string; tenantId: string };

const KINDS: Record<IdentityChange['kind'], readonly string[]> = {
  session: ['sessionId'],
  api_key: ['apiKeyId'],
  platform_key: ['platformKeyId'],
  membership: ['userId', 'tenantId'],
};

/** The bus message of a change: an envelope keyed by the first id it names. */
export function identityChangedMessage(change: IdentityChange, occurredAtMs: number): BusMessage {
  const names = KINDS[change.kind];
  const record = change as unknown as Record<string, string>;
  return {
    key: record[names[0] as string] as string,
    value: JSON.stringify({
      id: randomUUID(),
      type: IDENTITY_CHANGED,
      payloadVersion: 1,
      occurredAtMs,
      data: change,
    }),
    headers: {},
  };
}

const filled = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The change a message carries, or why it is none (a reader skips it: retrying cannot fix it). */
export function identityChangeOf(value: string): { change: IdentityChange } | { problem: string } {
  const parsed = parseEnvelope(value);
  if ('problem' in parsed) return parsed;
  const { envelope } = parsed;
  if (envelope.type !== IDENTITY_CHANGED) return { problem: `not ${IDENTITY_CHANGED}` };
  const data = envelope.data;
  if (!isRecord(data) || !filled(data.kind) || !Object.hasOwn(KINDS, data.kind)) {
    return { problem: `${IDENTITY_CHANGED} without a known kind` };
  }
  const names = KINDS[data.kind as IdentityChange['kind']];
  if (!names.every((name) => filled(data[name]))) return { problem: `${IDENTITY_CHANGED} ${data.kind} without its ids` };
  const change = Object.fromEntries([['kind', data.kind], ...names.map((name) => [name, data[name]])]);
  return { change: change as IdentityChange };
}
