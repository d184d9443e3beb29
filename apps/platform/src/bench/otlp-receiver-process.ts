// The trace benchmark's collector stand-in, run in its own process (forked by trace-bench.ts) so
// that decoding spans is not charged to the platform: a real collector is never inside it.
// The OTLP/HTTP receiver of the tests (libs/testing). Sends {endpoint} over IPC once listening;
// answers a 'count' message with {spans}; exits when the parent disconnects.
import { startOtlpReceiver } from '@svc/testing';

const receiver = await startOtlpReceiver();
process.on('message', (m) => {
  if (m === 'count') process.send?.({ spans: receiver.spans().length });
});
process.send?.({ endpoint: receiver.endpoint });
process.on('disconnect', () => {
  void receiver.close().then(() => process.exit(0));
});
