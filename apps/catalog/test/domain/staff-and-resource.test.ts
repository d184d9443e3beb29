import { describe, expect, it } from 'vitest';
import { newResource, patchResource } from '../../src/domain/resource.js';
import { newStaff, patchStaff } from '../../src/domain/staff.js';
import { violationPaths } from '../support/violations.js';

const ctx = { id: 'x_1', tenantId: 'ten_1', now: 1_000 };

describe('staff', () => {
  it('requires displayName and defaults to active without userId, email or timezone', () => {
    expect(violationPaths(() => newStaff({}, ctx))).toEqual(['displayName']);
    expect(newStaff({ displayName: ' Ana ' }, ctx)).toEqual({
      staffId: 'x_1',
      tenantId: 'ten_1',
      userId: null,
      displayName: 'Ana',
      email: null,
      timezone: null,
      status: 'active',
      createdAtMs: 1_000,
      updatedAtMs: 1_000,
    });
  });

  it('validates email, timezone and status', () => {
    const base = { displayName: 'Ana' };
    expect(violationPaths(() => newStaff({ ...base, email: 'ana@' }, ctx))).toEqual(['email']);
    expect(violationPaths(() => newStaff({ ...base, timezone: 'Europe/Atlantis' }, ctx))).toEqual(['timezone']);
    expect(violationPaths(() => newStaff({ ...base, status: 'hidden' }, ctx))).toEqual(['status']);
    expect(violationPaths(() => newStaff({ displayName: '' }, ctx))).toEqual(['displayName']);
  });

  it("patches partially; '' clears email and timezone", () => {
    const staff = newStaff({ displayName: 'Ana', email: 'Ana@Example.com', timezone: 'Europe/Lisbon' }, ctx);
    expect(staff.email).toBe('ana@example.com');
    expect(violationPaths(() => patchStaff(staff, {}, 2_000))).toEqual(['']);
    expect(patchStaff(staff, { email: '', timezone: '', status: 'disabled' }, 2_000)).toEqual({
      ...staff,
      email: null,
      timezone: null,
      status: 'disabled',
      updatedAtMs: 2_000,
    });
  });
});

describe('resource', () => {
  it('requires type and name; capacity defaults to 1', () => {
    expect(violationPaths(() => newResource({}, ctx))).toEqual(['type', 'name']);
    expect(newResource({ type: 'room', name: 'Room 1' }, ctx)).toMatchObject({
      capacity: 1,
      status: 'active',
      locationLabel: '',
    });
  });

  it.each([0, -1, 1.5, 10_001])('rejects capacity %d', (capacity) => {
    expect(violationPaths(() => newResource({ type: 'room', name: 'Room 1', capacity }, ctx))).toEqual(['capacity']);
  });

  it('patches partially and validates status', () => {
    const resource = newResource({ type: 'room', name: 'Room 1' }, ctx);
    expect(patchResource(resource, { capacity: 4 }, 2_000)).toEqual({ ...resource, capacity: 4, updatedAtMs: 2_000 });
    expect(violationPaths(() => patchResource(resource, { status: 'hidden' }, 2_000))).toEqual(['status']);
    expect(violationPaths(() => patchResource(resource, {}, 2_000))).toEqual(['']);
  });
});
