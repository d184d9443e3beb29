import { randomBytes } from 'node:crypto';

/** Prefixes make an id's kind visible in logs and support tickets (Stripe style). */
export const ID_PREFIX = {
  tenant: 'ten_',
  service: 'svc_',
  staff: 'stf_',
  resource: 'res_',
  rule: 'rul_',
  blockedTime: 'blk_',
  holiday: 'hol_',
  dateOverride: 'dov_',
} as const;

/** 16 random bytes as 22 base64url characters after the prefix: unguessable across tenants. */
export function newId(kind: keyof typeof ID_PREFIX): string {
  return ID_PREFIX[kind] + randomBytes(16).toString('base64url');
}
