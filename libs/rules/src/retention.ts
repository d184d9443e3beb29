import { z } from 'zod';

/**
 * How long a tenant's data is kept (docs/operations.md "Retention"): webhook delivery bodies,
 * notification bodies and audit records, in days. A tenant that never set one keeps the defaults.
 */
export interface Retention {
  webhookBodyDays: number;
  notificationBodyDays: number;
  auditDays: number;
}

export const RETENTION_DEFAULTS: Readonly<Retention> = {
  webhookBodyDays: 30,
  notificationBodyDays: 30,
  auditDays: 365,
};

/** At least a day (a delivery's retries run for up to three), at most ten years. */
export const RETENTION_DAYS = { min: 1, max: 3650 } as const;
export const RETENTION_MESSAGE = `must be a whole number of days from ${RETENTION_DAYS.min} to ${RETENTION_DAYS.max}`;

export const isRetentionDays = (n: unknown): n is number =>
  typeof n === 'number' && Number.isSafeInteger(n) && n >= RETENTION_DAYS.min && n <= RETENTION_DAYS.max;

export const retentionDaysSchema = z.number().int().min(RETENTION_DAYS.min).max(RETENTION_DAYS.max);

/**
 * The audit log is kept at least 90 days: short enough a setting would let whoever changed
 * something erase the trace of it by the next sweep (docs/decisions.md "Audit log").
 */
export const AUDIT_RETENTION_MIN_DAYS = 90;
export const AUDIT_RETENTION_MESSAGE = `must be a whole number of days from ${AUDIT_RETENTION_MIN_DAYS} to ${RETENTION_DAYS.max}`;
export const auditRetentionDaysSchema = z.number().int().min(AUDIT_RETENTION_MIN_DAYS).max(RETENTION_DAYS.max);

/** The retention in effect: a field that is absent or 0 (proto's "unset") is its default. */
export function effectiveRetention(r: Partial<Retention> | null | undefined): Retention {
  return {
    webhookBodyDays: r?.webhookBodyDays || RETENTION_DEFAULTS.webhookBodyDays,
    notificationBodyDays: r?.notificationBodyDays || RETENTION_DEFAULTS.notificationBodyDays,
    auditDays: r?.auditDays || RETENTION_DEFAULTS.auditDays,
  };
}

/** The moment before which data kept for `days` is due to go. */
export const retentionCutoffMs = (nowMs: number, days: number): number => nowMs - days * 86_400_000;
