import { describe, expect, it } from 'vitest';
import { DomainError } from '@svc/errors';
import type { Customer } from '../src/domain/customer.js';
import { assertIdentifiable, parseCreateFields, parseLookupFields, parseUpdateFields } from '../src/domain/fields.js';
import { applyChanges, contactChanges, fillFromBooking } from '../src/domain/merge.js';
import { decodeCursor, encodeCursor, encodeSearchCursor, parseListRequest } from '../src/store/paging.js';
import { firstMatchingKey, foldText, parseSearch, searchKeysOf } from '../src/domain/search.js';

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

describe('search keys', () => {
  const keys = (c: Partial<Pick<Customer, 'name' | 'primaryEmail' | 'phone'>>) =>
    searchKeysOf({ name: '', primaryEmail: null, phone: null, ...c });
  /** Whether q finds the customer: a prefix of one of its keys. */
  const finds = (c: Partial<Pick<Customer, 'name' | 'primaryEmail' | 'phone'>>, q: string) =>
    firstMatchingKey(keys(c), parseSearch(q)!.prefix) !== null;

  it('name: from each word to the end, folded (case, accents, spacing)', () => {
    expect(keys({ name: 'Ann  Lee-Smith' })).toEqual(['ann lee-smith', 'lee-smith', 'smith']);
    expect(keys({ name: "Zoë O'Brien" })).toEqual(['brien', "o'brien", "zoe o'brien"]);
    expect(foldText('  İstanbul ÉCOLE ﬁne ')).toBe('istanbul ecole fine');
    for (const q of ['ann', 'ANN L', 'lee', 'Smi', 'lee-sm', 'ann lee-smith'])
      expect(finds({ name: 'Ann Lee-Smith' }, q), q).toBe(true);
    for (const q of ['nn', 'lee ann', 'smith ann', 'x']) expect(finds({ name: 'Ann Lee-Smith' }, q), q).toBe(false);
    expect(finds({ name: 'Lena Müller' }, 'muller')).toBe(true);
    expect(finds({ name: 'Lena Muller' }, 'MÜLL')).toBe(true);
    expect(keys({ name: Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ') })).toHaveLength(16);
  });

  it('email: from each word of the local part, and the domain', () => {
    expect(keys({ primaryEmail: 'ann.lee+news@mail.example.com' })).toEqual([
      'ann.lee+news@mail.example.com',
      'lee+news@mail.example.com',
      'mail.example.com',
      'news@mail.example.com',
    ]);
    for (const q of ['ann.l', 'lee', 'NEWS@', 'mail.ex', 'ann.lee+news@mail.example.com']) {
      expect(finds({ primaryEmail: 'ann.lee+news@mail.example.com' }, q), q).toBe(true);
    }
    for (const q of ['example', 'com', '@mail'])
      expect(finds({ primaryEmail: 'ann.lee+news@mail.example.com' }, q), q).toBe(false);
  });

  it('phone: digits with the country code, with the trunk prefix, and the national number; marked, every run of 4 digits on', () => {
    const runs = (digits: string) => Array.from({ length: digits.length - 3 }, (_, i) => `#${digits.slice(i)}`);
    expect(keys({ phone: '+4915112345678' })).toEqual(
      ['#015112345678', ...runs('4915112345678'), '015112345678', '15112345678', '4915112345678'].sort(),
    );
    expect(keys({ phone: '+14155550123' })).toEqual([...runs('14155550123'), '14155550123', '4155550123'].sort());
    for (const q of ['+49 151', '0049 1511', '0151 123', '0151/12345678', '151-12', '+49 (0)151 12']) {
      expect(finds({ phone: '+4915112345678' }, q), q).toBe(true);
    }
    for (const q of ['(415) 555-01', '+1 415', '415.555']) expect(finds({ phone: '+14155550123' }, q), q).toBe(true);
    for (const q of ['5550123', '+49 152', '4915112345679'])
      expect(finds({ phone: '+4915112345678' }, q), q).toBe(false);
  });

  it('phone: a front desk finds a number by any run of 4 or more of its digits, a shorter query only at its start', () => {
    const desk = { phone: '+49301234567' };
    for (const q of ['1234567', '4567', '3012', '0301', '30 1234 567', '+49 30 1234567', '49301234567'])
      expect(finds(desk, q), q).toBe(true);
    for (const q of ['1234568', '567', '12', '7654', '030 1235']) expect(finds(desk, q), q).toBe(false);
    // Fewer than 4 digits: only where a form of the number starts.
    for (const q of ['49', '030', '30']) expect(finds(desk, q), q).toBe(true);
    expect(parseSearch('1234')).toEqual({ prefix: '#1234' });
    expect(parseSearch('123')).toEqual({ prefix: '123' });
  });

  it('a query is folded text, or only its digits when it looks like a phone number', () => {
    expect(parseSearch('   ')).toBeNull();
    expect(parseSearch(' ANN   Lee ')).toEqual({ prefix: 'ann lee' });
    expect(parseSearch('+49 (151) 123-4')).toEqual({ prefix: '#491511234' });
    expect(parseSearch('room 101')).toEqual({ prefix: 'room 101' });
    expect(parseSearch('101')).toEqual({ prefix: '101' });
    expect(parseSearch('--')).toEqual({ prefix: '--' });
    expect(parseSearch('0049 30')).toEqual({ prefix: '#4930' });
    expect(parseSearch('00')).toEqual({ prefix: '00' });
  });

  it('a customer is listed at its smallest matching key', () => {
    const all = keys({ name: 'Ann Annable', primaryEmail: 'ann@annable.example', phone: null });
    expect(firstMatchingKey(all, 'ann')).toBe('ann annable');
    expect(firstMatchingKey(all, 'anna')).toBe('annable');
    expect(firstMatchingKey(all, 'ann@')).toBe('ann@annable.example');
    expect(firstMatchingKey(all, 'b')).toBeNull();
  });
});

describe('paging', () => {
  it('limit default 25, maximum 100; cursors round-trip and garbage is refused', () => {
    expect(parseListRequest({ limit: 0, cursor: '', query: '' })).toEqual({ limit: 25, after: null, search: null });
    expect(violations(() => parseListRequest({ limit: 101, cursor: '', query: '' }))).toEqual(['limit']);
    const cursor = encodeCursor({ createdAtMs: 5, customerId: 'cus_a-b_C' });
    expect(decodeCursor(cursor)).toEqual({ kind: 'list', at: { createdAtMs: 5, customerId: 'cus_a-b_C' } });
    expect(parseListRequest({ limit: 3, cursor, query: ' ' }).after).toEqual({
      createdAtMs: 5,
      customerId: 'cus_a-b_C',
    });
    const searchCursor = encodeSearchCursor({ key: 'ann lee', customerId: 'cus_x' });
    expect(parseListRequest({ limit: 3, cursor: searchCursor, query: 'An' })).toEqual({
      limit: 3,
      search: { prefix: 'an' },
      after: { key: 'ann lee', customerId: 'cus_x' },
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

  it('a cursor pages only the kind of list it came from; q at most 200 characters', () => {
    const listCursor = encodeCursor({ createdAtMs: 5, customerId: 'cus_a' });
    const searchCursor = encodeSearchCursor({ key: 'ann', customerId: 'cus_a' });
    expect(violations(() => parseListRequest({ limit: 0, cursor: listCursor, query: 'ann' }))).toEqual(['cursor']);
    expect(violations(() => parseListRequest({ limit: 0, cursor: searchCursor, query: '' }))).toEqual(['cursor']);
    expect(violations(() => parseListRequest({ limit: 0, cursor: '', query: 'q'.repeat(201) }))).toEqual(['q']);
    expect(violations(() => parseListRequest({ limit: 500, cursor: 'x y', query: 'q'.repeat(201) }))).toEqual([
      'limit',
      'q',
      'cursor',
    ]);
    expect(parseListRequest({ limit: 0, cursor: '', query: 'q'.repeat(200) }).search).toEqual({
      prefix: 'q'.repeat(200),
    });
  });
});

describe('identifiable', () => {
  const nameless: Customer = { ...customer, name: '', phone: null };
  it('refuses removing the last contact of a customer without a name, at the removed fields', () => {
    expect(violations(() => assertIdentifiable({ ...nameless, primaryEmail: null }, { primaryEmail: null }))).toEqual([
      'primaryEmail',
    ]);
    expect(
      violations(() => assertIdentifiable({ ...nameless, primaryEmail: null }, { primaryEmail: null, phone: null })),
    ).toEqual(['primaryEmail', 'phone']);
    expect(() =>
      assertIdentifiable({ ...customer, primaryEmail: null, phone: null }, { primaryEmail: null, phone: null }),
    ).not.toThrow();
    expect(() =>
      assertIdentifiable({ ...nameless, primaryEmail: null, phone: '+14155550123' }, { primaryEmail: null }),
    ).not.toThrow();
  });
});
