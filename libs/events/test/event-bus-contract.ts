import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BusMessage, EventBus, MessageHandler, ReceivedMessage, Subscription } from '../src/index.js';

const WAIT_MS = 20_000;

/** A promise with its resolve exposed: gates and "it happened" signals. */
function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Collects what a handler receives; waitFor() resolves once n messages are in. */
class Inbox {
  readonly messages: ReceivedMessage[] = [];
  private waiters: Array<{ n: number; resolve: () => void }> = [];

  readonly handler: MessageHandler = async (m) => {
    this.messages.push(m);
    this.waiters = this.waiters.filter((w) => (this.messages.length >= w.n ? (w.resolve(), false) : true));
  };

  async waitFor(n: number): Promise<ReceivedMessage[]> {
    if (this.messages.length < n) {
      const arrived = new Promise<void>((resolve) => this.waiters.push({ n, resolve }));
      await withTimeout(arrived, `${n} messages (got ${this.messages.length})`);
    }
    return this.messages;
  }
}

async function withTimeout<T>(p: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${WAIT_MS} ms waiting for ${what}`)), WAIT_MS);
  });
  try {
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

const msg = (key: string, value: string, headers: Record<string, string> = {}): BusMessage => ({ key, value, headers });

/** Only what the port promises: key, value, headers, topic. */
const body = (m: ReceivedMessage): BusMessage & { topic: string } => ({
  topic: m.topic,
  key: m.key,
  value: m.value,
  headers: m.headers,
});

/**
 * The behaviour every EventBus adapter must show. make() returns a fresh bus per test; each test
 * uses its own topic and groups so tests never see each other's messages.
 */
export function eventBusContract(name: string, make: () => Promise<EventBus>): void {
  describe(`EventBus contract: ${name}`, () => {
    let bus: EventBus;
    let topic: string;
    let subs: Subscription[];
    const group = (label: string): string => `${topic}-${label}`;
    const subscribe = async (
      groupId: string,
      handler: MessageHandler,
      fromBeginning?: boolean,
    ): Promise<Subscription> => {
      const sub = await bus.subscribe(
        { topic, groupId, ...(fromBeginning === undefined ? {} : { fromBeginning }) },
        handler,
      );
      subs.push(sub);
      return sub;
    };

    beforeEach(async () => {
      bus = await make();
      topic = `contract-${randomUUID().slice(0, 8)}`;
      subs = [];
    });

    afterEach(async () => {
      await Promise.all(subs.map((s) => s.stop()));
      await bus.close();
    });

    it('answers ping', async () => {
      await expect(bus.ping()).resolves.toBeUndefined();
    });

    it('delivers key, value and headers intact, in publish order per key', async () => {
      const sent = [
        msg('booking-1', 'created', { 'content-type': 'application/json', 'trace-id': 'abc' }),
        msg('booking-1', 'confirmed ✓ — ünïcode', { 'trace-id': 'def' }),
        msg('booking-1', 'cancelled', {}),
        msg('booking-2', '{"n":2}', { empty: '' }),
      ];
      await bus.publish(topic, sent.slice(0, 2));
      await bus.publish(topic, sent.slice(2));
      const inbox = new Inbox();
      await subscribe(group('a'), inbox.handler);

      const got = await inbox.waitFor(4);
      expect(got.map(body)).toEqual(sent.map((m) => ({ topic, ...m })));
      for (const m of got) expect(typeof m.offset).toBe('string');
      const booking1 = got.filter((m) => m.key === 'booking-1').map((m) => Number(m.offset));
      expect(booking1).toEqual([...booking1].sort((a, b) => a - b));
    });

    it('gives every message to each of two groups', async () => {
      const first = new Inbox();
      const second = new Inbox();
      await subscribe(group('one'), first.handler);
      await subscribe(group('two'), second.handler);
      const sent = [msg('k', 'm1'), msg('k', 'm2'), msg('k', 'm3')];
      await bus.publish(topic, sent);

      expect((await first.waitFor(3)).map((m) => m.value)).toEqual(['m1', 'm2', 'm3']);
      expect((await second.waitFor(3)).map((m) => m.value)).toEqual(['m1', 'm2', 'm3']);
    });

    it('redelivers a message whose handler had not finished when the subscription stopped', async () => {
      const received = deferred<ReceivedMessage>();
      const gate = deferred();
      const a = await subscribe(group('g'), async (m) => {
        received.resolve(m);
        await gate.promise;
      });
      await bus.publish(topic, [msg('booking-7', 'pay', { attempt: '1' })]);
      const first = await withTimeout(received.promise, 'the first delivery');

      const stopping = a.stop();
      gate.resolve();
      await stopping;

      const inbox = new Inbox();
      await subscribe(group('g'), inbox.handler);
      const [again] = await inbox.waitFor(1);
      expect(again && body(again)).toEqual(body(first));
      expect(again?.offset).toBe(first.offset);
    });

    it('does not redeliver committed messages to a new subscription of the group', async () => {
      const handled = deferred();
      let count = 0;
      const a = await subscribe(group('g'), async () => {
        if (++count === 2) handled.resolve();
      });
      await bus.publish(topic, [msg('k', 'old-1'), msg('k', 'old-2')]);
      // A bare await (no timeout wrapper adding ticks): stop() comes in the very tick the
      // handler resolved, and old-2 must still count as finished. The test timeout bounds it.
      await handled.promise;
      await a.stop();

      await bus.publish(topic, [msg('k', 'new-1')]);
      const after = new Inbox();
      await subscribe(group('g'), after.handler);
      expect((await after.waitFor(1)).map((m) => m.value)).toEqual(['new-1']);
      // Nothing older shows up late either.
      await sleep(300);
      expect(after.messages.map((m) => m.value)).toEqual(['new-1']);
    });

    it('hands a message whose handler threw to the handler again, then moves on', async () => {
      const seen: string[] = [];
      const done = deferred();
      let failures = 0;
      await subscribe(group('g'), async (m) => {
        seen.push(m.value);
        if (m.value === 'flaky' && failures === 0) {
          failures++;
          throw new Error('transient failure');
        }
        if (m.value === 'after') done.resolve();
      });
      await bus.publish(topic, [msg('k', 'flaky', { h: 'v' }), msg('k', 'after')]);
      await withTimeout(done.promise, 'the message after the failing one');
      expect(seen).toEqual(['flaky', 'flaky', 'after']);
    });

    it('starts a new group at the end when fromBeginning is false', async () => {
      await bus.publish(topic, [msg('k', 'before')]);
      const inbox = new Inbox();
      await subscribe(group('late'), inbox.handler, false);
      await bus.publish(topic, [msg('k', 'after')]);
      expect((await inbox.waitFor(1)).map((m) => m.value)).toEqual(['after']);
      await sleep(300);
      expect(inbox.messages.map((m) => m.value)).toEqual(['after']);
    });
  });
}
