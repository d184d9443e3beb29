import { expect } from 'vitest';
import { json } from '@svc/testing';
import { dashboard, type DashboardSession } from './dashboard-fixture.js';

export interface CreatedKey {
  apiKey: { apiKeyId: string; tenantId: string; prefix: string; scopes: string[]; status: string };
  secret: string;
}

/** An API key made the way a tenant owner makes one: POST /api/api-keys on the dashboard. */
export async function createKey(base: string, owner: DashboardSession, scopes: string[], name = 'test key') {
  const res = await dashboard(base, owner)('POST', '/api/api-keys', { name, scopes });
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.data as CreatedKey;
}

/**
 * A partner API request: `Authorization: Bearer <secret>` (none for null), `X-Service-Tenant-Id`
 * (none for null), a JSON body when given, and any further headers.
 */
export function partner(base: string, secret: string | null, tenantId: string | null) {
  return (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const all: Record<string, string> = { ...headers };
    if (secret !== null) all.authorization = `Bearer ${secret}`;
    if (tenantId !== null) all['x-service-tenant-id'] = tenantId;
    if (body !== undefined) all['content-type'] = 'application/json';
    return fetch(`${base}${path}`, {
      method,
      headers: all,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  };
}

/** A partner create body for a slot (the public create's body; source defaults to partner_api). */
export const partnerBooking = (startsAtMs: number, n: number | string) => ({
  serviceSlug: 'checkup',
  startsAtMs,
  customer: { name: `Partner customer ${n}`, primaryEmail: `partner${n}@example.test` },
});
