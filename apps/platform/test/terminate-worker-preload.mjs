// Loaded with `node --import` by booking-thread.test.ts: every worker thread the process starts
// is terminated once the platform printed that it runs, as a crash of the thread would end it.
import { createRequire, syncBuiltinESMExports } from 'node:module';

const require = createRequire(import.meta.url);
const threads = require('node:worker_threads');
const Worker = threads.Worker;
threads.Worker = class extends Worker {
  constructor(...args) {
    super(...args);
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = (chunk, ...rest) => {
      if (String(chunk).includes('is running at')) setTimeout(() => void this.terminate(), 200);
      return write(chunk, ...rest);
    };
  }
};
syncBuiltinESMExports();
