import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './repo-root.js';

/** One metric family as prom2json prints it (numbers stay strings, as in the exposition). */
export interface MetricFamily {
  name: string;
  help: string;
  type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
  metrics: Array<{
    labels?: Record<string, string>;
    value?: string;
    count?: string;
    sum?: string;
    buckets?: Record<string, string>;
  }>;
}

function prom2jsonBinary(): string {
  return process.env.PROM2JSON_BIN || join(repoRoot(), '.cache', 'bin', 'prom2json');
}

/** Why the Prometheus text parser cannot run here, or null when it can. */
export function prom2jsonMissing(): string | null {
  try {
    accessSync(prom2jsonBinary(), constants.X_OK);
    return null;
  } catch {
    return `${prom2jsonBinary()} is missing: run scripts/fetch-prom2json.sh (or set PROM2JSON_BIN)`;
  }
}

/**
 * Parses a Prometheus text exposition with prom2json, i.e. with the Prometheus project's own
 * parser (expfmt): what a scrape would accept, not what our metrics library believes it wrote.
 * Rejects with the parser's message when the text is malformed.
 */
export function parsePrometheusText(text: string): Promise<MetricFamily[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(prom2jsonBinary(), [], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out) as MetricFamily[]) : reject(new Error(`prom2json failed: ${err}`)),
    );
    child.stdin.end(text);
  });
}
