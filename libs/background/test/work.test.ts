import { describe, expect, it } from 'vitest';
import { BackgroundWork, GroupCommit } from '../src/index.js';

describe('GroupCommit', () => {
  it('records what arrives during a recording together in the next one, each its own result', async () => {
    const calls: number[][] = [];
    let release: () => void = () => {};
    const first = new Promise<void>((resolve) => (release = resolve));
    const commit = new GroupCommit<number, string>(async (items) => {
      calls.push(items);
      if (calls.length === 1) await first;
      return items.map((i) => `r${i}`);
    }, 2);
    const a = commit.add(1);
    const rest = [commit.add(2), commit.add(3), commit.add(4)];
    release();
    expect(await Promise.all([a, ...rest])).toEqual(['r1', 'r2', 'r3', 'r4']);
    expect(calls).toEqual([[1], [2, 3], [4]]);
  });

  it('with a linger, items that finish one by one within it share one recording', async () => {
    const calls: number[][] = [];
    const commit = new GroupCommit<number, number>(
      async (items) => {
        calls.push(items);
        return items;
      },
      100,
      30,
    );
    const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
    const results = [commit.add(1)];
    await tick();
    results.push(commit.add(2));
    await tick();
    results.push(commit.add(3));
    expect(await Promise.all(results)).toEqual([1, 2, 3]);
    expect(calls).toEqual([[1, 2, 3]]);
  });

  it('rejects the batch whose recording failed, and only it', async () => {
    const commit = new GroupCommit<number, number>(async (items) => {
      if (items.includes(2)) throw new Error('down');
      return items;
    }, 1);
    const [one, two] = [commit.add(1), commit.add(2)];
    await expect(one).resolves.toBe(1);
    await expect(two).rejects.toThrow('down');
  });
});

describe('BackgroundWork', () => {
  const recorder = (log: string[]) => (name: string) => ({
    start: () => void log.push(`start ${name}`),
    stop: async () => void log.push(`stop ${name}`),
  });

  it('subscribes, then starts the workers; stops consumers first, then the workers in reverse', async () => {
    const log: string[] = [];
    const worker = recorder(log);
    const work = new BackgroundWork([worker('a'), undefined, worker('b')]);
    const host = { stop: async () => void log.push('host stopped') };
    await work.start(host, [async () => ({ stop: async () => void log.push('stop consumer') })]);
    await work.stop();
    expect(log).toEqual(['start a', 'start b', 'stop consumer', 'stop b', 'stop a']);
  });

  it('stops the host and starts nothing when a subscription fails', async () => {
    const log: string[] = [];
    const work = new BackgroundWork([recorder(log)('a')]);
    const host = { stop: async () => void log.push('host stopped') };
    await expect(
      work.start(host, [
        async () => {
          throw new Error('no broker');
        },
      ]),
    ).rejects.toThrow('no broker');
    expect(log).toEqual(['host stopped']);
  });
});
