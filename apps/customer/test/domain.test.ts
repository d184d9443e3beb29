import { describe, expect, it } from 'vitest';
import { DomainError } from '@svc/errors';
import type { Customer } from '../src/domain/customer.js';
import { parseCreateFields, parseLookupFields, parseUpdateFields } from '../src/domain/fields.js';
import { applyChanges, contactChanges, fillFromBooking } from '../src/domain/merge.js';
import { decodeCursor, encodeCursor, parseListRequest } from '../src/domain/paging.js';
import { matchesSearch, parseSearch } from '../src/domain/search.js';

function violations(fn: () => unknown): string[] {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError && e.code === 'VALIDATION_ERROR') return e.details.map((d) => d.path);
    throw e;
  }
  throw new Error('expected a VALIDATION_ERROR');
}

const customer: Customer = {
  customerId: 'cus_1',
  tenantId: 'ten_1',
  primaryEmail: 'ann@example.com',
  phone: '+14155550123',
  name: 'Ann',
  locale: 'en',
  timezone: '',
  createdAtMs: 1,
  updatedAtMs: 1,
};

describe('fields per operation', () => {
  it('lookup: an email or a phone is required, blanks count as absent', () => {
    expect(parseLookupFields({ primaryEmail: ' A@B.co ', name: '', locale: 'en-gb' })).toEqual({
      name: '',
      primaryEmail: 'a@b.co',
      phone: null,
      locale: 'en-GB',
      timezone: '',
    });
    expect(violations(() => parseLookupFields({ name: 'Ann' }))).toEqual(['']);
    expect(violations(() => parseLookupFields({ primaryEmail: ' ', phone: '' }))).toEqual(['']);
    expect(violations(() => parseLookupFields({ primaryEmail: 'nope' }))).toEqual(['primaryEmail']);
    expect(violations(() => parseLookupFields({ phone: '555' }))).toEqual(['phone']);
  });

  it('create: name required', () => {
    expect(parseCreateFields({ name: ' Bo ' })).toMatchObject({ name: 'Bo', primaryEmail: null, phone: null });
    expect(violations(() => parseCreateFields({}))).toEqual(['name']);
    expect(violations(() => parseCreateFields({ name: 'x'.repeat(300) }))).toEqual(['name']);
  });

  it('update: at least one field; blanks clear everything but the name', () => {
    expect(violations(() => parseUpdateFields({}))).toEqual(['']);
    expect(violations(() => parseUpdateFields({ name: '' }))).toEqual(['name']);
    expect(parseUpdateFields({ primaryEmail: '', phone: ' ', locale: '', timezone: '' })).toEqual({
      primaryEmail: null,
      phone: null,
      locale: '',
      timezone: '',
    });
    expect(parseUpdateFields({ phone: '+1 415 555 0123' })).toEqual({ phone: '+14155550123' });
  });
});

describe('merge rules', () => {
  it('a booking fills only empty name, locale and timezone, never contacts', () => {
    const incoming = { name: 'Other', primaryEmail: 'x@y.co', phone: null, locale: 'fr', timezone: 'UTC' };
    expect(fillFromBooking(customer, incoming)).toEqual({ timezone: 'UTC' });
    expect(fillFromBooking({ ...customer, name: '', locale: '' }, incoming)).toEqual({
      name: 'Other',
      locale: 'fr',
      timezone: 'UTC',
    });
    expect(fillFromBooking({ ...customer, name: '' }, { ...incoming, name: '' })).toEqual({ timezone: 'UTC' });
  });

  it('applyChanges keeps fields not sent and stamps updatedAtMs', () => {
    expect(applyChanges(customer, { phone: null, locale: undefined }, 9)).toEqual({
      ...customer,
      phone: null,
      updatedAtMs: 9,
    });
  });

  it('contactChanges lists what lookups must drop and add', () => {
    expect(contactChanges(customer, { primaryEmail: 'new@example.com', phone: customer.phone })).toEqual({
      removed: [{ kind: 'email', value: 'ann@example.com' }],
      added: [{ kind: 'email', value: 'new@example.com' }],
    });
    expect(contactChanges(customer, { primaryEmail: customer.primaryEmail, phone: null })).toEqual({
      removed: [{ kind: 'phone', value: '+14155550123' }],
      added: [],
    });
    expect(contactChanges(customer, customer)).toEqual({ removed: [], added: [] });
  });
});

describe('search and paging', () => {
  it('matches name, email or phone, case-insensitively; phone fragments by digits', () => {
    const q = (text: string) => matchesSearch(customer, parseSearch(text)!);
    expect(parseSearch('   ')).toBeNull();
    expect(q('AN')).toBe(true);
    expect(q('EXAMPLE.com')).toBe(true);
    expect(q('+1415')).toBe(true);
    expect(q('(415) 555-01')).toBe(true);
    expect(q('555 0124')).toBe(false);
    expect(q('bob')).toBe(false);
  });

  it('limit default 25, maximum 100; cursors round-trip and garbage is refused', () => {
    expect(parseListRequest({ limit: 0, cursor: '', query: '' })).toEqual({ limit: 25, after: null, search: null });
    expect(violations(() => parseListRequest({ limit: 101, cursor: '', query: '' }))).toEqual(['limit']);
    const cursor = encodeCursor({ createdAtMs: 5, customerId: 'cus_a-b_C' });
    expect(decodeCursor(cursor)).toEqual({ createdAtMs: 5, customerId: 'cus_a-b_C' });
    expect(parseListRequest({ limit: 3, cursor, query: 'x' }).after).toEqual({
      createdAtMs: 5,
      customerId: 'cus_a-b_C',
    });
    for (const bad of [
      '%%%',
      Buffer.from('{}').toString('base64url'),
      Buffer.from('[-1,"a"]').toString('base64url'),
      Buffer.from('[1,"a b"]').toString('base64url'),
    ]) {
      expect(decodeCursor(bad), bad).toBeNull();
    }
  });
});
