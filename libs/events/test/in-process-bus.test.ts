import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { InProcessEventBus, type ReceivedMessage } from '../src/index.js';
import { eventBusContract } from './event-bus-contract.js';

eventBusContract(
  'InProcessEventBus',
  async () => new InProcessEventBus({ retryDelayMs: 50, onHandlerError: () => {} }),
);

describe('InProcessEventBus specifics', () => {
  const until = async (cond: () => boolean): Promise<void> => {
    for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 5));
    expect(cond()).toBe(true);
  };

  it('lets a second subscription of a group stand by until the first stops', async () => {
    const bus = new InProcessEventBus();
    const a: ReceivedMessage[] = [];
    const b: ReceivedMessage[] = [];
    const subA = await bus.subscribe({ topic: 't', groupId: 'g' }, async (m) => void a.push(m));
    const subB = await bus.subscribe({ topic: 't', groupId: 'g' }, async (m) => void b.push(m));
    await bus.publish('t', [{ key: 'k', value: 'one', headers: {} }]);
    await until(() => a.length === 1);

    await subA.stop();
    await bus.publish('t', [{ key: 'k', value: 'two', headers: {} }]);
    await until(() => b.length === 1);
    expect(a.map((m) => m.value)).toEqual(['one']);
    expect(b.map((m) => m.value)).toEqual(['two']);
    await subB.stop();
    await bus.close();
  });

  it('reports handler failures and refuses work after close', async () => {
    const errors: unknown[] = [];
    const bus = new InProcessEventBus({ retryDelayMs: 10, onHandlerError: (e) => errors.push(e) });
    let calls = 0;
    await bus.subscribe({ topic: 't', groupId: 'g' }, async () => {
      if (++calls < 3) throw new Error(`boom ${calls}`);
    });
    await bus.publish('t', [{ key: 'k', value: 'v', headers: {} }]);
    await until(() => calls === 3);
    expect(errors.map((e) => (e as Error).message)).toEqual(['boom 1', 'boom 2']);

    await bus.close();
    await expect(bus.publish('t', [])).rejects.toThrow(/closed/);
    await expect(bus.ping()).rejects.toThrow(/closed/);
  });

  it('hands over waiting messages in batches, in order, and commits a batch only once its handler resolves', async () => {
    const bus = new InProcessEventBus({ retryDelayMs: 10, onHandlerError: () => {} });
    const msgs = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({ key: 'k', value: `v${from + i}`, headers: {} }));
    await bus.publish('t', msgs(0, 7));
    const batches: string[][] = [];
    let failOnce = true;
    const sub = await bus.subscribeBatch({ topic: 't', groupId: 'g', maxBatch: 3 }, async (batch) => {
      batches.push(batch.map((m) => m.value));
      // The second batch fails once: the same messages come again, nothing is skipped.
      if (batches.length === 2 && failOnce) {
        failOnce = false;
        throw new Error('boom');
      }
    });
    await until(() => batches.flat().length === 10);
    expect(batches).toEqual([
      ['v0', 'v1', 'v2'],
      ['v3', 'v4', 'v5'],
      ['v3', 'v4', 'v5'],
      ['v6'],
    ]);
    await sub.stop();

    // The group committed all seven: a new subscription gets only what comes next.
    const later: string[] = [];
    const again = await bus.subscribeBatch({ topic: 't', groupId: 'g' }, async (batch) => {
      later.push(...batch.map((m) => m.value));
    });
    await bus.publish('t', msgs(7, 2));
    await until(() => later.length === 2);
    expect(later).toEqual(['v7', 'v8']);
    await again.stop();
    await bus.close();
  });

  it('stops a batch subscription without committing the batch in hand', async () => {
    const bus = new InProcessEventBus();
    await bus.publish('t', [
      { key: 'k', value: 'a', headers: {} },
      { key: 'k', value: 'b', headers: {} },
    ]);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let started = false;
    const sub = await bus.subscribeBatch({ topic: 't', groupId: 'g' }, async () => {
      started = true;
      await held;
    });
    await until(() => started);
    const stopped = sub.stop();
    release();
    await stopped;
    const seen: string[] = [];
    const next = await bus.subscribe({ topic: 't', groupId: 'g' }, async (m) => void seen.push(m.value));
    await until(() => seen.length === 2);
    expect(seen).toEqual(['a', 'b']);
    await next.stop();
    await bus.close();
  });

  describe('retention', () => {
    const msgs = (from: number, n: number, value = 'v') =>
      // JSON, as the outbox relay publishes: a flat string of its own per message.
      Array.from({ length: n }, (_, i) => ({
        key: 'k',
        value: value === 'v' ? `v${from + i}` : JSON.stringify({ n: from + i, value }),
        headers: {},
      }));

    it('a late group gets the retained messages: all (up to the bound) while the topic has no group', async () => {
      const bus = new InProcessEventBus({ maxRetainedPerTopic: 3 });
      await bus.publish('t', msgs(0, 5));
      expect(bus.retainedCount('t')).toBe(3);
      const got: ReceivedMessage[] = [];
      const sub = await bus.subscribe({ topic: 't', groupId: 'late' }, async (m) => void got.push(m));
      await until(() => got.length === 3);
      expect(got.map((m) => [m.offset, m.value])).toEqual([
        ['2', 'v2'],
        ['3', 'v3'],
        ['4', 'v4'],
      ]);
      await sub.stop();
      await bus.close();
    });

    it('drops what every group has committed, so a later group starts after it', async () => {
      const bus = new InProcessEventBus();
      const a: string[] = [];
      const b: string[] = [];
      const subA = await bus.subscribe({ topic: 't', groupId: 'a' }, async (m) => void a.push(m.value));
      const subB = await bus.subscribe({ topic: 't', groupId: 'b' }, async (m) => void b.push(m.value));
      await subB.stop(); // b has committed nothing yet: it holds the messages back
      await bus.publish('t', msgs(0, 4));
      await until(() => a.length === 4);
      expect(bus.retainedCount('t')).toBe(4);

      const subB2 = await bus.subscribe({ topic: 't', groupId: 'b' }, async (m) => void b.push(m.value));
      await until(() => b.length === 4 && bus.retainedCount('t') === 0);
      const late: string[] = [];
      const subLate = await bus.subscribe({ topic: 't', groupId: 'late' }, async (m) => void late.push(m.value));
      await bus.publish('t', msgs(4, 1));
      await until(() => late.length === 1 && a.length === 5 && b.length === 5);
      expect(late).toEqual(['v4']);
      await until(() => bus.retainedCount('t') === 0);
      await Promise.all([subA.stop(), subB2.stop(), subLate.stop()]);
      await bus.close();
    });

    it('a group behind the bound skips what was dropped and goes on from the oldest kept', async () => {
      const bus = new InProcessEventBus({ maxRetainedPerTopic: 3 });
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const got: string[] = [];
      const sub = await bus.subscribe({ topic: 't', groupId: 'slow' }, async (m) => {
        got.push(m.value);
        if (m.value === 'v0') await gate;
      });
      await bus.publish('t', msgs(0, 1));
      await until(() => got.length === 1);
      await bus.publish('t', msgs(1, 9));
      expect(bus.retainedCount('t')).toBe(3);
      release();
      await until(() => got.length === 4);
      expect(got).toEqual(['v0', 'v7', 'v8', 'v9']);
      await sub.stop();
      await bus.close();
    });

    /** Heap in use after a full collection. */
    function heapAfterGc(): number {
      setFlagsFromString('--expose_gc');
      const gc = runInNewContext('gc') as () => void;
      gc();
      gc();
      return process.memoryUsage().heapUsed;
    }

    const PAYLOAD = 'x'.repeat(1_000);
    const publishMany = async (bus: InProcessEventBus, from: number, to: number) => {
      for (let i = from; i < to; i += 500) await bus.publish('booking.events', msgs(i, 500, PAYLOAD));
    };

    it('keeps memory flat over 100,000 events nobody consumes (the embedded booking topic)', async () => {
      const bus = new InProcessEventBus();
      await publishMany(bus, 0, 20_000); // past the default bound: steady state from here
      const steady = heapAfterGc();
      await publishMany(bus, 20_000, 100_000);
      const after = heapAfterGc();
      expect(bus.retainedCount('booking.events')).toBe(10_000);
      // Keeping all 80,000 more ~1 KB messages would add about 100 MB.
      expect(after - steady).toBeLessThan(8 * 1024 * 1024);
      await bus.close();
    });

    it('retains nothing over 100,000 events once its one group has handled them', async () => {
      const bus = new InProcessEventBus();
      let handled = 0;
      let maxRetained = 0;
      const sub = await bus.subscribe({ topic: 'booking.events', groupId: 'dispatcher' }, async () => {
        handled++;
      });
      for (let i = 0; i < 100_000; i += 500) {
        await bus.publish('booking.events', msgs(i, 500, PAYLOAD));
        maxRetained = Math.max(maxRetained, bus.retainedCount('booking.events'));
        await until(() => handled === i + 500);
      }
      expect(bus.retainedCount('booking.events')).toBe(0);
      expect(maxRetained).toBeLessThanOrEqual(500);
      await sub.stop();
      await bus.close();
    });
  });
});
