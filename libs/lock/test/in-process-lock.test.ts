import { InProcessLockManager } from '../src/index.js';
import { lockContract } from './lock-contract.js';

lockContract('InProcessLockManager', async () => new InProcessLockManager());
