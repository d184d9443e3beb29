// The in-process bus with its journal in a SQLite store (the embedded platform's bus): the port's
// contract, and what the journal is for: a process that dies without closing anything loses
// nothing a publish acknowledged, and each group resumes where it had committed.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '@svc/store';
import { InProcessEventBus, StoreBusJournal, type EventBus, type ReceivedMessage } from '../src/index.js';
import { eventBusContract } from './event-bus-contract.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-bus-journal-'));
let files = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A journaled bus on `file`; closing it closes its store too. */
async function journaled(file: string, opts: { maxRetainedPerTopic?: number } = {}): Promise<InProcessEventBus> {
  const store = await openSqliteStore({ file });
  const bus = await InProcessEventBus.withJournal(await StoreBusJournal.open(store), {
    retryDelayMs: 50,
    onHandlerError: () => {},
    ...opts,
  });
  const close = bus.close.bind(bus);
  bus.close = async () => {
    await close();
    await store.close();
  };
  return bus;
}

eventBusContract('InProcessEventBus with a SQLite journal', () => journaled(join(dir, `contract-${++files}.sqlite`)));

const msgs = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    key: `k${(from + i) % 3}`,
    value: `v${from + i}`,
    headers: { n: String(from + i) },
  }));

async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !cond(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(cond()).toBe(true);
}

/** Subscribes `groupId`, collecting what it gets; a handler that never resolves once `stall` says so. */
async function collect(bus: EventBus, groupId: string, stall: (m: ReceivedMessage) => boolean = () => false) {
  const got: ReceivedMessage[] = [];
  const sub = await bus.subscribe({ topic: 't', groupId }, async (m) => {
    if (stall(m)) await new Promise(() => {});
    got.push(m);
  });
  return { got, values: () => got.map((m) => m.value), sub };
}

describe('the journal across a crash', () => {
  it('hands each group, after a restart, exactly what it had not committed, and goes on at the next offset', async () => {
    const file = join(dir, `crash-${++files}.sqlite`);
    const before = await journaled(file);
    const a = await collect(before, 'webhooks');
    const b = await collect(before, 'integrations', (m) => m.value === 'v2');
    // A group that subscribed once but is not running when the process dies (a consumer added in a
    // release, or one that was slow to start) keeps its messages too.
    const late = await collect(before, 'notifications', () => true);
    await before.publish('t', msgs(0, 5));
    await until(() => a.got.length === 5 && b.got.length === 2);
    // The process dies: nothing is stopped, closed or flushed; the old bus is simply abandoned.

    const after = await journaled(file);
    await after.publish('t', msgs(5, 1));
    const a2 = await collect(after, 'webhooks');
    const b2 = await collect(after, 'integrations');
    const late2 = await collect(after, 'notifications');
    await until(() => a2.got.length === 1 && b2.got.length === 4 && late2.got.length === 6);
    expect(a2.values()).toEqual(['v5']);
    expect(b2.values()).toEqual(['v2', 'v3', 'v4', 'v5']);
    expect(late2.values()).toEqual(['v0', 'v1', 'v2', 'v3', 'v4', 'v5']);
    // Offsets, keys and headers are those of the first publish.
    expect(b2.got.map((m) => [m.offset, m.key, m.headers.n])).toEqual([
      ['2', 'k2', '2'],
      ['3', 'k0', '3'],
      ['4', 'k1', '4'],
      ['5', 'k2', '5'],
    ]);
    expect(late.got).toEqual([]);
    await after.close();
  });

  it('continues the offsets after a restart that finds every message committed and dropped', async () => {
    const file = join(dir, `drained-${++files}.sqlite`);
    const first = await journaled(file);
    const a = await collect(first, 'g');
    await first.publish('t', msgs(0, 3));
    await until(() => a.got.length === 3 && first.retainedCount('t') === 0);
    await a.sub.stop();
    await first.close();

    const second = await journaled(file);
    expect(second.retainedCount('t')).toBe(0);
    await second.publish('t', msgs(3, 2));
    const again = await collect(second, 'g');
    await until(() => again.got.length === 2);
    expect(again.got.map((m) => [m.offset, m.value])).toEqual([
      ['3', 'v3'],
      ['4', 'v4'],
    ]);
    await second.close();
  });

  it('drops nothing a known group has not committed, however far behind it is, across a restart', async () => {
    const file = join(dir, `behind-${++files}.sqlite`);
    const first = await journaled(file, { maxRetainedPerTopic: 4 });
    // The group takes v0, then stalls on v1 (never committed) while ten more are published.
    const stalled = await collect(first, 'g', (m) => m.value === 'v1');
    for (let i = 0; i < 12; i += 2) await first.publish('t', msgs(i, 2));
    await until(() => stalled.got.length === 1);
    expect(first.retainedCount('t')).toBe(11);
    // The process dies (no close): a new bus on the journal hands the group v1 to v11.
    const second = await journaled(file, { maxRetainedPerTopic: 4 });
    const g = await collect(second, 'g');
    await until(() => g.got.length === 11);
    expect(g.values()).toEqual(Array.from({ length: 11 }, (_, i) => `v${i + 1}`));
    await g.sub.stop();
    await second.close();
  });

  it('keeps at most the bound across restarts, and drops from the journal what every group committed', async () => {
    const file = join(dir, `bound-${++files}.sqlite`);
    const first = await journaled(file, { maxRetainedPerTopic: 4 });
    for (let i = 0; i < 10; i += 2) await first.publish('t', msgs(i, 2));
    expect(first.retainedCount('t')).toBe(4);
    const second = await journaled(file, { maxRetainedPerTopic: 4 });
    expect(second.retainedCount('t')).toBe(4);
    const g = await collect(second, 'g');
    await until(() => g.got.length === 4);
    expect(g.values()).toEqual(['v6', 'v7', 'v8', 'v9']);
    await until(() => second.retainedCount('t') === 0);
    await g.sub.stop();
    const third = await journaled(file, { maxRetainedPerTopic: 4 });
    expect(third.retainedCount('t')).toBe(0);
    await Promise.all([first.close(), second.close(), third.close()]);
  });
});
