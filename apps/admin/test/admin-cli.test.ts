import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, json, repoRoot } from '@svc/testing';

const root = repoRoot();
const dataDir = mkdtempSync(join(tmpdir(), 'admin-cli-'));
// Only what a person's shell would have: vitest's own variables (BASE_URL=/ among them) stay out.
const shellEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
let base = '';
let stopPlatform: () => Promise<void> = async () => {};

/** The platform as `npm start` runs it (the built entry point), on a free port. */
beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(root, 'apps/platform/dist/main.js')], {
    env: { ...shellEnv, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  stopPlatform = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  const until = Date.now() + 30_000;
  while (!out.includes('is running at')) {
    if (Date.now() > until || child.exitCode !== null) throw new Error(`platform did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
});
afterAll(async () => {
  await stopPlatform();
  rmSync(dataDir, { recursive: true, force: true });
});

/** `npm run --silent admin -- ...` from the repository root, as the README shows it. */
function admin(...args: string[]) {
  const r = spawnSync('npm', ['run', '--silent', 'admin', '--', ...args], {
    cwd: root,
    env: { ...shellEnv, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, json: () => JSON.parse(r.stdout) };
}

describe('operator CLI against a started platform', () => {
  let session: { cookie: string; csrfToken: string; expiresAtMs: number };

  it('tenant:create prints the tenant and its owner', () => {
    const r = admin(
      'tenant:create',
      '--slug',
      'acme',
      '--name',
      'Acme Dental',
      '--timezone',
      'Europe/Berlin',
      '--owner-email',
      'owner@acme.test',
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(r.json()).toEqual({
      tenantId: expect.stringMatching(/^ten_/),
      slug: 'acme',
      ownerUserId: expect.any(String),
    });
  });

  it('member:add adds a member with a role', () => {
    const r = admin('member:add', '--tenant', 'acme', '--email', 'viewer@acme.test', '--role', 'tenant_viewer');
    expect(r.status).toBe(0);
    expect(r.json()).toEqual({ userId: expect.any(String), role: 'tenant_viewer' });
  });

  it('session:create mints a working dashboard session', async () => {
    const r = admin('session:create', '--tenant', 'acme', '--email', 'owner@acme.test');
    expect(r.status).toBe(0);
    session = r.json();
    expect(session.cookie).toMatch(/^__Host-service_session=[A-Za-z0-9_-]{40,}$/);
    expect(session.expiresAtMs).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const res = await fetch(`${base}/api/session`, { headers: { cookie: session.cookie } });
    const body = await json(res);
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({
      user: { email: 'owner@acme.test' },
      tenant: { slug: 'acme' },
      role: 'tenant_owner',
      csrfToken: session.csrfToken,
    });
  });

  it('session:link prints a one-time sign-in URL: the first use signs in, a second is refused', async () => {
    const r = admin('session:link', '--tenant', 'acme', '--email', 'owner@acme.test');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const { url, expiresAtMs } = r.json();
    expect(url).toMatch(new RegExp(`^${base}/auth/link\\?token=[A-Za-z0-9_-]{43}$`));
    expect(expiresAtMs).toBeGreaterThan(Date.now() + 9 * 60_000);
    const first = await fetch(url, { redirect: 'manual' });
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/dashboard');
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    const res = await fetch(`${base}/api/session`, { headers: { cookie } });
    expect((await json(res)).data).toMatchObject({ user: { email: 'owner@acme.test' }, role: 'tenant_owner' });
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(401);
    // Not for someone who is no member.
    const stranger = admin('session:link', '--tenant', 'acme', '--email', 'nobody@acme.test');
    expect(stranger.status).not.toBe(0);
    expect(stranger.stderr).toContain('nobody@acme.test is not a member of acme');
  });

  it('with that cookie and CSRF token, creates a service, staff, a resource and weekly rules, all listed', async () => {
    const headers = { cookie: session.cookie, 'x-service-csrf': session.csrfToken, 'content-type': 'application/json' };
    const post = async (path: string, body: object) => {
      const res = await fetch(base + path, { method: 'POST', headers, body: JSON.stringify(body) });
      const parsed = await json(res);
      expect(res.status, JSON.stringify(parsed)).toBe(201);
      return parsed.data;
    };
    const staff = await post('/api/staff', { displayName: 'Dr. Lena Weber' });
    const resource = await post('/api/resources', { type: 'room', name: 'Room 1' });
    const service = await post('/api/services', {
      slug: 'cleaning',
      name: 'Cleaning',
      durationMin: 30,
      staffIds: [staff.staffId],
    });
    for (const weekday of [1, 2, 3, 4, 5]) {
      await post('/api/availability-rules', { ownerType: 'tenant', weekday, startMinute: 540, endMinute: 1020 });
    }
    const list = async (path: string) =>
      (await json(await fetch(base + path, { headers: { cookie: session.cookie } }))).data.items;
    expect((await list('/api/services')).map((s: { serviceId: string }) => s.serviceId)).toEqual([service.serviceId]);
    expect((await list('/api/staff')).map((s: { staffId: string }) => s.staffId)).toEqual([staff.staffId]);
    expect((await list('/api/resources')).map((r: { resourceId: string }) => r.resourceId)).toEqual([
      resource.resourceId,
    ]);
    expect(await list('/api/availability-rules')).toHaveLength(5);
    const doc = await json(await fetch(`${base}/openapi.json`));
    for (const path of ['/api/services', '/api/staff', '/api/resources', '/api/availability-rules']) {
      expect(doc.paths[path]?.post, path).toBeDefined();
    }
  });

  it('apikey:create prints a key that works on the partner API, once', async () => {
    const r = admin('apikey:create', '--tenant', 'acme', '--name', 'ci', '--scopes', '*');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const key = r.json();
    expect(key).toEqual({ apiKeyId: expect.stringMatching(/^key_/), secret: expect.stringMatching(/^sk_live_/) });
    const tenantId = (await json(await fetch(`${base}/api/session`, { headers: { cookie: session.cookie } }))).data
      .tenant.tenantId;
    const res = await fetch(`${base}/v1/bookings`, {
      headers: { authorization: `Bearer ${key.secret}`, 'x-service-tenant-id': tenantId },
    });
    expect(res.status).toBe(200);
    // The dashboard lists it with its prefix only.
    const listed = await fetch(`${base}/api/api-keys`, { headers: { cookie: session.cookie } });
    const text = await listed.text();
    expect(text).toContain(key.secret.slice(0, 12));
    expect(text).not.toContain(key.secret);

    const narrow = admin(
      'apikey:create',
      '--tenant',
      'acme',
      '--name',
      'reader',
      '--scopes',
      'booking:read, branding:read',
    );
    expect(narrow.status).toBe(0);
    const branding = await fetch(`${base}/v1/branding`, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${narrow.json().secret}`,
        'x-service-tenant-id': tenantId,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ primaryColor: '#000000' }),
    });
    expect(branding.status).toBe(403);
  });

  it('tenant:set-status suspends the tenant, and its dashboard answers TENANT_INACTIVE', async () => {
    const r = admin('tenant:set-status', '--tenant', 'acme', '--status', 'suspended');
    expect(r.status).toBe(0);
    expect(r.json()).toEqual({ tenantId: expect.stringMatching(/^ten_/), status: 'suspended' });
    const res = await fetch(`${base}/api/services`, { headers: { cookie: session.cookie } });
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe('TENANT_INACTIVE');
  });

  it('--help prints the usage on stdout and exits 0', () => {
    const r = admin('--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^usage: npm run --silent admin -- <command>/);
    expect(r.stdout).toContain('tenant:set-status --tenant acme --status active|disabled|suspended');
  });

  it('names what is wrong with an invalid option value', () => {
    const r = admin(
      'tenant:create',
      '--slug',
      'beta',
      '--name',
      'Beta',
      '--timezone',
      'Europe/Berlin',
      '--owner-email',
      'not-an-email',
    );
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('admin: tenant:create: --owner-email: must be an email address\n');
  });

  // Eight CLI processes one after the other: on a loaded 2-core machine (the distributed-profile
  // suite runs beside this one) that can take longer than the default 30 s.
  it('explains bad input on stderr and exits non-zero, printing nothing on stdout', { timeout: 120_000 }, () => {
    for (const args of [
      [
        'tenant:create',
        '--slug',
        'Bad Slug',
        '--name',
        'x',
        '--timezone',
        'Europe/Berlin',
        '--owner-email',
        'o@x.test',
      ],
      ['member:add', '--tenant', 'acme', '--email', 'a@b.test', '--role', 'emperor'],
      ['session:create', '--tenant', 'nope', '--email', 'owner@acme.test'],
      ['session:create', '--tenant', 'acme', '--email', 'stranger@acme.test'],
      ['apikey:create', '--tenant', 'acme', '--name', 'x', '--scopes', 'booking:delete'],
      ['apikey:create', '--tenant', 'nope', '--name', 'x', '--scopes', '*'],
      [
        'tenant:create',
        '--slug',
        'acme',
        '--name',
        'Again',
        '--timezone',
        'Europe/Berlin',
        '--owner-email',
        'o@x.test',
      ],
      ['frobnicate'],
    ]) {
      const r = admin(...args);
      expect(r.status, args.join(' ')).not.toBe(0);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^admin: .+/);
    }
  });
});
