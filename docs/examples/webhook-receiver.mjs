// A webhook receiver for the booking platform in Node, as docs/webhook-receivers.md explains it,
// with the SDK's verifyWebhook (libs/sdk; `npm install @svc/sdk` outside this repository). The
// test suite runs this very file against the real dispatcher
// (apps/webhook-dispatcher/test/receiver-guide.test.ts).
//
//   WEBHOOK_SECRET=whsec_… PORT=3000 node docs/examples/webhook-receiver.mjs
//
// It prints one JSON line per request: {"received":…}, {"duplicate":…} or {"rejected":…}.

import { createServer } from 'node:http';
import { verifyWebhook } from '@svc/sdk/webhooks';

const secret = process.env.WEBHOOK_SECRET;
if (!secret) {
  console.error('set WEBHOOK_SECRET to the subscription signing secret (whsec_…)');
  process.exit(1);
}
const port = Number(process.env.PORT ?? 3000);
const MAX_BODY_BYTES = 1024 * 1024;

/** 3. Deduplication by event id: delivery is at least once. Use a unique key in your database. */
const handled = new Set();

createServer((req, res) => {
  if (req.method !== 'POST') return res.writeHead(405).end();
  const chunks = [];
  let size = 0;
  req.on('data', (chunk) => {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) req.destroy();
    else chunks.push(chunk);
  });
  req.on('end', () => {
    const rawBody = Buffer.concat(chunks);
    // 1. The signature over the raw bytes, compared in constant time, before anything else;
    // 2. the signed timestamp within five minutes of this clock, which bounds replays.
    if (!verifyWebhook(rawBody, req.headers, secret, { toleranceSec: 5 * 60 })) {
      console.log(JSON.stringify({ rejected: req.headers['x-service-event-id'] ?? null }));
      return res.writeHead(401).end();
    }
    // Only now is the body trusted enough to parse.
    const event = JSON.parse(rawBody.toString('utf8'));
    if (handled.has(event.id)) {
      console.log(JSON.stringify({ duplicate: event.id }));
      return res.writeHead(200).end();
    }
    handled.add(event.id);
    // 4. Answer 2xx quickly (within 10 seconds); do slow work after answering.
    console.log(JSON.stringify({ received: event.id, type: event.type, bookingId: event.data.booking.bookingId }));
    res.writeHead(204).end();
  });
}).listen(port, '127.0.0.1', () => console.log(JSON.stringify({ listening: port })));
