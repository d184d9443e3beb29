// The webhook benchmark's receiver, run in its own process (forked by webhook-bench.ts) so that
// its CPU is not charged to the dispatcher's thread: a real receiver is never inside the
// dispatcher's process.
//
// POST (any path): answers 204 at once and notes, once per x-service-event-id, when the event
// arrived. Reporting is pulled by the parent, cheaply:
// - GET /stats → {"arrivals": n} (the count of distinct events so far);
// - GET /arrival?booking=<bookingId> → {"atMs", "occurredAtMs", "bookingId"} or 404.
// Sends {port} over IPC once listening; exits when the parent disconnects.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Arrival {
  atMs: number;
  occurredAtMs: number;
  bookingId: string;
}

const seen = new Set<string>();
const byBooking = new Map<string, Arrival>();

const server = createServer((req, res) => {
  const atMs = Date.now();
  if (req.method === 'GET') {
    const url = new URL(req.url ?? '/', 'http://receiver');
    if (url.pathname === '/stats') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ arrivals: seen.size }));
      return;
    }
    const arrival = url.pathname === '/arrival' ? byBooking.get(url.searchParams.get('booking') ?? '') : undefined;
    if (arrival) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(arrival));
    else res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    res.writeHead(204).end();
    const id = req.headers['x-service-event-id'];
    if (typeof id !== 'string' || seen.has(id)) return;
    seen.add(id);
    const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      occurredAtMs: number;
      data: { booking: { bookingId: string } };
    };
    const bookingId = event.data.booking.bookingId;
    if (!byBooking.has(bookingId)) byBooking.set(bookingId, { atMs, occurredAtMs: event.occurredAtMs, bookingId });
  });
});
server.keepAliveTimeout = 5_000;
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
process.on('disconnect', () => {
  server.close();
  server.closeAllConnections();
  process.exit(0);
});
