import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { BOOKING_EVENTS_TOPIC, parseEnvelope, type EventBus, type ReceivedMessage, type Subscription } from '@svc/events';
import { isRecord } from '@svc/rules';
import type { Logger } from '@svc/telemetry';

/**
 * What a dashboard is told of a booking change: which booking, what happened, when it is. No
 * customer data: the dashboard reads the booking through the API, under its session's role
 * (docs/decisions.md "Staff dashboard").
 */
export interface LiveChange {
  eventId: string;
  type: string;
  bookingId: string;
  status: string;
  startsAtMs: number;
  endsAtMs: number;
  staffId: string | null;
  occurredAtMs: number;
}

/** At most this many open streams per workspace and per gateway process (operations.md "Memory bounds"). */
export const LIVE_STREAMS_PER_TENANT = 50;
export const LIVE_STREAMS_PER_PROCESS = 2_000;
/** A comment line this often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/**
 * A stream whose client has not taken this much is ended rather than buffered further (a stalled
 * browser must not grow the process); the app reconnects and reads everything again.
 */
const MAX_UNSENT_BYTES = 256 * 1024;

const str = (v: unknown): v is string => typeof v === 'string' && v !== '';

/** The change a booking event describes, with the tenant it belongs to; null for anything else. */
export function liveChangeOf(value: string): { tenantId: string; change: LiveChange } | null {
  const parsed = parseEnvelope(value);
  if ('problem' in parsed) return null;
  const { envelope } = parsed;
  if (!str(envelope.id) || !str(envelope.type) || typeof envelope.occurredAtMs !== 'number') {
    return null;
  }
  const booking = isRecord(envelope.data) && isRecord(envelope.data.booking) ? envelope.data.booking : null;
  if (!booking || !str(booking.tenantId) || !str(booking.bookingId) || !str(booking.status)) return null;
  if (typeof booking.startsAtMs !== 'number' || typeof booking.endsAtMs !== 'number') return null;
  return {
    tenantId: booking.tenantId,
    change: {
      eventId: envelope.id,
      type: envelope.type,
      bookingId: booking.bookingId,
      status: booking.status,
      startsAtMs: booking.startsAtMs,
      endsAtMs: booking.endsAtMs,
      staffId: str(booking.staffId) ? booking.staffId : null,
      occurredAtMs: envelope.occurredAtMs,
    },
  };
}

/** One server-sent event: the event name and its JSON data (docs/api-conventions.md "Live updates"). */
export const sseMessage = (event: string, data: unknown): string =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * The booking events of the topic, fanned out to the dashboards' open streams of their tenant.
 * Each gateway process reads the whole topic in a consumer group of its own, starting at what is
 * new, so every replica sees every change whichever replica a dashboard is connected to.
 */
export class LiveBookingFeed {
  private readonly streams = new Map<string, Set<ServerResponse>>();
  private count = 0;
  private subscription: Subscription | null = null;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly bus: EventBus,
    private readonly groupId: string,
    private readonly logger: Logger,
  ) {}

  /** A consumer group per process: `gateway-live-<random>` (a fixed one in the embedded profile). */
  static groupIdForProcess(): string {
    return `gateway-live-${randomUUID()}`;
  }

  async start(): Promise<void> {
    this.subscription = await this.bus.subscribe(
      { topic: BOOKING_EVENTS_TOPIC, groupId: this.groupId, fromBeginning: false },
      async (message) => this.deliver(message),
    );
    this.heartbeat = setInterval(() => this.broadcast(': keep-alive\n\n'), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Whether another stream of `tenantId` may open now. */
  hasRoomFor(tenantId: string): boolean {
    return this.count < LIVE_STREAMS_PER_PROCESS && (this.streams.get(tenantId)?.size ?? 0) < LIVE_STREAMS_PER_TENANT;
  }

  /** Adds an open stream; it leaves by itself when the connection closes. */
  add(tenantId: string, stream: ServerResponse): void {
    let set = this.streams.get(tenantId);
    if (!set) this.streams.set(tenantId, (set = new Set()));
    set.add(stream);
    this.count++;
    stream.on('close', () => {
      if (!set.delete(stream)) return;
      this.count--;
      if (set.size === 0 && this.streams.get(tenantId) === set) this.streams.delete(tenantId);
    });
  }

  /** How many streams are open (tests and metrics). */
  get openStreams(): number {
    return this.count;
  }

  private async deliver(message: ReceivedMessage): Promise<void> {
    const parsed = liveChangeOf(message.value);
    if (!parsed) {
      this.logger.debug({ offset: message.offset }, 'live feed: not a booking event, skipped');
      return;
    }
    const set = this.streams.get(parsed.tenantId);
    if (!set) return;
    const text = sseMessage('booking', parsed.change);
    for (const stream of set) send(stream, text);
  }

  private broadcast(text: string): void {
    for (const set of this.streams.values()) for (const stream of set) send(stream, text);
  }

  /** Stops reading the topic and ends every open stream (the gateway is closing). */
  async close(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    await this.subscription?.stop();
    for (const set of this.streams.values()) for (const stream of set) stream.end();
    this.streams.clear();
    this.count = 0;
  }
}

/** Writes to a stream, or ends it when its client has fallen MAX_UNSENT_BYTES behind. */
function send(stream: ServerResponse, text: string): void {
  // What its socket has not sent yet (the response's own count includes it on Node 20, not on
  // every version).
  const unsent = Math.max(stream.writableLength, stream.socket?.writableLength ?? 0);
  if (unsent <= MAX_UNSENT_BYTES) stream.write(text);
  // The response was handed over (hijacked): its socket is what is closed.
  else if (stream.socket) stream.socket.destroy();
  else stream.destroy();
}
