// policyFetch against real HTTP servers on loopback (docs/decisions.md "Integrations"): a
// redirect to another origin (another port) carries no credentials whatever form the caller
// gave them in, tsdav's own requests and the CalDAV write-back included; a same-origin redirect
// keeps them; a body over the byte limit is cut off while it streams.

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { davRequest, getBasicAuthHeaders } from 'tsdav';
import { UrlPolicy } from '@svc/url-policy';
import { policyFetch, ResponseTooLargeError } from '../src/providers/policy-fetch.js';
import { CaldavProvider } from '../src/calendars/providers/caldav.js';

const policy = new UrlPolicy({ allowLoopback: true, allowlist: [] });
const MAX = 256 * 1024;
const send = policyFetch(policy, { maxResponseBytes: MAX });
const BASIC = `Basic ${Buffer.from('ana:app-password').toString('base64')}`;

interface Recorder {
  server: Server;
  url: string;
  /** Headers of every request that reached /landing, in order. */
  landed: IncomingHttpHeaders[];
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Answers /landing (recording its headers) and redirects /to?where=<url>&status=<3xx>. */
async function recorder(): Promise<Recorder> {
  const landed: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    req.resume();
    req.on('end', () => {
      if (url.pathname === '/to') {
        res.writeHead(Number(url.searchParams.get('status') ?? 307), { location: url.searchParams.get('where')! });
        res.end('moved');
        return;
      }
      landed.push(req.headers);
      res.writeHead(207, { 'content-type': 'application/xml' });
      res.end('<?xml version="1.0"?><d:multistatus xmlns:d="DAV:"></d:multistatus>');
    });
  });
  return { server, url: await listen(server), landed };
}

let first: Recorder;
let second: Recorder;
beforeAll(async () => {
  [first, second] = await Promise.all([recorder(), recorder()]);
});
afterAll(async () => {
  for (const r of [first, second]) await new Promise((resolve) => r?.server.close(resolve));
});

/** A URL of `first` that redirects to `target` with `status`. */
const via = (target: string, status = 307) => `${first.url}/to?where=${encodeURIComponent(target)}&status=${status}`;

describe('policyFetch: credentials and redirects', () => {
  it.each([
    ['a Headers object', () => new Headers({ Authorization: BASIC, Cookie: 's=1', 'X-Kept': 'yes' })],
    ['a plain object', () => ({ Authorization: BASIC, cookie: 's=1', 'proxy-authorization': BASIC, 'x-kept': 'yes' })],
    [
      'an array of pairs',
      () => [
        ['AUTHORIZATION', BASIC],
        ['Proxy-Authorization', BASIC],
        ['x-kept', 'yes'],
      ],
    ],
  ])('drops the credentials given as %s on a redirect to another origin', async (_form, headers) => {
    const before = second.landed.length;
    const res = await send(via(`${second.url}/landing`), {
      method: 'PROPFIND',
      headers: headers() as RequestInit['headers'],
    });
    expect(res.status).toBe(207);
    const got = second.landed[before]!;
    expect(got).toBeDefined();
    expect(got.authorization).toBeUndefined();
    expect(got['proxy-authorization']).toBeUndefined();
    expect(got.cookie).toBeUndefined();
    expect(got['x-kept']).toBe('yes');
  });

  it('keeps them on a redirect within the origin, and drops them once a later hop leaves it', async () => {
    const before = first.landed.length;
    await send(via(`${first.url}/landing`), { headers: { authorization: BASIC } });
    expect(first.landed[before]!.authorization).toBe(BASIC);

    // first → first → second → first: gone from the second's hop on, not sent again on the way back.
    const back = `${second.url}/to?where=${encodeURIComponent(`${first.url}/landing`)}&status=302`;
    await send(via(`${first.url}/to?where=${encodeURIComponent(back)}&status=308`), {
      headers: { authorization: BASIC },
    });
    expect(first.landed[before + 1]!.authorization).toBeUndefined();
  });

  it("drops tsdav's own Authorization (its request helper and credentials) on a cross-origin redirect", async () => {
    const before = second.landed.length;
    await davRequest({
      url: via(`${second.url}/landing`),
      init: {
        method: 'PROPFIND',
        headers: { ...getBasicAuthHeaders({ username: 'ana', password: 'app-password' }), depth: '0' },
        namespace: 'd',
        body: { propfind: { _attributes: { 'xmlns:d': 'DAV:' }, prop: { 'd:displayname': {} } } },
      },
      fetch: send as typeof fetch,
    });
    const got = second.landed[before]!;
    expect(got).toBeDefined();
    expect(got.depth).toBe('0');
    expect(got.authorization).toBeUndefined();
  });

  it("drops the CalDAV write-back's Authorization on a cross-origin redirect", async () => {
    const provider = new CaldavProvider(
      { serverUrl: `${first.url}/`, username: 'ana', password: 'app-password' },
      5_000,
      send,
    );
    const before = second.landed.length;
    // The event URL is <calendar>/<bookingId>.ics; the calendar "URL" here redirects elsewhere.
    await provider.deleteEvent('', `${via(`${second.url}/landing`)}`);
    const got = second.landed[before]!;
    expect(got).toBeDefined();
    expect(got.authorization).toBeUndefined();
  });
});

describe('policyFetch: the byte limit', () => {
  let server: Server;
  let base: string;
  /** Bytes the streaming endpoint wrote before its client went away. */
  let written = 0;
  let closedEarly: Promise<void>;

  beforeAll(async () => {
    let markClosed!: () => void;
    closedEarly = new Promise((resolve) => (markClosed = resolve));
    server = createServer((req, res) => {
      if (req.url === '/declared') {
        res.writeHead(200, { 'content-length': String(10 * MAX) });
        res.end();
        return;
      }
      if (req.url === '/small') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('x'.repeat(MAX));
        return;
      }
      // 64 MiB in 64 KiB chunks, no content-length, written as fast as the client reads.
      res.writeHead(200, { 'content-type': 'application/xml' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let left = 1024;
      const pump = () => {
        while (left > 0) {
          left--;
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => {
        if (left > 0) markClosed();
      });
      pump();
    });
    base = await listen(server);
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('cuts off a streamed body over the limit and closes the connection', async () => {
    await expect(send(`${base}/stream`, { method: 'REPORT' })).rejects.toBeInstanceOf(ResponseTooLargeError);
    await closedEarly;
    // Far from the 64 MiB it meant to send: the limit plus what the sockets had buffered.
    expect(written).toBeLessThan(16 * 1024 * 1024);
  });

  it('refuses a declared content-length over the limit before reading, and passes a body at the limit', async () => {
    await expect(send(`${base}/declared`)).rejects.toThrow(`answered with more than ${MAX} bytes`);
    const res = await send(`${base}/small`);
    expect((await res.text()).length).toBe(MAX);
  });

  it('is an outage of the CalDAV server for the provider (PROVIDER_ACTION_FAILED upstream)', async () => {
    const provider = new CaldavProvider({ serverUrl: `${base}/stream`, username: 'a', password: 'b' }, 5_000, send);
    await expect(provider.listCalendars()).rejects.toMatchObject({
      name: 'ProviderUnavailableError',
      message: `CalDAV server answered with more than ${MAX} bytes`,
    });
  });
});
