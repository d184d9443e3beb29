/** How stored customers change: lookups fill gaps, updates replace what was sent. */
import { contactsOf, type ContactKind, type Customer, type CustomerFields } from './customer.js';

/** Fields a booking may bring to a customer found by email or phone. */
export type BookingFill = Partial<Pick<CustomerFields, 'name' | 'locale' | 'timezone'>>;

/**
 * docs/decisions.md "Customers": name and locale come from the latest booking only when the customer has none,
 * so a tenant's edits are never overwritten by what a customer typed. Timezone follows the same
 * rule. Email and phone are identities and are never changed by a lookup.
 */
export function fillFromBooking(existing: Customer, incoming: CustomerFields): BookingFill {
  const fill: BookingFill = {};
  if (existing.name === '' && incoming.name !== '') fill.name = incoming.name;
  if (existing.locale === '' && incoming.locale !== '') fill.locale = incoming.locale;
  if (existing.timezone === '' && incoming.timezone !== '') fill.timezone = incoming.timezone;
  return fill;
}

export function newCustomer(customerId: string, tenantId: string, fields: CustomerFields, nowMs: number): Customer {
  return { customerId, tenantId, ...fields, createdAtMs: nowMs, updatedAtMs: nowMs };
}

export function applyChanges(existing: Customer, changes: Partial<CustomerFields>, nowMs: number): Customer {
  const next: Customer = { ...existing, updatedAtMs: nowMs };
  // Only defined keys: an absent field leaves the stored value alone.
  for (const [key, value] of Object.entries(changes) as Array<[keyof CustomerFields, string | null | undefined]>) {
    if (value !== undefined) (next as unknown as Record<string, unknown>)[key] = value;
  }
  return next;
}

export interface Contact {
  kind: ContactKind;
  value: string;
}

/** Contacts that an update removes and adds, so lookups stay consistent with the record. */
export function contactChanges(
  before: Pick<Customer, 'primaryEmail' | 'phone'>,
  after: Pick<Customer, 'primaryEmail' | 'phone'>,
): { removed: Contact[]; added: Contact[] } {
  const key = (c: Contact) => `${c.kind}:${c.value}`;
  const old = contactsOf(before);
  const now = contactsOf(after);
  const oldKeys = new Set(old.map(key));
  const nowKeys = new Set(now.map(key));
  return { removed: old.filter((c) => !nowKeys.has(key(c))), added: now.filter((c) => !oldKeys.has(key(c))) };
}
