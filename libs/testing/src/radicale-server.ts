import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { exited, guardedStop } from './child-process.js';
import { findOnPath, isExecutable } from './on-path.js';
import { freePort } from './free-port.js';

/**
 * A throwaway Radicale (CalDAV) server on 127.0.0.1: htpasswd users with plain passwords, each
 * owning only its own collections, storage in a temporary folder; no configuration file of the
 * machine is read.
 */
export interface RadicaleServer {
  /** The server's root URL, e.g. `http://127.0.0.1:5232/` (the CalDAV discovery URL). */
  readonly url: string;
  /** Kills the server, resolves once it has exited and removes its storage. Safe to call twice. */
  stop(): Promise<void>;
  /** Changes (or adds) an account's password; Radicale reads the file on every login. */
  setPassword(user: string, password: string): void;
  /** Kills the server but keeps its port and storage (an outage); `restart` brings it back. */
  kill(): Promise<void>;
  restart(): Promise<void>;
}

const READY_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 5_000;

/** Why no Radicale can be started here, or null when one can. */
export function radicaleMissing(): string | null {
  const fromEnv = process.env.RADICALE_BIN;
  if (fromEnv) return isExecutable(fromEnv) ? null : `RADICALE_BIN=${fromEnv} is not an executable file`;
  return findOnPath('radicale') ? null : 'radicale was not found on PATH (or set RADICALE_BIN)';
}

/** Starts Radicale with these users (name → password) and resolves once it answers HTTP. */
export async function startRadicale(users: Record<string, string>): Promise<RadicaleServer> {
  const bin = process.env.RADICALE_BIN || findOnPath('radicale');
  if (!bin) throw new Error(radicaleMissing() ?? 'radicale not found');
  const dir = mkdtempSync(join(tmpdir(), 'radicale-'));
  const port = await freePort();
  const accounts = { ...users };
  const writeUsers = (): void =>
    writeFileSync(
      join(dir, 'users'),
      Object.entries(accounts)
        .map(([name, password]) => `${name}:${password}\n`)
        .join(''),
    );
  writeUsers();
  writeFileSync(
    join(dir, 'config'),
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${join(dir, 'users')}`,
      'htpasswd_encryption = plain',
      '[rights]',
      'type = owner_only',
      '[storage]',
      `filesystem_folder = ${join(dir, 'collections')}`,
      '[logging]',
      'level = warning',
      '',
    ].join('\n'),
  );
  const url = `http://127.0.0.1:${port}/`;
  let running: RunningProcess | null = null;
  try {
    running = await launch(bin, dir, url);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url,
    setPassword(user, password) {
      accounts[user] = password;
      writeUsers();
    },
    async kill() {
      await running?.stop();
      running = null;
    },
    async restart() {
      await running?.stop();
      running = await launch(bin, dir, url);
    },
    async stop() {
      await running?.stop();
      running = null;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface RunningProcess {
  stop(): Promise<void>;
}

async function launch(bin: string, dir: string, url: string): Promise<RunningProcess> {
  const child = spawn(bin, ['--config', join(dir, 'config')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-4_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // Spawn failures (e.g. EACCES) emit 'error' and may never emit 'exit'.
  let spawnError = '';
  child.once('error', (err) => (spawnError = err.message));
  const alive = (): boolean => !exited(child) && spawnError === '';
  // Guarded: a crashed test run must not leave radicale processes behind.
  const stop = guardedStop(child, STOP_TIMEOUT_MS);
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (alive() && Date.now() < deadline) {
    // Radicale redirects its root to the web interface: any answer means it listens.
    const answered = await fetch(url, { redirect: 'manual' }).then(
      () => true,
      () => false,
    );
    if (answered) return { stop };
    await sleep(100);
  }
  const why = alive()
    ? `no answer within ${READY_TIMEOUT_MS} ms`
    : spawnError || `exited with ${child.exitCode ?? child.signalCode}`;
  // A process that never spawned has nothing to stop.
  if (spawnError === '') await stop();
  throw new Error(`radicale at ${url} did not come up (${why}); its output:\n${output}`);
}
