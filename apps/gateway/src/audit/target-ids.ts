import { isId } from '@svc/rules';

/** The most target ids one record keeps: an answer names a handful; anything keyed by input is bounded. */
export const MAX_TARGET_IDS = 10;

/** `…Id` members holding an id, the tenant's own aside (every record names its tenant already). */
function idMembers(value: unknown): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([name, v]) =>
    name !== 'tenantId' && name.endsWith('Id') && typeof v === 'string' && isId(v) ? [v] : [],
  );
}

/**
 * The ids a route's path parameters (or a tool's arguments) name: what the change is asked to act on.
 */
export const idsInInput = (input: unknown): string[] => idMembers(input);

/**
 * The ids an answer names: its own `…Id` members and those of the records it carries one level
 * down (`{ booking: { bookingId, customerId, … } }`, `{ apiKey: { apiKeyId } }`), never secrets
 * or other values (only strings in the id shape count).
 */
export function idsInAnswer(data: unknown): string[] {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return [];
  return [...idMembers(data), ...Object.values(data).flatMap(idMembers)];
}

/** The lists joined, each id once, in first-seen order, at most MAX_TARGET_IDS. */
export function mergeTargets(...lists: string[][]): string[] {
  return [...new Set(lists.flat())].slice(0, MAX_TARGET_IDS);
}

/** The answer's own tenant id (an operator's tenant:create, the platform API's tenant create), or ''. */
export function tenantIdIn(data: unknown): string {
  if (typeof data !== 'object' || data === null) return '';
  const tenantId = (data as { tenantId?: unknown }).tenantId;
  return typeof tenantId === 'string' && isId(tenantId) ? tenantId : '';
}
