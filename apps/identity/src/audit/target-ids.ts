import { isId } from '@svc/rules';

/** The most target ids one record keeps: an answer names a handful; anything keyed by input is bounded. */
export const MAX_TARGET_IDS = 10;

/**
 * The ids a record keeps of what its caller named (the path's, the tool arguments' and the
 * answer's `…Id` members, picked by @svc/grpc's audit client): only strings in the id shape, each
 * once, in first-seen order, at most MAX_TARGET_IDS.
 */
export function mergeTargets(...lists: string[][]): string[] {
  return [...new Set(lists.flat().filter(isId))].slice(0, MAX_TARGET_IDS);
}

/** The tenant a completion names (a change that created one), when it is in the id shape; else ''. */
export const tenantIdOf = (tenantId: string): string => (isId(tenantId) ? tenantId : '');
