import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './repo-root.js';

/** A built app (`apps/<app>/dist/main.js`) running as its own process. */
export interface AppProcess {
  pid: number;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Resolves once `text` was printed; fails after `ms` with the output so far. */
  waitFor: (text: string, ms?: number) => Promise<void>;
  kill: (signal: NodeJS.Signals) => void;
}

export interface RunAppOptions {
  /** Another built entry point of the app, relative to its dist folder; default main.js. */
  entry?: string;
  args?: string[];
  /** Options for node itself, before the entry point (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
  /**
   * The platform only: run it with the development checks (`--dev`, as `npm run dev`), which
   * tests want; default on unless NODE_ENV is given. A bench passes false to measure `npm start`.
   */
  dev?: boolean;
}

/** Runs an app's built main.ts with only the given environment (plus PATH). */
export function runApp(app: string, env: Record<string, string>, options: RunAppOptions = {}): AppProcess {
  const entry = join(repoRoot(), 'apps', app, 'dist', options.entry ?? 'main.js');
  const dev = app === 'platform' && !options.entry && (options.dev ?? env.NODE_ENV === undefined) ? ['--dev'] : [];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), entry, ...dev, ...(options.args ?? [])], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    pid: child.pid ?? -1,
    output: () => out,
    exited,
    kill: (signal) => child.kill(signal),
    waitFor: async (text, ms = 20_000) => {
      const until = Date.now() + ms;
      while (!out.includes(text)) {
        if (Date.now() > until) throw new Error(`"${text}" not printed by ${app}; output:\n${out}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}
