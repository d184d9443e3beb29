import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AggregatorRegistry,
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type MetricObjectWithValues,
  type MetricValue,
} from 'prom-client';
import type { Logger } from './logger.js';

/**
 * The process's one metrics registry, served as Prometheus text on GET /metrics. Every
 * application metric has a `service` label, so the embedded platform (five services in one
 * process) serves them all on one endpoint and a lone service looks the same. Labels hold
 * bounded values only: route templates, method names, codes, outcomes, never ids
 * (docs/operations.md, "Metrics").
 */
export const metricsRegistry = new Registry();

/** Latency buckets (seconds) for requests and attempts: 1 ms to 10 s. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Defines a metric once per process (a second definition, e.g. a module loaded twice, gets the first). */
function once<M>(name: string, make: () => M): M {
  return (metricsRegistry.getSingleMetric(name) as M | undefined) ?? make();
}

export function counter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L> {
  return once(name, () => new Counter({ name, help, labelNames, registers: [metricsRegistry] }));
}

export function gauge<L extends string>(name: string, help: string, labelNames: readonly L[]): Gauge<L> {
  return once(name, () => new Gauge({ name, help, labelNames, registers: [metricsRegistry] }));
}

export function histogram<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  buckets: number[] = LATENCY_BUCKETS,
): Histogram<L> {
  return once(name, () => new Histogram({ name, help, labelNames, buckets, registers: [metricsRegistry] }));
}

/** HTTP requests served by the gateway, by route template (never the raw path) and status. */
export const httpRequestDuration: Histogram<'service' | 'method' | 'route' | 'status_code'> = histogram(
  'http_server_request_duration_seconds',
  'HTTP requests served, by route template, method and status code (count = rate, status_code>=500 = errors)',
  ['service', 'method', 'route', 'status_code'],
);

/** gRPC calls served, by full method name and gRPC status code name. */
export const grpcServerDuration: Histogram<'service' | 'grpc_method' | 'grpc_code'> = histogram(
  'grpc_server_handling_seconds',
  'gRPC calls served, by method and gRPC code (count = rate, codes other than OK = errors)',
  ['service', 'grpc_method', 'grpc_code'],
);

let processMetrics = false;

/** Node process metrics (CPU, memory, event-loop lag, GC, handles), once per process. */
export function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

/** A registry's samples as plain data, which can cross a thread boundary. */
export type MetricsSnapshot = MetricObjectWithValues<MetricValue<string>>[];

/** This thread's registry as a snapshot (a worker thread answers its process's /metrics with it). */
export function metricsSnapshot(): Promise<MetricsSnapshot> {
  return metricsRegistry.getMetricsAsJSON();
}

/** Other threads' registries served with this one (the embedded platform's booking thread). */
const sources = new Set<() => Promise<MetricsSnapshot>>();

/**
 * Adds a thread's registry to this process's exposition: same-named series are summed, so each
 * metric appears once with every thread's samples (process metrics come from the main thread
 * only). Returns the function that removes it.
 */
export function addMetricsSource(source: () => Promise<MetricsSnapshot>): () => void {
  sources.add(source);
  return () => sources.delete(source);
}

/** The exposition: content type and Prometheus text of every metric. */
export async function metricsExposition(): Promise<{ contentType: string; body: string }> {
  if (sources.size === 0) return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
  const all = await Promise.all([metricsSnapshot(), ...[...sources].map((source) => source())]);
  return { contentType: metricsRegistry.contentType, body: await AggregatorRegistry.aggregate(all).metrics() };
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * A gRPC service's own metrics listener (METRICS_PORT): GET /metrics only, no auth, so only the
 * cluster may reach it (docs/operations.md, "Metrics").
 */
export async function startMetricsServer(host: string, port: number, logger: Logger): Promise<MetricsServer> {
  collectProcessMetrics();
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metricsExposition().then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
      (err: unknown) => {
        logger.error({ err }, 'metrics collection failed');
        res.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  logger.info({ address: `${host}:${bound}` }, 'metrics listening on /metrics');
  return {
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
