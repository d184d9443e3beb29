// What exporting traces costs: availability and create throughput of the embedded platform run
// as its own process, with OTLP export off (no OTEL_EXPORTER_OTLP_ENDPOINT: spans only get ids)
// and on (to an OTLP/HTTP receiver in a third process), alternating in the same run. Target:
// export costs under 15 % of throughput (docs/benchmarks.md, "Tracing export").
// Run: npm run bench (from the repository root), or node apps/platform/dist/bench/trace-bench.js
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPlatformRuntime } from '@svc/config';
import { freePort, runApp } from '@svc/testing';
import { postBenchBooking, seedBenchTenant } from './bench-tenant.js';
import { runLoad, type LoadResult } from './load.js';

const CONCURRENCY = 16;
const ROUNDS = 2;
const REQUESTS = 1000;
const DAY = 86_400_000;
const SLOT = 15 * 60_000;
/** Linux clock ticks per second (CLK_TCK) of /proc/<pid>/stat's CPU times. */
const TICKS_PER_SECOND = 100;

/** User + system CPU milliseconds a process has used so far (Linux). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

async function startReceiver() {
  const child = fork(fileURLToPath(new URL('./otlp-receiver-process.js', import.meta.url)), [], { stdio: 'inherit' });
  const endpoint = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { endpoint: string }).endpoint));
    child.once('exit', (code) => reject(new Error(`receiver process exited with ${code}`)));
  });
  return {
    endpoint,
    spans: () =>
      new Promise<number>((resolve) => {
        child.once('message', (m) => resolve((m as { spans: number }).spans));
        child.send('count');
      }),
    close: () => child.disconnect(),
  };
}

interface Measured {
  availability: LoadResult & { platformCpuMs: number };
  create: LoadResult & { platformCpuMs: number };
}

/** One platform process, its own data, the bench tenant; availability then creates. */
async function measure(env: Record<string, string>): Promise<Measured> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trace-bench-'));
  const port = await freePort();
  const proc = runApp(
    'platform',
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      ...env,
    },
    { dev: false },
  );
  try {
    await proc.waitFor('is running at', 60_000);
    const url = `http://127.0.0.1:${port}`;
    await seedBenchTenant(readPlatformRuntime(dataDir)!.services.catalog!, {
      slug: 'bench',
      timezone: 'Europe/Berlin',
    });
    const first = Math.ceil((Date.now() + DAY) / 3_600_000) * 3_600_000;
    const availability = () =>
      fetch(`${url}/book/bench/availability?serviceSlug=visit&fromMs=${first}&toMs=${first + DAY}`);
    const create = (i: number) => postBenchBooking(url, 'trace', i, first + i * SLOT);
    // Warm-up: JIT, connections, caches (creates far after the measured ones).
    await runLoad(200, CONCURRENCY, availability, 200);
    await runLoad(100, CONCURRENCY, (i) => create(10 * REQUESTS + i), 201);
    const timed = async (run: () => Promise<LoadResult>) => {
      const before = cpuMs(proc.pid);
      const result = await run();
      return { ...result, platformCpuMs: (cpuMs(proc.pid) - before) / result.requests };
    };
    return {
      availability: await timed(() => runLoad(REQUESTS, CONCURRENCY, availability, 200)),
      create: await timed(() => runLoad(REQUESTS, CONCURRENCY, create, 201)),
    };
  } finally {
    proc.kill('SIGTERM');
    await proc.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const receiver = await startReceiver();
try {
  const off: Measured[] = [];
  const on: Measured[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    off.push(await measure({}));
    on.push(await measure({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint }));
  }
  // Spans still in the exporter's batch are sent at shutdown (SIGTERM), so the count is final.
  const spans = await receiver.spans();

  /** The best round of a mode: on a shared machine the slower ones measure the neighbours. */
  const best = (runs: Measured[], key: keyof Measured) =>
    runs.map((r) => r[key]).reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
  console.log(
    `\nTracing export benchmark: embedded platform process, ${CONCURRENCY} concurrent clients, ${REQUESTS} requests per case, best of ${ROUNDS} alternating rounds, node ${process.version}\n`,
  );
  console.log(
    '| case                        | export | errors |    req/s |  p50 ms |  p99 ms | platform CPU ms/req | req/s on vs off | CPU on vs off |',
  );
  console.log(
    '|-----------------------------|--------|-------:|---------:|--------:|--------:|--------------------:|----------------:|--------------:|',
  );
  let worst = 0;
  for (const [key, name] of [
    ['availability', 'GET availability, 1-day'],
    ['create', 'POST booking'],
  ] as const) {
    const a = best(off, key);
    const b = best(on, key);
    worst = Math.max(worst, 1 - b.perSecond / a.perSecond);
    for (const [mode, r] of [
      ['off', a],
      ['on', b],
    ] as const) {
      console.log(
        `| ${name.padEnd(27)} | ${mode.padEnd(6)} | ${String(r.errors).padStart(6)} | ${r.perSecond.toFixed(0).padStart(8)} | ${r.p50Ms.toFixed(2).padStart(7)} | ${r.p99Ms.toFixed(2).padStart(7)} | ${r.platformCpuMs.toFixed(2).padStart(19)} | ${mode === 'on' ? (b.perSecond / a.perSecond).toFixed(3).padStart(15) : ''.padStart(15)} | ${mode === 'on' ? (b.platformCpuMs / a.platformCpuMs).toFixed(3).padStart(13) : ''.padStart(13)} |`,
      );
    }
  }
  console.log(`\nSpans received by the OTLP receiver over the ${ROUNDS} export-on rounds: ${spans}`);
  console.log(`Throughput lost to export, worst case: ${(worst * 100).toFixed(1)} % (target: under 15 %)`);
  if ([...off, ...on].some((m) => m.availability.errors + m.create.errors > 0) || spans === 0) process.exitCode = 1;
} finally {
  receiver.close();
}
