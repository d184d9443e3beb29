import { describe, expect, it } from 'vitest';
import {
  addressKind,
  clientNetworkKey,
  isLoopbackHost,
  isWebhookEventType,
  pageLimit,
  parseWebhookUrl,
  urlHost,
  WEBHOOK_EVENT_TYPES,
  webhookUrlSchema,
} from '../src/index.js';

describe('webhook event names', () => {
  it('are exactly the specification list', () => {
    expect(WEBHOOK_EVENT_TYPES).toEqual([
      'booking.created',
      'booking.confirmed',
      'booking.rescheduled',
      'booking.cancelled',
      'booking.completed',
      'booking.no_show',
      'booking.expired',
    ]);
    expect(isWebhookEventType('booking.cancelled')).toBe(true);
    for (const bad of ['booking.*', 'Booking.created', 'booking.deleted', ''])
      expect(isWebhookEventType(bad)).toBe(false);
  });
});

describe('webhook URL shape', () => {
  it('takes absolute http(s) URLs with a host and normalizes them', () => {
    const ok = parseWebhookUrl('HTTPS://Example.COM:443/hook?a=1');
    expect('url' in ok && ok.url.href).toBe('https://example.com/hook?a=1');
    const v6 = parseWebhookUrl('http://[::1]:8080/x');
    expect('url' in v6 && urlHost(v6.url)).toBe('::1');
  });

  it('refuses other schemes, credentials, relative and oversized URLs', () => {
    const problem = (value: string) => {
      const parsed = parseWebhookUrl(value);
      return 'problem' in parsed ? parsed.problem : null;
    };
    expect(problem('ftp://example.com/file')).toBe('must be an https URL');
    expect(problem('file:///etc/passwd')).toBe('must be an https URL');
    expect(problem('/hook')).toBe('must be an absolute URL');
    expect(problem('https://user:pw@example.com/')).toBe('must not contain a user name or password');
    expect(problem(`https://example.com/${'a'.repeat(2048)}`)).toBe('must be at most 2048 characters');
    expect(webhookUrlSchema.safeParse('ftp://x').success).toBe(false);
    expect(webhookUrlSchema.safeParse('https://example.com/hook').success).toBe(true);
  });

  it('pages webhook lists 1 to 100, default 50', () => {
    expect(pageLimit(0, 'webhooks')).toBe(50);
    expect(pageLimit(100, 'webhooks')).toBe(100);
    expect(pageLimit(101, 'webhooks')).toBeNull();
  });
});

describe('address kinds', () => {
  it.each([
    ['93.184.216.34', 'public'],
    ['8.8.8.8', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['100.128.0.1', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::a00:1', 'private'],
    ['2002:a9fe:a9fe::1', 'link-local'],
    ['2001:db8::1', 'reserved'],
    ['2001:4860:4860::8888', 'public'],
    ['2606:4700::1111', 'public'],
    ['4000::1', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it('answers null for anything that is not an address literal', () => {
    for (const bad of ['localhost', 'example.com', '1.2.3', '', '[::1]']) expect(addressKind(bad)).toBeNull();
  });

  it('tells a loopback listen address (HOST) from one that listens elsewhere', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', 'LocalHost']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '10.0.0.5', '192.168.1.2', 'example.com', 'localhost.example.com', '']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});

describe('clientNetworkKey (the subject of per-client limits)', () => {
  it('keys an IPv4 address on itself, and an IPv4-mapped IPv6 address on its IPv4 address', () => {
    expect(clientNetworkKey('203.0.113.7', 64)).toBe('203.0.113.7');
    expect(clientNetworkKey('::ffff:203.0.113.7', 64)).toBe('203.0.113.7');
    expect(clientNetworkKey('::ffff:cb00:7107', 64)).toBe('203.0.113.7');
  });

  it('keys IPv6 on its prefix: every address of one /64 is one client, the next /64 another', () => {
    const a = clientNetworkKey('2001:db8:1:2::1', 64);
    expect(a).toBe('2001:db8:1:2:0:0:0:0/64');
    expect(clientNetworkKey('2001:DB8:1:2:ffff:ffff:ffff:fffe', 64)).toBe(a);
    expect(clientNetworkKey('2001:db8:1:2:abcd::%eth0', 64)).toBe(a);
    expect(clientNetworkKey('2001:db8:1:3::1', 64)).not.toBe(a);
  });

  it('takes the prefix length as set, bit by bit, clamped to 0..128', () => {
    expect(clientNetworkKey('2001:db8:1:2ff::1', 56)).toBe('2001:db8:1:200:0:0:0:0/56');
    expect(clientNetworkKey('2001:db8:1:2::1', 48)).toBe(clientNetworkKey('2001:db8:1:ffff::1', 48));
    expect(clientNetworkKey('2001:db8::7', 128)).toBe('2001:db8:0:0:0:0:0:7/128');
    expect(clientNetworkKey('2001:db8::7', 300)).toBe('2001:db8:0:0:0:0:0:7/128');
    expect(clientNetworkKey('2001:db8::7', -1)).toBe('0:0:0:0:0:0:0:0/0');
  });

  it('returns anything that is not an address unchanged', () => {
    for (const other of ['', 'unknown', '2001:db8::g']) expect(clientNetworkKey(other, 64)).toBe(other);
  });
});
