// The operator CLI's commands in the audit log (docs/decisions.md "Audit log"): each command that
// changes something is one record, actor `operator`, the command as its operation, visible to
// the tenant's owners through GET /api/audit-events. An unknown --tenant is refused before
// anything is recorded; a command the catalog refuses is recorded failed.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@svc/gateway';
import { connectService, type AuditClient } from '@svc/grpc';
import { auditV1 } from '@svc/proto';
import { platformConfigSchema, startEmbeddedPlatform, type EmbeddedPlatform } from '@svc/platform';
import { freePort, json } from '@svc/testing';
import { parseCommand, type ParsedCommand } from '../src/args.js';
import { adminConfigSchema } from '../src/config.js';
import { connectToPlatform, type PlatformConnection } from '../src/platform-connection.js';
import { runCommand } from '../src/run-command.js';

const dataDir = mkdtempSync(join(tmpdir(), 'admin-audit-'));
let platform: EmbeddedPlatform;
let conn: PlatformConnection;
let audit: AuditClient;

beforeAll(async () => {
  platform = await startEmbeddedPlatform(
    platformConfigSchema.parse({ PORT: await freePort(), DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMITS: 'off' }),
  );
  conn = await connectToPlatform(adminConfigSchema.parse({ DATA_DIR: dataDir }));
  audit = connectService(auditV1.AuditServiceService, platform.services.identity.address);
});
afterAll(async () => {
  audit?.close();
  await conn?.close();
  await platform?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The records that name no tenant, newest first, through AuditService (unset fields as null, as the route shows them). */
async function tenantlessRecords(): Promise<{ items: AuditEvent[] }> {
  const { items } = await audit.listAuditEvents({ tenantId: '', page: { limit: 100, cursor: '' } });
  return {
    items: items.map((e) => ({
      ...e,
      actor: { type: e.actor!.type, id: e.actor!.id, role: e.actor!.role ?? null },
      clientAddress: e.clientAddress ?? null,
      errorCode: e.errorCode ?? null,
      completedAtMs: e.completedAtMs ?? null,
    })) as AuditEvent[],
  };
}

/** `admin <argv…>` as main.ts runs it, in this process. */
const admin = (...argv: string[]) => runCommand(conn, parseCommand(argv) as ParsedCommand) as Promise<any>;

describe('operator commands in the audit log', () => {
  it('records each command once, actor operator, with the ids it answers', async () => {
    const tenant = await admin(
      'tenant:create',
      '--slug',
      'cli-audit',
      '--name',
      'CLI Audit',
      '--timezone',
      'Europe/Berlin',
      '--owner-email',
      'owner@cli-audit.test',
    );
    const member = await admin(
      'member:add',
      '--tenant',
      'cli-audit',
      '--email',
      'staff@cli-audit.test',
      '--role',
      'tenant_staff',
    );
    const key = await admin('apikey:create', '--tenant', 'cli-audit', '--name', 'ci', '--scopes', '*');
    const session = await admin('session:create', '--tenant', 'cli-audit', '--email', 'owner@cli-audit.test');

    const res = await fetch(`${platform.url}/api/audit-events`, { headers: { cookie: session.cookie } });
    expect(res.status).toBe(200);
    const items = (await json(res)).data.items as AuditEvent[];
    const operator = { type: 'operator', id: 'operator', role: null };
    const common = {
      tenantId: tenant.tenantId,
      actor: operator,
      surface: 'cli',
      clientAddress: null,
      outcome: 'succeeded',
      errorCode: null,
    };
    expect(items).toEqual([
      expect.objectContaining({ ...common, operation: 'session:create', targetIds: [] }),
      expect.objectContaining({ ...common, operation: 'apikey:create', targetIds: [key.apiKeyId] }),
      expect.objectContaining({ ...common, operation: 'member:add', targetIds: [member.userId] }),
      // The tenant it created is the record's tenant, learnt from the answer.
      expect.objectContaining({ ...common, operation: 'tenant:create', targetIds: [tenant.ownerUserId] }),
    ]);
    expect(new Set(items.map((e) => e.requestId)).size).toBe(items.length);
    // The secret and the cookie the commands printed are nowhere in the records.
    expect(JSON.stringify(items)).not.toContain(key.secret);
    expect(JSON.stringify(items)).not.toContain(session.cookie.split('=')[1]);
  });

  it('an unknown --tenant is refused before anything is recorded; a refused create is recorded failed', async () => {
    const before = (await tenantlessRecords()).items.length;
    await expect(
      admin('member:add', '--tenant', 'no-such-tenant', '--email', 'x@y.test', '--role', 'tenant_staff'),
    ).rejects.toThrow(/not found/i);
    expect((await tenantlessRecords()).items.length).toBe(before);

    // The slug is taken: the catalog refuses it, and no tenant is learnt from an answer.
    await expect(
      admin(
        'tenant:create',
        '--slug',
        'cli-audit',
        '--name',
        'Again',
        '--timezone',
        'Europe/Berlin',
        '--owner-email',
        'o@cli.test',
      ),
    ).rejects.toThrow();
    const [failed] = (await tenantlessRecords()).items;
    expect(failed).toMatchObject({
      tenantId: '',
      operation: 'tenant:create',
      actor: { type: 'operator', id: 'operator', role: null },
      outcome: 'failed',
      errorCode: expect.stringMatching(/^[A-Z_]+$/),
    });
  });
});

describe('platform key commands', () => {
  it('create prints the secret once; the key opens /platform/v1 until revoke; list shows no secret', async () => {
    const before = (await tenantlessRecords()).items.length;
    const key = await admin('platformkey:create', '--name', 'reseller');
    expect(key).toEqual({
      platformKeyId: expect.stringMatching(/^plk_/),
      prefix: key.secret.slice(0, 12),
      secret: expect.stringMatching(/^pk_live_[A-Za-z0-9_-]{43}$/),
    });
    const tenants = () =>
      fetch(`${platform.url}/platform/v1/tenants`, { headers: { authorization: `Bearer ${key.secret}` } });
    expect((await tenants()).status).toBe(200);

    const listed = await admin('platformkey:list');
    expect(listed.items).toEqual([
      expect.objectContaining({ platformKeyId: key.platformKeyId, name: 'reseller', status: 'active' }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(key.secret);

    expect(await admin('platformkey:revoke', '--id', key.platformKeyId)).toMatchObject({ status: 'revoked' });
    expect((await tenants()).status).toBe(401);
    await expect(admin('platformkey:revoke', '--id', 'plk_unknown')).rejects.toThrow(/not found/i);

    // Create and revoke are recorded, with no tenant (a platform key has none); the list, a read, is not.
    const all = (await tenantlessRecords()).items;
    const records = all.slice(0, all.length - before);
    const operator = { type: 'operator', id: 'operator', role: null };
    expect(records).toEqual([
      expect.objectContaining({ operation: 'platformkey:revoke', outcome: 'failed', errorCode: 'NOT_FOUND' }),
      expect.objectContaining({ operation: 'platformkey:revoke', actor: operator, targetIds: [key.platformKeyId] }),
      expect.objectContaining({ operation: 'platformkey:create', actor: operator, targetIds: [key.platformKeyId] }),
    ]);
    expect(JSON.stringify(records)).not.toContain(key.secret);
  });
});
