import { createClient } from 'redis';
import { LockUnavailableError } from './lock.js';

export type RedisClient = ReturnType<typeof createClient>;

export interface RedisConnectOptions {
  /** e.g. redis://127.0.0.1:6379 */
  url: string;
  /** Bound on getting a connection up (TCP connect plus handshake). Default 3000. */
  connectTimeoutMs?: number;
  /** Bound on every command, so a stalled server cannot hang a caller. Default 1000. */
  commandTimeoutMs?: number;
  /** Sees connection errors the client reports in the background (otherwise dropped). */
  onError?: (err: Error) => void;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 3_000;
export const DEFAULT_COMMAND_TIMEOUT_MS = 1_000;

/**
 * A connected client whose commands reject at once while it is disconnected, and which
 * reconnects on its own after losing its connection. Rejects with LockUnavailableError when the
 * first connection is not up within connectTimeoutMs.
 */
export async function connectRedis(opts: RedisConnectOptions): Promise<RedisClient> {
  const connectTimeoutMs = opts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const client = createClient({
    url: opts.url,
    // Queued commands would wait for Redis to come back, i.e. hang; reject them instead.
    disableOfflineQueue: true,
    // Only bounds the wait before a command is written; RedisConnection bounds the reply.
    commandOptions: { timeout: opts.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS },
    socket: { connectTimeout: connectTimeoutMs, reconnectStrategy: backoff },
  });
  // An 'error' event without a listener would crash the process; callers see failed commands.
  client.on('error', opts.onError ?? ignore);

  // The client retries the first connection forever by itself, so bound it here.
  const connecting = client.connect();
  connecting.catch(ignore); // its failure is reported through the race below
  try {
    await withDeadline(connecting, connectTimeoutMs, `no connection within ${connectTimeoutMs} ms`);
    return client;
  } catch (err) {
    discard(client);
    throw new LockUnavailableError(`Redis at ${redact(opts.url)} is unreachable: ${messageOf(err)}`, { cause: err });
  }
}

/** Closes gracefully, but never waits longer than `timeoutMs` for in-flight commands. */
export async function closeRedis(client: RedisClient, timeoutMs: number): Promise<void> {
  if (!client.isOpen) return;
  try {
    await withDeadline(client.close(), timeoutMs, 'close timed out');
  } catch {
    discard(client);
  }
}

/** Drops the connection now, failing whatever is in flight. */
export function discard(client: RedisClient): void {
  try {
    client.destroy();
  } catch {
    // Already closed.
  }
}

export class DeadlineError extends Error {
  override readonly name = 'DeadlineError';
}

/** `work`, or a DeadlineError once `ms` have passed (`work` is left running). */
export async function withDeadline<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(message)), ms);
  });
  work.catch(ignore); // a rejection after the deadline must not surface as unhandled
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Exponential backoff with jitter, capped at 2 s; never gives up while the client is open. */
function backoff(retries: number): number {
  return Math.min(50 * 2 ** retries, 2_000) + Math.floor(Math.random() * 100);
}

/** Keeps passwords out of error messages. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '<invalid url>';
  }
}

function ignore(): void {}
