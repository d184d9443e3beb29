import type { catalogV1 } from '@svc/proto';
import type { BlockedTimeInput, BlockedTimeRecord } from '../domain/blocked-time.js';

export const toBlockedTimeMessage = (r: BlockedTimeRecord): catalogV1.BlockedTime => ({
  blockId: r.blockId,
  tenantId: r.tenantId,
  ownerType: r.ownerType,
  ownerId: r.ownerId,
  startsAtMs: r.startsAtMs,
  endsAtMs: r.endsAtMs,
  reason: r.reason,
  status: r.status,
  createdAtMs: r.createdAtMs,
  updatedAtMs: r.updatedAtMs,
});

export const toBlockedTimeInput = (fields: catalogV1.BlockedTimeFields | undefined): BlockedTimeInput => ({
  ...fields,
});
