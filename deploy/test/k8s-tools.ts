import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { repoRoot, serverGate } from '@svc/testing';

/** Where scripts/fetch-k8s-tools.sh puts helm, kubeconform, hadolint and the API schemas. */
const toolsDir = join(repoRoot(), '.cache', 'k8s-tools');
export const chartDir = join(repoRoot(), 'deploy', 'helm', 'booking-platform');
export const productionValues = join(chartDir, 'ci', 'production-values.yaml');

/** The chart's minimum Kubernetes (Chart.yaml kubeVersion) and the newest the schemas cover. */
export const KUBERNETES_VERSIONS = ['1.30.0', '1.37.0'] as const;

const tool = (name: string) => join(toolsDir, 'bin', name);

/** Why the tools cannot run here, or null when they can (a failure under CI=true, else a skip). */
function missing(names: string[]): string | null {
  const absent = names.filter((name) => !existsSync(tool(name)));
  if (absent.length > 0) return `${absent.join(', ')} not in ${toolsDir}/bin (run scripts/fetch-k8s-tools.sh)`;
  for (const version of KUBERNETES_VERSIONS) {
    if (!existsSync(schemaDir(version))) return `no schemas in ${schemaDir(version)} (run scripts/fetch-k8s-tools.sh)`;
  }
  return null;
}

export const chartToolsGate = () => serverGate('helm and kubeconform', missing(['helm', 'kubeconform']));
export const hadolintGate = () => serverGate('hadolint', missing(['hadolint']));

function schemaDir(version: string): string {
  return join(toolsDir, 'schemas', `v${version}-local-strict`);
}

export interface Run {
  status: number;
  stdout: string;
  stderr: string;
}

function run(name: string, args: string[], input?: string): Run {
  const result = spawnSync(tool(name), args, { encoding: 'utf8', input, maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  return { status: result.status ?? 1, stdout: result.stdout, stderr: result.stderr };
}

/** `helm template` of the chart; `values` are files, `set` are --set pairs. */
export function helmTemplate(opts: { values?: string[]; set?: string[]; kubeVersion?: string } = {}): Run {
  const args = ['template', 'bp', chartDir, '--kube-version', opts.kubeVersion ?? KUBERNETES_VERSIONS[0]];
  for (const file of opts.values ?? []) args.push('--values', file);
  for (const pair of opts.set ?? []) args.push('--set', pair);
  return run('helm', args);
}

export function helmLint(values: string[], kubeVersion: string): Run {
  return run('helm', [
    'lint',
    '--strict',
    chartDir,
    '--kube-version',
    kubeVersion,
    ...values.flatMap((v) => ['--values', v]),
  ]);
}

/** kubeconform -strict of rendered manifests against the offline schemas of one Kubernetes version. */
export function kubeconform(manifests: string, kubeVersion: string): Run {
  const location = join(
    toolsDir,
    'schemas',
    '{{ .NormalizedKubernetesVersion }}-local-strict',
    '{{ .ResourceKind }}{{ .KindSuffix }}.json',
  );
  return run(
    'kubeconform',
    ['-strict', '-summary', '-output', 'text', '-kubernetes-version', kubeVersion, '-schema-location', location, '-'],
    manifests,
  );
}

export function hadolint(file: string): Run {
  return run('hadolint', ['--no-color', '--failure-threshold', 'info', file]);
}

/** A rendered Kubernetes object, loosely typed: the tests read the fields they check. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  spec?: any;
  data?: Record<string, string>;
}

export function parseManifests(text: string): K8sObject[] {
  return parseAllDocuments(text)
    .map((doc) => {
      if (doc.errors.length > 0) throw doc.errors[0];
      return doc.toJS() as K8sObject | null;
    })
    .filter((o): o is K8sObject => o !== null);
}

/** Renders the chart (failing the test when helm refuses) and parses the objects. */
export function render(opts: Parameters<typeof helmTemplate>[0] = {}): { text: string; objects: K8sObject[] } {
  const result = helmTemplate(opts);
  if (result.status !== 0) throw new Error(`helm template failed: ${result.stderr}`);
  return { text: result.stdout, objects: parseManifests(result.stdout) };
}
