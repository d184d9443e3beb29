import { spawn, execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  closeSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  mkdtempSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { exited, guardedStop } from './child-process.js';
import { freePort } from './free-port.js';
import { onPath } from './on-path.js';
import { repoRoot } from './repo-root.js';

/** A throwaway single-node KRaft broker. */
export interface KafkaServer {
  brokers: string[];
  stop(): Promise<void>;
  /** Stops the broker (SIGTERM, as an operator would) but keeps its log dir and ports. */
  halt(): Promise<void>;
  /** Starts the halted broker again on the same ports and data; resolves once it serves. */
  resume(): Promise<void>;
}

const START_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;

/** Folder with Kafka's jars, as written by scripts/fetch-kafka.sh. */
function jarsDir(): string {
  return process.env.KAFKA_LIBS_DIR ?? join(repoRoot(), '.cache', 'kafka', 'libs');
}

/** Why a Kafka broker cannot be started here, or null when it can. */
export function kafkaMissing(): string | null {
  if (!onPath('java')) return 'java is not on PATH (install a JDK 17+)';
  const dir = jarsDir();
  if (!existsSync(dir)) return `Kafka jars not found in ${dir} (run scripts/fetch-kafka.sh)`;
  if (!readdirSync(dir).some((f) => /^kafka_2\.13-.*\.jar$/.test(f))) {
    return `no kafka_2.13-*.jar in ${dir} (run scripts/fetch-kafka.sh)`;
  }
  return null;
}

/** A Kafka cluster id: 16 random bytes, base64url without padding (what StorageTool random-uuid prints). */
function clusterId(): string {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    // A leading '-' would be read as an option by StorageTool's argument parser.
    if (!id.startsWith('-')) return id;
  }
}

function brokerConfig(dir: string, port: number, ctrlPort: number): string {
  return [
    'process.roles=broker,controller',
    'node.id=1',
    `controller.quorum.voters=1@127.0.0.1:${ctrlPort}`,
    `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${ctrlPort}`,
    `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
    'controller.listener.names=CONTROLLER',
    'listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    `log.dirs=${join(dir, 'data')}`,
    // One broker: internal topics cannot have more than one replica.
    'offsets.topic.replication.factor=1',
    // The default 50 partitions make the first consumer-group join wait for 50 log creations.
    'offsets.topic.num.partitions=1',
    'transaction.state.log.replication.factor=1',
    'transaction.state.log.min.isr=1',
    // Tests join groups constantly; the default 3 s delay would slow every one of them.
    'group.initial.rebalance.delay.ms=0',
    'group.min.session.timeout.ms=1000',
    'num.partitions=1',
    'auto.create.topics.enable=true',
    '',
  ].join('\n');
}

// Kafka's jars ship no log4j config; without one the broker is silent and a failed start
// leaves no clue. Everything goes to stdout, which lands in broker.log.
const LOG4J = [
  'log4j.rootLogger=INFO, stdout',
  'log4j.appender.stdout=org.apache.log4j.ConsoleAppender',
  'log4j.appender.stdout.layout=org.apache.log4j.PatternLayout',
  'log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n',
  '',
].join('\n');

function logTail(path: string, lines = 40): string {
  try {
    return readFileSync(path, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * One Metadata v4 request over a raw socket; resolves true when the broker lists at least one
 * broker (itself), i.e. it is serving clients. Raw protocol because @svc/testing has no Kafka
 * client dependency.
 */
function brokerAnswers(port: number, timeoutMs = 2_000): Promise<boolean> {
  return new Promise((resolve) => {
    const clientId = Buffer.from('svc-testing');
    // header: api_key=3 (Metadata), api_version=4, correlation_id, client_id; body: topics=[] , allow_auto_topic_creation=false
    const body = Buffer.alloc(2 + 2 + 4 + 2 + clientId.length + 4 + 1);
    let o = body.writeInt16BE(3, 0);
    o = body.writeInt16BE(4, o);
    o = body.writeInt32BE(1, o);
    o = body.writeInt16BE(clientId.length, o);
    o += clientId.copy(body, o);
    o = body.writeInt32BE(0, o);
    body.writeInt8(0, o);
    const size = Buffer.alloc(4);
    size.writeInt32BE(body.length, 0);

    let buf = Buffer.alloc(0);
    const done = (ok: boolean): void => {
      clearTimeout(timer);
      sock.destroy();
      resolve(ok);
    };
    const sock = connect({ host: '127.0.0.1', port }, () => sock.write(Buffer.concat([size, body])));
    const timer = setTimeout(() => done(false), timeoutMs);
    sock.on('error', () => done(false));
    sock.on('close', () => done(false));
    sock.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      // response: size, correlation_id, throttle_time_ms, brokers count
      if (buf.length < 16) return;
      done(buf.readInt32BE(4) === 1 && buf.readInt32BE(12) > 0);
    });
  });
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Starts a fresh single-node KRaft broker on free ports; resolves once it serves clients. */
export async function startKafka(): Promise<KafkaServer> {
  const missing = kafkaMissing();
  if (missing) throw new Error(`cannot start Kafka: ${missing}`);
  const classpath = join(jarsDir(), '*');
  const dir = mkdtempSync(join(tmpdir(), 'kafka-test-'));
  const port = await freePort();
  let ctrlPort = await freePort();
  while (ctrlPort === port) ctrlPort = await freePort();
  const configPath = join(dir, 'server.properties');
  const log4jPath = join(dir, 'log4j.properties');
  const logPath = join(dir, 'broker.log');
  writeFileSync(configPath, brokerConfig(dir, port, ctrlPort));
  writeFileSync(log4jPath, LOG4J);
  const log4jOpt = `-Dlog4j.configuration=file:${log4jPath}`;

  try {
    await promisify(execFile)('java', [
      log4jOpt,
      '-cp',
      classpath,
      'kafka.tools.StorageTool',
      'format',
      '-t',
      clusterId(),
      '-c',
      configPath,
    ]);
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`Kafka storage format failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }

  // One broker process at a time; halt() ends it, resume() spawns the next on the same data.
  let stopBroker: () => Promise<void> = async () => undefined;
  const stop = async (): Promise<void> => {
    await stopBroker();
    rmSync(dir, { recursive: true, force: true });
  };
  const spawnBroker = async (): Promise<void> => {
    const logFd = openSync(logPath, 'a');
    const child = spawn('java', ['-Xmx512m', log4jOpt, '-cp', classpath, 'kafka.Kafka', configPath], {
      stdio: ['ignore', logFd, logFd],
    });
    closeSync(logFd);
    stopBroker = guardedStop(child, STOP_GRACE_MS);
    const deadline = Date.now() + START_TIMEOUT_MS;
    let spawnError: Error | undefined;
    child.once('error', (err) => (spawnError = err));
    for (;;) {
      if (spawnError || exited(child)) {
        const tail = logTail(logPath);
        await stop();
        throw new Error(
          `Kafka exited during start (${spawnError?.message ?? `code ${child.exitCode}`}); log tail:\n${tail}`,
        );
      }
      if (await brokerAnswers(port)) return;
      if (Date.now() > deadline) {
        const tail = logTail(logPath);
        await stop();
        throw new Error(
          `Kafka did not answer on 127.0.0.1:${port} within ${START_TIMEOUT_MS / 1000} s; log tail:\n${tail}`,
        );
      }
      await sleep(250);
    }
  };
  await spawnBroker();

  return {
    brokers: [`127.0.0.1:${port}`],
    stop,
    halt: () => stopBroker(),
    resume: spawnBroker,
  };
}
