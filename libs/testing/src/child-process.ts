import type { ChildProcess } from 'node:child_process';

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
