/** A closed-loop load: `concurrency` workers issue requests back to back until `total` are done. */
export interface LoadResult {
  requests: number;
  /** Answers with a status not expected. */
  errors: number;
  /** How many answers had each status. */
  statuses: Record<number, number>;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /**
   * CPU time of this process (load generator, gateway and services together) per request: on a
   * machine shared with other work it moves far less than throughput does.
   */
  cpuMsPerRequest: number;
}

export async function runLoad(
  total: number,
  concurrency: number,
  request: (i: number) => Promise<Response>,
  expectStatus: number | readonly number[],
): Promise<LoadResult> {
  const expected: readonly number[] = typeof expectStatus === 'number' ? [expectStatus] : expectStatus;
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let next = 0;
  let errors = 0;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        const res = await request(i);
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (!expected.includes(res.status)) errors++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return {
    requests: total,
    errors,
    statuses,
    seconds,
    perSecond: total / seconds,
    p50Ms: pct(0.5),
    p99Ms: pct(0.99),
    cpuMsPerRequest: (cpu.user + cpu.system) / 1000 / total,
  };
}
