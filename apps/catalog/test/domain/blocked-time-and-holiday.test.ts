import { describe, expect, it } from 'vitest';
import {
  newBlockedTime,
  parseBlockListWindow,
  patchBlockedTime,
  type BlockedTimeInput,
} from '../../src/domain/blocked-time.js';
import { newHoliday, patchHoliday } from '../../src/domain/holiday.js';
import type { FoundOwner } from '../../src/domain/owner.js';
import { violationPaths } from '../support/violations.js';

const block: BlockedTimeInput = { ownerType: 'tenant', startsAtMs: 1_000, endsAtMs: 2_000 };
const createBlock = (input: BlockedTimeInput, found: FoundOwner = null) =>
  newBlockedTime(input, { id: 'blk_1', tenantId: 'ten_1', now: 500, found });

describe('blocked time', () => {
  it('creates an active block owned by the tenant', () => {
    expect(createBlock({ ...block, reason: ' Inventory ' })).toEqual({
      blockId: 'blk_1',
      tenantId: 'ten_1',
      ownerType: 'tenant',
      ownerId: 'ten_1',
      startsAtMs: 1_000,
      endsAtMs: 2_000,
      reason: 'Inventory',
      status: 'active',
      createdAtMs: 500,
      updatedAtMs: 500,
    });
  });

  it('requires ownerType, startsAtMs and endsAtMs', () => {
    expect(violationPaths(() => createBlock({}))).toEqual(['ownerType', 'startsAtMs', 'endsAtMs']);
  });

  it('needs startsAtMs < endsAtMs', () => {
    expect(violationPaths(() => createBlock({ ...block, endsAtMs: 1_000 }))).toEqual(['startsAtMs']);
    expect(violationPaths(() => createBlock({ ...block, startsAtMs: -5 }))).toEqual(['startsAtMs']);
  });

  it('needs a staff or resource owner that exists', () => {
    expect(violationPaths(() => createBlock({ ...block, ownerType: 'resource', ownerId: 'res_x' }))).toEqual([
      'ownerId',
    ]);
    expect(createBlock({ ...block, ownerType: 'resource', ownerId: 'res_1' }, { timezone: null }).ownerId).toBe(
      'res_1',
    );
  });

  it('validates the merged record on patch and soft-deletes', () => {
    const current = createBlock(block);
    const patch = (input: BlockedTimeInput) =>
      patchBlockedTime(current, input, { tenantId: 'ten_1', now: 600, found: null });
    expect(violationPaths(() => patch({}))).toEqual(['']);
    expect(violationPaths(() => patch({ startsAtMs: 2_000 }))).toEqual(['startsAtMs']);
    expect(violationPaths(() => patch({ endsAtMs: 999 }))).toEqual(['startsAtMs']);
    expect(patch({ endsAtMs: 3_000 })).toEqual({ ...current, endsAtMs: 3_000, updatedAtMs: 600 });
    expect(patch({ status: 'deleted' }).status).toBe('deleted');
    expect(violationPaths(() => patch({ status: 'gone' }))).toEqual(['status']);
  });

  it('parses the list window', () => {
    expect(parseBlockListWindow(undefined, 10)).toEqual({ fromMs: undefined, toMs: 10 });
    expect(violationPaths(() => parseBlockListWindow(10, 10))).toEqual(['toMs']);
    expect(violationPaths(() => parseBlockListWindow(-1, undefined))).toEqual(['fromMs']);
  });
});

describe('holiday', () => {
  const ctx = { id: 'hol_1', tenantId: 'ten_1', now: 1_000 };

  it('requires a date; the name is optional', () => {
    expect(violationPaths(() => newHoliday({ name: 'x' }, ctx))).toEqual(['date']);
    expect(newHoliday({ date: '2024-02-29' }, ctx)).toEqual({
      holidayId: 'hol_1',
      tenantId: 'ten_1',
      date: '2024-02-29',
      name: '',
      status: 'active',
      createdAtMs: 1_000,
      updatedAtMs: 1_000,
    });
  });

  it.each([
    '2023-02-29',
    '2024-02-30',
    '2024-13-01',
    '2024-04-31',
    '2024-1-01',
    '24-01-01',
    '2024-01-01T00:00',
    '0000-01-01',
  ])('rejects date %j', (date) => {
    expect(violationPaths(() => newHoliday({ date }, ctx))).toEqual(['date']);
  });

  it('accepts 2000-02-29 (a leap century) and rejects 1900-02-29', () => {
    expect(newHoliday({ date: '2000-02-29' }, ctx).date).toBe('2000-02-29');
    expect(violationPaths(() => newHoliday({ date: '1900-02-29' }, ctx))).toEqual(['date']);
  });

  it('creates only active holidays; patch changes fields and soft-deletes', () => {
    expect(violationPaths(() => newHoliday({ date: '2024-12-25', status: 'deleted' }, ctx))).toEqual(['status']);
    const holiday = newHoliday({ date: '2024-12-25', name: 'Christmas' }, ctx);
    expect(violationPaths(() => patchHoliday(holiday, {}, 2_000))).toEqual(['']);
    expect(violationPaths(() => patchHoliday(holiday, { date: '2024-12-32' }, 2_000))).toEqual(['date']);
    expect(patchHoliday(holiday, { date: '2024-12-26', status: 'deleted' }, 2_000)).toEqual({
      ...holiday,
      date: '2024-12-26',
      status: 'deleted',
      updatedAtMs: 2_000,
    });
  });
});
