import type { z } from 'zod';
import { ERROR_CODES, isErrorCode, type ErrorCode } from '@svc/errors';
import {
  checksCsrf,
  isDashboardAccess,
  isKeyAccess,
  isManageAccess,
  isPlatformAccess,
  manageActionOf,
  scopesOf,
  type Access,
  type GuardOptions,
} from '../auth/principal.js';
import { errorEnvelope } from './envelope.js';

/**
 * What a route definition says about its auth and its failures, for the words of its OpenAPI
 * operation: the API reference (GET /docs) and every tool reading /openapi.json show them
 * (docs/decisions.md "Front door and API reference").
 */
export interface OperationFacts {
  access: Access;
  guard: GuardOptions;
  /** The route has rate limits of its own (defineRoute `limits`). */
  limited: boolean;
  /** The route has path parameters (an id, a slug, a token that may name nothing). */
  params: boolean;
  description?: string | undefined;
}

/** A code an answer can carry, at the status it comes with there. */
export interface CodeAt {
  code: ErrorCode;
  status: number;
}

/**
 * The auth of an operation in words, scopes included: OpenAPI's `security` names the scheme, but
 * renderers show the scopes only of OAuth schemes.
 */
export function authSentence({ access, guard }: OperationFacts): string {
  if (isKeyAccess(access)) {
    const scopes = scopesOf(access)
      .map((s) => `\`${s}\``)
      .join(' or ');
    return (
      `**Auth:** a partner API key (\`Authorization: Bearer sk_live_…\`, its tenant in \`X-Service-Tenant-Id\`) ` +
      `with the scope ${scopes} (\`*\` grants every scope).`
    );
  }
  if (isPlatformAccess(access)) return '**Auth:** a platform key (`Authorization: Bearer pk_live_…`).';
  if (isManageAccess(access)) {
    return `**Auth:** the customer's manage token in the path, allowing \`${manageActionOf(access)}\`; no cookie is read.`;
  }
  if (!isDashboardAccess(access)) return '**Auth:** none; no cookie is read.';
  const who = guard.ownerOnly
    ? 'an owner of the workspace'
    : access === 'dashboard:write' || guard.writeRole
      ? 'a member who may make changes (owner or admin)'
      : 'any member of the workspace';
  const csrf = checksCsrf(access, guard) ? ' with its `X-Service-CSRF` header' : '';
  return `**Auth:** the dashboard session cookie${csrf}, of ${who}.`;
}

/** The codes the guard, the limits and the input checks of an operation answer with. */
function checkedCodes({ access, guard, limited, params }: OperationFacts): ErrorCode[] {
  const codes: ErrorCode[] = ['VALIDATION_ERROR'];
  if (isDashboardAccess(access)) {
    codes.push('AUTH_REQUIRED', 'SESSION_EXPIRED', 'FORBIDDEN', 'ORIGIN_NOT_ALLOWED');
    if (checksCsrf(access, guard)) codes.push('CSRF_INVALID');
    if ((guard.tenant ?? 'active') === 'active') codes.push('TENANT_INACTIVE');
    if (access === 'dashboard:write') codes.push('RATE_LIMITED');
  }
  if (isKeyAccess(access)) codes.push('AUTH_REQUIRED', 'FORBIDDEN', 'TENANT_INACTIVE', 'RATE_LIMITED');
  if (isPlatformAccess(access)) codes.push('AUTH_REQUIRED', 'RATE_LIMITED');
  if (isManageAccess(access)) codes.push('NOT_FOUND', 'FORBIDDEN', 'TENANT_INACTIVE');
  if (limited) codes.push('RATE_LIMITED');
  if (params) codes.push('NOT_FOUND');
  return codes;
}

/**
 * The codes an operation's error answers can carry: what its checks answer, and every code its
 * description names, at the status the description gives it (`BOOKING_POLICY_BLOCKED 503`) or
 * else its status in the table (libs/errors codes.ts). Each code once per status, sorted by
 * status, then name.
 */
export function errorCodesOf(facts: OperationFacts): CodeAt[] {
  const named = [...(facts.description ?? '').matchAll(/\b([A-Z][A-Z_]+[A-Z])\b(?: (\d{3})\b)?/g)].flatMap(
    ([, word, status]) => (word && isErrorCode(word) ? [{ code: word, status: Number(status ?? ERROR_CODES[word].http) }] : []),
  );
  const all = [...checkedCodes(facts).map((code) => ({ code, status: ERROR_CODES[code].http })), ...named];
  const unique = new Map(all.map((c) => [`${c.status} ${c.code}`, c]));
  return [...unique.values()].sort((a, b) => a.status - b.status || a.code.localeCompare(b.code));
}

/** `- 403 \`FORBIDDEN\`, \`TENANT_INACTIVE\`` lines, one per status. */
function byStatus(codes: CodeAt[], note: Partial<Record<number, string>> = {}): string {
  const statuses = [...new Set(codes.map((c) => c.status))];
  return statuses
    .map((status) => {
      const names = codes.filter((c) => c.status === status).map((c) => `\`${c.code}\``);
      return `- ${status} ${names.join(', ')}${note[status] ?? ''}`;
    })
    .join('\n');
}

const TABLE = 'Every code with its status: docs/api-conventions.md "Errors and their HTTP status".';
/** Every operation can fail so; the booking paths answer an outage with their own code. */
const FAULT =
  '- 500 `INTERNAL_ERROR`: a fault, or with `Retry-After` a store or service that cannot be reached (on the ' +
  'booking paths such an outage is `BOOKING_POLICY_BLOCKED` 503, docs/api-conventions.md "Outages")';

/**
 * The operation's error answers (the envelope) with the codes they can carry, by status, in their
 * descriptions, where renderers show them beside the example.
 */
export function errorResponsesOf(facts: OperationFacts): { '4xx': z.ZodType; '5xx': z.ZodType } {
  const codes = errorCodesOf(facts);
  const client = byStatus(
    codes.filter((c) => c.status < 500),
    { 400: ' (also 405 for a method the path does not allow, 413 and 415 for a body)' },
  );
  const others = codes.filter((c) => c.status >= 500 && c.code !== 'INTERNAL_ERROR');
  const server = [FAULT, ...(others.length > 0 ? [byStatus(others)] : [])].join('\n');
  return {
    '4xx': errorEnvelope.describe(`The error envelope; \`error.code\` by status:\n${client}\n\n${TABLE}`),
    '5xx': errorEnvelope.describe(`The error envelope; \`error.code\` by status:\n${server}\n\n${TABLE}`),
  };
}
