export { DueWorker } from './due-worker.js';
export { GroupCommit, LeasedWorker, type LeaseQueue, type LeasedWorkerOptions } from './leased-worker.js';
export { LeasedLog } from './leased-log.js';
export { claimLeases, drainDue, dueDocs, leaseDoc, nextDueAtMs, type DueDoc, type LeasedDoc } from './due-work.js';
export { backoffMs, baseBackoffMs, type Backoff } from './backoff.js';
export { retryAfterMs } from './retry-after.js';
export { ErasureMarkers, type ErasedBookingDoc } from './erasure-markers.js';
export { BackgroundWork } from './background-work.js';
export { firstAttemptDue, type AttemptFields } from './attempts.js';
