/**
 * The checks of what a caller sends the identity service (docs/api-conventions.md "Input
 * rules"): every bad field is a VALIDATION_ERROR naming it, never a 500. Pure.
 */
import { validationError } from '@svc/errors';
import { API_KEY_SCOPES, API_KEY_WILDCARD, API_KEY_SCOPE_MESSAGE, isRole, pageLimit, pageLimitMessage, ROLES, type GrantedScope, type Role } from '@svc/rules';
import { decodePageCursor, PAGE_CURSOR_MESSAGE } from '@svc/store';

/** A field that must not be empty (an id, a token, a name). */
export function required(value: string, path: string): string {
  if (value === '') throw validationError([{ path, message: 'is required' }]);
  return value;
}

export function parseRole(value: string, path = 'role'): Role {
  if (!isRole(value)) throw validationError([{ path, message: `must be one of ${ROLES.join(', ')}` }]);
  return value;
}

export function parseScopes(values: readonly string[]): GrantedScope[] {
  const known: readonly string[] = [...API_KEY_SCOPES, API_KEY_WILDCARD];
  const bad = values.findIndex((s) => !known.includes(s));
  if (bad >= 0) throw validationError([{ path: `scopes.${bad}`, message: API_KEY_SCOPE_MESSAGE }]);
  return values as GrantedScope[];
}

/** A page of an identity list: limit 0 is the default, a cursor must be one this service made. */
export function parsePage(page: { limit: number; cursor: string } | undefined): { limit: number; cursor?: string } {
  const limit = pageLimit(page?.limit ?? 0, 'identity');
  if (limit === null) throw validationError([{ path: 'limit', message: pageLimitMessage('identity') }]);
  const cursor = page?.cursor ?? '';
  if (cursor === '') return { limit };
  if (!decodePageCursor(cursor)) throw validationError([{ path: 'cursor', message: PAGE_CURSOR_MESSAGE }]);
  return { limit, cursor };
}
