import type { catalogV1 } from '@svc/proto';
import type { AvailabilityRuleInput, AvailabilityRuleRecord } from '../domain/availability-rule.js';

export const toRuleMessage = (r: AvailabilityRuleRecord): catalogV1.AvailabilityRule => ({
  ruleId: r.ruleId,
  tenantId: r.tenantId,
  ownerType: r.ownerType,
  ownerId: r.ownerId,
  weekday: r.weekday,
  startMinute: r.startMinute,
  endMinute: r.endMinute,
  timezone: r.timezone,
  effectiveFromAtMs: r.effectiveFromAtMs ?? undefined,
  effectiveUntilAtMs: r.effectiveUntilAtMs ?? undefined,
  status: r.status,
  createdAtMs: r.createdAtMs,
  updatedAtMs: r.updatedAtMs,
});

export const toRuleInput = (fields: catalogV1.AvailabilityRuleFields | undefined): AvailabilityRuleInput => ({
  ...fields,
});
