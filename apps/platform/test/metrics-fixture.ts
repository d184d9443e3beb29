// GET /metrics scraped over HTTP and read with the Prometheus project's own text parser
// (prom2json; suites using it are gated on prom2jsonMissing()).

import { expect } from 'vitest';
import { parsePrometheusText, type MetricFamily } from '@svc/testing';

export async function scrapeMetrics(baseUrl: string): Promise<MetricFamily[]> {
  const res = await fetch(`${baseUrl}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await res.text());
}

/** The value (counter, gauge) or count (histogram) of the series whose labels include `labels`. */
export function reading(families: MetricFamily[], name: string, labels: Record<string, string> = {}): number {
  const family = families.find((f) => f.name === name);
  const series = family?.metrics.filter((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v)) ?? [];
  return series.reduce((sum, m) => sum + Number(m.count ?? m.value ?? 0), 0);
}

/** How far each series moved between two scrapes. */
export const movedBetween =
  (before: MetricFamily[], after: MetricFamily[]) =>
  (name: string, labels: Record<string, string> = {}): number =>
    reading(after, name, labels) - reading(before, name, labels);
