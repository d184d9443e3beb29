import { randomBytes } from 'node:crypto';

/** `cus_` + 16 random bytes (22 base64url characters): unguessable across tenants, Stripe style. */
export function newCustomerId(): string {
  return `cus_${randomBytes(16).toString('base64url')}`;
}
