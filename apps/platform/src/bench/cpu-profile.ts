import { readFileSync } from 'node:fs';

/** The parts of a V8 `.cpuprofile` (node --cpu-prof) the summary reads. */
interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }>;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** Sampled time in ms, idle excluded. */
  busyMs: number;
  /** Self time per function, largest first: [name and place, ms]. */
  functions: Array<[string, number]>;
  /** Self time per area (a package, one of our apps or libs, node's internals, GC), largest first. */
  areas: Array<[string, number]>;
  /** Self time of telemetry by part (spans, metrics, the span hooks; async context beside), largest first. */
  telemetry: Array<[string, number]>;
}

/**
 * Which part of telemetry a function is, if any: the OpenTelemetry packages, libs/telemetry
 * (spans, ids, propagation, metric helpers), prom-client (metrics), and the files that only open
 * spans (the gateway's request hooks, the store's span decorator); the gRPC trace interceptor
 * shares its file with the client and is not counted. `ASYNC_CONTEXT` (node's AsyncLocalStorage)
 * is shown beside it, not in it: the store's transaction scope uses it too (libs/store/src/tx-scope.ts).
 */
function telemetryPartOf(url: string): string | undefined {
  if (url.includes('/@opentelemetry/')) return 'OpenTelemetry';
  if (url.includes('/libs/telemetry/')) return 'libs/telemetry';
  if (url.includes('/prom-client/')) return 'metrics';
  if (/\/(http\/tracing|traced-store)\.js$/.test(url)) return 'span hooks';
  if (/async_hooks|async_local_storage/.test(url)) return ASYNC_CONTEXT;
  return undefined;
}
const ASYNC_CONTEXT = 'async context';

/** Where a function lives, coarsely: the npm package, our app or lib, or node itself. */
function areaOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  const ours = /\/(apps|libs)\/([^/]+)\//.exec(url);
  if (ours) return `${ours[1]}/${ours[2]}`;
  if (url.startsWith('node:')) return 'node internals';
  return url;
}

/** Self time by function and by area of one profile (the flame graph's bottom line, as text). */
export function summarizeCpuProfile(file: string): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame] as const));
  const functions = new Map<string, number>();
  const areas = new Map<string, number>();
  const telemetry = new Map<string, number>();
  let busyUs = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id);
    const us = profile.timeDeltas[i] ?? 0;
    if (!frame || frame.functionName === '(idle)') return;
    busyUs += us;
    const where = frame.url
      ? ` ${frame.url.replace(/^.*\/(node_modules|apps|libs)\//, '$1/')}:${frame.lineNumber + 1}`
      : '';
    const name = `${frame.functionName || '(anonymous)'}${where}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
    const area = areaOf(frame.url, frame.functionName);
    areas.set(area, (areas.get(area) ?? 0) + us);
    const part = telemetryPartOf(frame.url);
    if (part) telemetry.set(part, (telemetry.get(part) ?? 0) + us);
  });
  const sorted = (m: Map<string, number>) =>
    [...m.entries()].map(([k, us]) => [k, us / 1000] as [string, number]).sort((a, b) => b[1] - a[1]);
  return {
    busyMs: busyUs / 1000,
    functions: sorted(functions),
    areas: sorted(areas),
    telemetry: sorted(telemetry),
  };
}

/** The summary as markdown tables: the top `top` functions and areas, with their share of busy time. */
export function formatProfileSummary(title: string, s: ProfileSummary, top = 25): string {
  const pct = (ms: number) => ((100 * ms) / s.busyMs).toFixed(1).padStart(5);
  const parts = s.telemetry.filter(([p]) => p !== ASYNC_CONTEXT);
  const telemetryMs = parts.reduce((sum, [, ms]) => sum + ms, 0);
  const asyncMs = s.telemetry.find(([p]) => p === ASYNC_CONTEXT)?.[1] ?? 0;
  return [
    `\n${title}: ${s.busyMs.toFixed(0)} ms busy (idle excluded)\n`,
    `Telemetry: ${pct(telemetryMs).trim()} % of busy time (${parts.map(([p, ms]) => `${p} ${pct(ms).trim()} %`).join(', ') || 'none'}; self time, garbage collection not included); ` +
      `async context (AsyncLocalStorage: the trace context and the store's transaction scope) ${pct(asyncMs).trim()} %\n`,
    '| self % | area |',
    '|---:|---|',
    ...s.areas.slice(0, 15).map(([a, ms]) => `| ${pct(ms)} | ${a} |`),
    '',
    '| self % | function |',
    '|---:|---|',
    ...s.functions.slice(0, top).map(([f, ms]) => `| ${pct(ms)} | ${f.replace(/\|/g, '\\|')} |`),
  ].join('\n');
}
