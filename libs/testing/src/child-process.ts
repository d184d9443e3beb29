import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

/** True once the process has ended (by itself or by a signal). */
export function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited. */
export async function killGracefully(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (exited(child)) return;
  const gone = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await gone;
  clearTimeout(timer);
}

/**
 * Kills the server if the test process dies without stopping it, so no server is left behind;
 * answers the stop function: the graceful kill, without that guard.
 */
export function guardedStop(child: ChildProcess, graceMs?: number): () => Promise<void> {
  const killOnExit = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  return async () => {
    process.removeListener('exit', killOnExit);
    await killGracefully(child, graceMs);
  };
}

/**
 * The last `max` characters the child printed on stdout and stderr, for the error message when
 * it fails to come up.
 */
export function outputTail(child: ChildProcess, max = 4_000): () => string {
  let output = '';
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-max);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => output;
}

export interface LaunchOptions {
  /** How the error names the server, e.g. `radicale at http://…`. */
  name: string;
  readyTimeoutMs: number;
  stopTimeoutMs: number;
  /** Whether the server answers yet; polled every 100 ms while it runs. */
  answers: () => Promise<boolean>;
}

/**
 * Spawns `bin` and resolves with its guarded stop once `answers` is true; fails (the process
 * stopped) with the reason and the tail of its output when it exits, cannot be spawned or does
 * not answer in time.
 */
export async function launchServer(bin: string, args: string[], opts: LaunchOptions): Promise<() => Promise<void>> {
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = outputTail(child);
  // Spawn failures (e.g. EACCES) emit 'error' and may never emit 'exit'.
  let spawnError = '';
  child.once('error', (err) => (spawnError = err.message));
  const alive = (): boolean => !exited(child) && spawnError === '';
  // Guarded: a crashed test run must not leave server processes behind.
  const stop = guardedStop(child, opts.stopTimeoutMs);
  const deadline = Date.now() + opts.readyTimeoutMs;
  while (alive() && Date.now() < deadline) {
    if (await opts.answers()) return stop;
    await sleep(100);
  }
  const why = alive()
    ? `no answer within ${opts.readyTimeoutMs} ms`
    : spawnError || `exited with ${child.exitCode ?? child.signalCode}`;
  // A process that never spawned has nothing to stop.
  if (spawnError === '') await stop();
  throw new Error(`${opts.name} did not come up (${why}); its output:\n${output()}`);
}
