import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchServer } from './child-process.js';
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
  const stop = await launchServer(bin, ['--config', join(dir, 'config')], {
    name: `radicale at ${url}`,
    readyTimeoutMs: READY_TIMEOUT_MS,
    stopTimeoutMs: STOP_TIMEOUT_MS,
    // Radicale redirects its root to the web interface: any answer means it listens.
    answers: () =>
      fetch(url, { redirect: 'manual' }).then(
        () => true,
        () => false,
      ),
  });
  return { stop };
}
