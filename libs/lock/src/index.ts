export { LockUnavailableError, type AcquireOptions, type Lease, type LockManager } from './lock.js';
export { InProcessLockManager } from './in-process-lock.js';
export { RedisLockManager, createRedisLockManager, type RedisLockOptions } from './redis-lock.js';
export type { RedisConnectOptions } from './redis-connect.js';
export { RedisConnection } from './redis-connection.js';
