// docs/decisions.md "Webhooks", URL policy. The resolver is injected: no test resolves a real
// name or sends anything to the refused addresses.

import { describe, expect, it } from 'vitest';
import {
  HTTP_LOOPBACK_ONLY,
  NOT_ALLOWED_ADDRESS,
  NOT_ALLOWED_ADDRESS_LOOPBACK,
  UrlPolicy,
  type Resolver,
} from '../src/url-policy.js';

const DNS: Record<string, string[]> = {
  'hooks.example.com': ['93.184.216.34', '2606:2800:220:1::1'],
  'rebind.example.com': ['93.184.216.34', '10.0.0.7'],
  'metadata.example.com': ['169.254.169.254'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
  localhost: ['127.0.0.1', '::1'],
  'internal.svc': ['10.1.2.3'],
};
const resolve: Resolver = async (host) => {
  const found = DNS[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found;
};

const distributed = new UrlPolicy({ allowLoopback: false, allowlist: [], resolve });
const development = new UrlPolicy({ allowLoopback: true, allowlist: [], resolve });

async function problem(policy: UrlPolicy, url: string): Promise<string | null> {
  const check = await policy.check(url);
  return check.ok ? null : check.problem;
}

describe('URL policy, distributed profile', () => {
  it('takes https to public addresses and hands back every checked address', async () => {
    const check = await distributed.check('https://hooks.example.com/booking?x=1');
    expect(check).toEqual({
      ok: true,
      url: new URL('https://hooks.example.com/booking?x=1'),
      addresses: DNS['hooks.example.com'],
    });
    expect(await problem(distributed, 'https://93.184.216.34/hook')).toBeNull();
  });

  it('refuses http, other schemes and private, link-local, loopback or CGNAT addresses', async () => {
    expect(await problem(distributed, 'http://10.0.0.1/hook')).toBe('must be an https URL');
    expect(await problem(distributed, 'http://169.254.169.254/')).toBe('must be an https URL');
    expect(await problem(distributed, 'ftp://hooks.example.com/x')).toBe('must be an https URL');
    for (const url of [
      'https://10.0.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.1.1/',
      'https://[::1]/',
      'https://[fd00::1]/',
      'https://0.0.0.0/',
      'https://2130706433/', // 127.0.0.1 spelled as one number
      'https://metadata.example.com/',
      'https://mapped.example.com/',
      'https://localhost/hook', // a name that resolves to loopback
    ]) {
      expect(await problem(distributed, url), url).toBe(NOT_ALLOWED_ADDRESS);
    }
  });

  it('refuses a host when any of its addresses is not public', async () => {
    expect(await problem(distributed, 'https://rebind.example.com/')).toBe(NOT_ALLOWED_ADDRESS);
  });

  it('refuses a host that does not resolve exactly as one that is not public, as something a later attempt may get past', async () => {
    // The same answer for both, so a tenant admin cannot map the platform's internal names.
    const internal = await distributed.check('https://internal.svc/');
    const nowhere = await distributed.check('https://nowhere.example.com/');
    expect(internal).toEqual({ ok: false, problem: NOT_ALLOWED_ADDRESS, retryable: true });
    expect(nowhere).toEqual(internal);
    // With loopback targets allowed, over https and over http alike.
    expect(await development.check('https://nowhere.example.com/')).toEqual(
      await development.check('https://internal.svc/'),
    );
    expect(await development.check('http://nowhere.example.com/')).toEqual(
      await development.check('http://internal.svc/'),
    );
    expect(await development.check('http://nowhere.example.com/')).toEqual({
      ok: false,
      problem: HTTP_LOOPBACK_ONLY,
      retryable: true,
    });
    // An allowlisted name that does not resolve says the same.
    const allowlisted = new UrlPolicy({ allowLoopback: false, allowlist: ['gone.svc'], resolve });
    expect(await allowlisted.check('https://gone.svc/')).toEqual(internal);
  });

  it('lets WEBHOOK_URL_ALLOWLIST name hosts that skip the scheme and address rules', async () => {
    const policy = new UrlPolicy({ allowLoopback: false, allowlist: ['Internal.svc', '[fd00::5]'], resolve });
    expect(await problem(policy, 'http://internal.svc:8080/hook')).toBeNull();
    expect(await problem(policy, 'https://[fd00::5]/hook')).toBeNull();
    expect(await problem(policy, 'http://10.0.0.1/hook')).toBe('must be an https URL');
  });
});

describe('URL policy, loopback targets allowed (ALLOW_LOOPBACK_TARGETS=on)', () => {
  it('takes http and https to loopback', async () => {
    for (const url of [
      'http://127.0.0.1:9000/hook',
      'http://localhost:9000/hook',
      'http://[::1]/',
      'https://localhost/',
    ]) {
      expect(await problem(development, url), url).toBeNull();
    }
  });

  it('still refuses private and link-local addresses, and http elsewhere', async () => {
    expect(await problem(development, 'http://10.0.0.1/hook')).toContain('https');
    expect(await problem(development, 'http://169.254.169.254/')).toContain('https');
    expect(await problem(development, 'https://10.0.0.1/hook')).toBe(NOT_ALLOWED_ADDRESS_LOOPBACK);
    expect(await problem(development, 'https://169.254.169.254/')).toBe(NOT_ALLOWED_ADDRESS_LOOPBACK);
    expect(await problem(development, 'http://hooks.example.com/')).toBe(HTTP_LOOPBACK_ONLY);
    expect(await problem(development, 'ftp://127.0.0.1/')).toBe('must be an https URL');
  });
});
