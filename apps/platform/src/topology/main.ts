import { parseArgs } from 'node:util';
import { startTopology } from './topology.js';

/**
 * `npm run topology [-- --gateways N --bookings N --integrations N --log-level info]`: the platform in the
 * distributed profile on this machine (topology.ts), until Ctrl-C. MONGODB_URL, when set, is used
 * instead of the MongoDB test server.
 */
const { values } = parseArgs({
  options: {
    gateways: { type: 'string', default: '1' },
    bookings: { type: 'string', default: '1' },
    integrations: { type: 'string', default: '1' },
    'log-level': { type: 'string', default: 'warn' },
  },
});
const count = (name: 'gateways' | 'bookings' | 'integrations'): number => {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < 1 || n > 16) {
    process.stderr.write(`--${name} must be an integer from 1 to 16, got ${values[name]}\n`);
    process.exit(2);
  }
  return n;
};

const gateways = count('gateways');
const bookings = count('bookings');
const integrations = count('integrations');
process.stdout.write(
  `Starting the distributed topology (${gateways} gateway(s), ${bookings} booking and ${integrations} integrations replica(s))...\n`,
);
const topology = await startTopology({
  gateways,
  bookings,
  integrations,
  logLevel: values['log-level'],
  ...(process.env.MONGODB_URL ? { mongodbUrl: process.env.MONGODB_URL } : {}),
});

let stopping = false;
const shutdown = async (): Promise<void> => {
  if (stopping) return;
  stopping = true;
  process.stdout.write('\nStopping every app, then MongoDB, Redis and Kafka...\n');
  await topology.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

// An app that dies on its own is reported (with its output), and the rest keeps running.
for (const app of topology.apps) {
  const watched = app.process;
  void watched.exited.then((code) => {
    if (!stopping && app.process === watched) {
      process.stderr.write(`\n${app.id} exited (${code}); its output:\n${watched.output()}\n`);
    }
  });
}

const lines = [
  '',
  'Booking platform (distributed profile) is running:',
  ...topology.gatewayUrls.map((url, i) => `  gateway ${i + 1}: ${url}   try: curl -s ${url}/health`),
  ...topology.apps.filter((a) => a.app !== 'gateway').map((a) => `  ${a.id}: gRPC ${a.address}`),
  `  MongoDB: ${topology.mongodbUrl} (databases ${topology.dbPrefix}*)${topology.mongo ? ', the wire-protocol test server' : ''}`,
  `  Redis: ${topology.redis.url}   Kafka: ${topology.kafka.brokers.join(',')}`,
  topology.mailpit
    ? `  Mailpit (the notifications' SMTP server): ${topology.mailpit.smtpUrl}, messages at ${topology.mailpit.apiUrl}`
    : '  no notifications service: Mailpit is not built (scripts/fetch-mailpit.sh)',
  'Ctrl-C stops everything.',
  '',
];
process.stdout.write(`${lines.join('\n')}\n`);
