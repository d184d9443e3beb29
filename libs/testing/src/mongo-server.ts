import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { exited, guardedStop, outputTail } from './child-process.js';
import { freePort } from './free-port.js';
import { onPath } from './on-path.js';
import { repoRoot } from './repo-root.js';
import { serverGate } from './server-gate.js';

/**
 * A throwaway MongoDB wire-protocol server: mongo-java-server's memory backend behind our
 * launcher (libs/testing/mongo-server/MongoTestServer.java), the primary of a one-member replica
 * set with sessions, transactions and MongoDB's write conflicts. What it verifies and what only a
 * real replica set can: docs/operations.md "The MongoDB test server".
 */
export interface MongoServer {
  /** Connection string naming the replica set (or none when started with replicaSet: false). */
  readonly url: string;
  readonly port: number;
  /**
   * This server has no snapshot reads: a read sees what is committed when it runs (another
   * transaction's uncommitted writes never), not what was when its transaction started. Its write
   * conflicts are MongoDB's (112 WriteConflict; docs/operations.md "The MongoDB test server").
   */
  readonly snapshotIsolation: false;
  /** Kills the server and resolves once it has exited. Safe to call twice. */
  stop(): Promise<void>;
}

export interface StartMongoOptions {
  /** Listen on this port instead of a free one (e.g. to restart a server clients know). */
  port?: number;
  /** false: answer as a standalone server (no setName), as a misconfigured deployment would. */
  replicaSet?: boolean;
}

const SET_NAME = 'rs0';
const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

const sourceDir = (): string => join(repoRoot(), 'libs', 'testing', 'mongo-server');

/** Where scripts/fetch-mongo-server.sh puts the jars and classes for the current sources. */
function buildDir(): string {
  const hash = createHash('sha256');
  for (const file of ['pom.xml', 'MongoTestServer.java']) hash.update(readFileSync(join(sourceDir(), file)));
  return join(repoRoot(), '.cache', 'mongo-server', hash.digest('hex').slice(0, 16));
}

const built = (): boolean => existsSync(join(buildDir(), 'classes', 'MongoTestServer.class'));

/** Why no MongoDB test server can be started here, or null when one can. */
export function mongoMissing(): string | null {
  if (!onPath('java')) return 'java is not on PATH (install a JDK 17+)';
  if (built()) return null;
  for (const cmd of ['javac', 'mvn']) {
    if (!onPath(cmd)) return `${cmd} is not on PATH (needed once to build the MongoDB test server)`;
  }
  return null;
}

/** Fetches and compiles the server when its sources changed since the last build. */
async function ensureBuilt(): Promise<string> {
  if (!built()) {
    try {
      await promisify(execFile)(join(repoRoot(), 'scripts', 'fetch-mongo-server.sh'));
    } catch (err) {
      const e = err as { stderr?: string; message: string };
      throw new Error(`building the MongoDB test server failed: ${e.message}\n${e.stderr ?? ''}`);
    }
  }
  return buildDir();
}

/** Starts the server on a free loopback port; resolves once it accepts connections. */
export async function startMongo(options: StartMongoOptions = {}): Promise<MongoServer> {
  const missing = mongoMissing();
  if (missing) throw new Error(`cannot start the MongoDB test server: ${missing}`);
  const dir = await ensureBuilt();
  const port = options.port ?? (await freePort());
  const replicaSet = options.replicaSet ?? true;
  const child = spawn(
    'java',
    [
      '-Xmx512m',
      '-Dorg.slf4j.simpleLogger.defaultLogLevel=warn',
      '-cp',
      `${join(dir, 'classes')}:${join(dir, 'libs', '*')}`,
      'MongoTestServer',
      '--port',
      String(port),
      '--set-name',
      replicaSet ? SET_NAME : '',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output = outputTail(child, 8_000);
  const stop = guardedStop(child, STOP_TIMEOUT_MS);

  const failure = await ready(child, output, `listening on 127.0.0.1:${port}`);
  if (failure) {
    await stop();
    throw new Error(`the MongoDB test server on port ${port} did not come up (${failure}); its output:\n${output()}`);
  }
  const query = replicaSet ? `?replicaSet=${SET_NAME}` : '?directConnection=true';
  return { url: `mongodb://127.0.0.1:${port}/${query}`, port, snapshotIsolation: false, stop };
}

/** Resolves null once `line` was printed, or why not. */
async function ready(child: ChildProcess, output: () => string, line: string): Promise<string | null> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let spawnError: string | undefined;
  child.once('error', (err) => (spawnError = err.message));
  while (!output().includes(line)) {
    if (spawnError) return `could not be spawned: ${spawnError}`;
    if (exited(child)) return `exited (${child.exitCode ?? child.signalCode})`;
    if (Date.now() > deadline) return `no "${line}" within ${READY_TIMEOUT_MS} ms`;
    await new Promise((r) => setTimeout(r, 50));
  }
  return null;
}

/** Where an adapter-variant suite (a port's contract, a service over MongoDB) gets its server. */
export interface SuiteMongo {
  /** False only outside CI when no server can be had (the server gate skipped loudly). */
  readonly runs: boolean;
  /** MONGODB_URL (a real replica set) when set, else this file's test server, started on first use. */
  url(): Promise<string>;
  /** Stops the test server if one was started (call in afterAll). */
  stop(): Promise<void>;
}

/**
 * The MongoDB a test file's MongoDB variants run on: MONGODB_URL when set, else the wire-protocol
 * test server, so those variants run in every CI run instead of only when someone sets
 * MONGODB_URL. Gated like every real-server suite (serverGate: a failure under CI).
 */
export function mongoForSuites(): SuiteMongo {
  const realUrl = process.env.MONGODB_URL;
  const runs = realUrl !== undefined || serverGate('MongoDB', mongoMissing());
  let server: Promise<MongoServer> | undefined;
  return {
    runs,
    async url() {
      if (realUrl !== undefined) return realUrl;
      server ??= startMongo();
      return (await server).url;
    },
    async stop() {
      if (server) await (await server).stop();
    },
  };
}
