import { connectDownstream, type Downstream } from '../../src/index.js';

/** An address nothing listens on: a call there fails at once (UNREACHABLE, an outage). */
const NOWHERE = '127.0.0.1:1';

/**
 * Every service behind the gateway at NOWHERE: for the tests of what the gateway answers on its
 * own (the envelope, methods, limits, pages) and of what it answers when no service does.
 */
export const unreachableDownstream = (): Downstream =>
  connectDownstream({
    catalog: NOWHERE,
    booking: NOWHERE,
    customer: NOWHERE,
    'webhook-dispatcher': NOWHERE,
    identity: NOWHERE,
    integrations: NOWHERE,
  });
