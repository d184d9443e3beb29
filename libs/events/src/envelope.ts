import { isRecord } from '@svc/rules';

/**
 * A topic message's event envelope (`id`, `type`, `payloadVersion`, `occurredAtMs`, `data`, as
 * docs/architecture.md "Events" describes it) as a JSON object for its reader to check, or why
 * the message is none (a reader skips it: retrying cannot fix it).
 */
export function parseEnvelope(value: string): { envelope: Record<string, unknown> } | { problem: string } {
  let envelope: unknown;
  try {
    envelope = JSON.parse(value);
  } catch {
    return { problem: 'not JSON' };
  }
  if (!isRecord(envelope)) return { problem: 'not a JSON object' };
  return { envelope };
}
