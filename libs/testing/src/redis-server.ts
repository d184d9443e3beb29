import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { outputTail } from './child-process.js';
import { freePort } from './free-port.js';
import { findOnPath, isExecutable } from './on-path.js';

/** A throwaway redis-server on 127.0.0.1 with persistence off. */
export interface RedisServer {
  readonly url: string;
  readonly port: number;
  /** Kills the server and resolves once it has exited. Safe to call twice. */
  stop(): Promise<void>;
}

export interface StartRedisOptions {
  /** Listen on this port instead of a fresh one (e.g. to restart a server a client knows). */
  port?: number;
}

const READY_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 5_000;
/** A freshly picked port can be taken by someone else before redis binds it; try a few. */
const START_ATTEMPTS = 3;

/** Why no redis-server can be started here, or null when one can. */
export function redisMissing(): string | null {
  const fromEnv = process.env.REDIS_SERVER_BIN;
  if (fromEnv) {
    return isExecutable(fromEnv) ? null : `REDIS_SERVER_BIN=${fromEnv} is not an executable file`;
  }
  return findOnPath('redis-server') ? null : 'redis-server was not found on PATH (or set REDIS_SERVER_BIN)';
}

/** Starts redis-server and resolves once it accepts commands. */
export async function startRedis(options: StartRedisOptions = {}): Promise<RedisServer> {
  const bin = redisBinary();
  let lastError: unknown;
  for (let attempt = 0; attempt < (options.port === undefined ? START_ATTEMPTS : 1); attempt++) {
    const port = options.port ?? (await freePort());
    try {
      return await startOn(bin, port);
    } catch (err) {
      lastError = err;
    }
  }
  throw lastError;
}

function redisBinary(): string {
  const bin = process.env.REDIS_SERVER_BIN || findOnPath('redis-server');
  if (!bin) throw new Error(redisMissing() ?? 'redis-server not found');
  return bin;
}

async function startOn(bin: string, port: number): Promise<RedisServer> {
  const child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Keep the tail of redis' own log for the error message when it fails to come up.
  const output = outputTail(child);
  const exited = exitOf(child);
  // A crashed test run must not leave redis-server processes behind.
  const killOnExit = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);

  const alive = (): boolean => child.exitCode === null && child.signalCode === null;
  const stop = async (): Promise<void> => {
    process.removeListener('exit', killOnExit);
    if (alive()) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
  };

  let failure: string | null;
  try {
    if (child.pid === undefined) throw new Error('no process id');
    failure = await Promise.race([waitForServer(port, child.pid, alive).then(() => null), exited]);
  } catch (err) {
    failure = err instanceof Error ? err.message : String(err);
  }
  if (failure !== null) {
    await stop();
    throw new Error(`redis-server on port ${port} did not come up (${failure}); its output:\n${output()}`);
  }
  return { url: `redis://127.0.0.1:${port}`, port, stop };
}

/**
 * Polls until the server on `port` answers and reports `pid` as its own process id; checking
 * the pid keeps another redis that already owns the port from passing for ours.
 */
async function waitForServer(port: number, pid: number, alive: () => boolean): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  // Stops early once the process is gone; the caller reports that exit instead.
  while (Date.now() < deadline && alive()) {
    if ((await serverPid(port)) === pid) return;
    await sleep(50);
  }
  if (!alive()) throw new Error('redis-server exited before answering');
  throw new Error(`no answer within ${READY_TIMEOUT_MS} ms`);
}

/** The process_id from INFO server, or null when nothing usable answers. */
function serverPid(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let reply = '';
    const done = (pid: number | null): void => {
      socket.destroy();
      resolve(pid);
    };
    socket.setTimeout(1_000, () => done(null));
    socket.once('error', () => done(null));
    socket.once('connect', () => socket.write('INFO server\r\n'));
    socket.on('data', (chunk: Buffer) => {
      reply += chunk.toString();
      // An error reply (e.g. -LOADING) means "not yet".
      if (reply.startsWith('-')) return done(null);
      const match = /process_id:(\d+)\r\n/.exec(reply);
      if (match?.[1]) done(Number(match[1]));
    });
    // A complete reply without a process_id line leaves it to the timeout; INFO always has one.
  });
}

/** Resolves with how the process ended. */
function exitOf(child: ChildProcess): Promise<string> {
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ? `killed by ${signal}` : `exited with code ${code}`));
    // Spawn failures (e.g. EACCES) emit 'error' and may never emit 'exit'.
    child.once('error', (err) => resolve(`could not be spawned: ${err.message}`));
  });
}
