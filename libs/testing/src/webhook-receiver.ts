// A real webhook receiver on a loopback port (node:http), written the way the receiver guide
// tells tenants to: it reads the raw body, checks X-Service-Signature with a constant-time
// comparison before it parses anything, and only then looks at the JSON. It knows each
// endpoint's secret (set once the subscription is created) and answers as a test scripts it.

import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The parsed envelope (only for requests whose signature verified). */
  event: { id: string; type: string; payloadVersion: number; occurredAtMs: number; data: Record<string, unknown> };
  atMs: number;
}

/** What the receiver answers one request with; `hang` never answers. */
export interface ReceiverReply {
  status?: number;
  headers?: Record<string, string>;
  hang?: boolean;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>/<name>`. */
  url(name: string): string;
  readonly port: number;
  /** The endpoint's signing secret, as the create (or rotate) response showed it. */
  setSecret(name: string, secret: string): void;
  /** Replies for the next requests to the endpoint, in order; afterwards 200. */
  script(name: string, ...replies: ReceiverReply[]): void;
  /** Verified requests of the endpoint, in arrival order. */
  received(name: string): ReceivedWebhook[];
  /** Requests whose signature did not verify (answered 401, never parsed). */
  rejected(name: string): number;
  /** Every request that reached the endpoint, verified or not (hung ones included). */
  hits(name: string): number;
  close(): Promise<void>;
}

function verify(secret: string, headers: IncomingHttpHeaders, rawBody: Buffer): boolean {
  const timestamp = headers['x-service-timestamp'];
  const signature = headers['x-service-signature'];
  if (typeof timestamp !== 'string' || typeof signature !== 'string' || !/^\d+$/.test(timestamp)) return false;
  // Timestamp tolerance: 5 minutes either way.
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = Buffer.from(
    `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex')}`,
  );
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** `port`: listen there instead of a fresh port (a receiver brought back after an outage). */
export async function startWebhookReceiver(options: { port?: number } = {}): Promise<WebhookReceiver> {
  const secrets = new Map<string, string>();
  const scripts = new Map<string, ReceiverReply[]>();
  const received = new Map<string, ReceivedWebhook[]>();
  const rejected = new Map<string, number>();
  const hits = new Map<string, number>();
  const hanging = new Set<() => void>();
  const bump = (map: Map<string, number>, name: string) => map.set(name, (map.get(name) ?? 0) + 1);

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const name = (req.url ?? '/').slice(1).split('?')[0]!;
      bump(hits, name);
      const rawBody = Buffer.concat(chunks);
      const secret = secrets.get(name);
      if (req.method !== 'POST' || !secret || !verify(secret, req.headers, rawBody)) {
        bump(rejected, name);
        res.writeHead(401).end();
        return;
      }
      const reply = scripts.get(name)?.shift() ?? {};
      if (reply.hang) {
        // Answers nothing; the socket is released when the receiver closes.
        hanging.add(() => res.destroy());
        return;
      }
      const list = received.get(name) ?? [];
      list.push({
        path: name,
        headers: req.headers,
        rawBody: rawBody.toString('utf8'),
        event: JSON.parse(rawBody.toString('utf8')),
        atMs: Date.now(),
      });
      received.set(name, list);
      res.writeHead(reply.status ?? 200, reply.headers ?? {}).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (name) => `http://127.0.0.1:${port}/${name}`,
    port,
    setSecret: (name, secret) => void secrets.set(name, secret),
    script: (name, ...replies) => void scripts.set(name, [...(scripts.get(name) ?? []), ...replies]),
    received: (name) => [...(received.get(name) ?? [])],
    rejected: (name) => rejected.get(name) ?? 0,
    hits: (name) => hits.get(name) ?? 0,
    async close() {
      for (const release of hanging) release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
