/**
 * Documents of the customer store.
 *
 * `customers`: one per customer. Email and phone are written only when present (null after
 * being cleared); no index covers them, because unique indexes treat null/missing differently
 * on SQLite and MongoDB.
 * `customer_contacts`: one per (tenant, kind, normalized value), `_id` = `${tenantId}:${kind}:${value}`.
 * The `_id` is unique on both adapters, so this collection is what makes an email or phone
 * belong to at most one customer per tenant; it is written in the same transaction as the customer.
 * `customer_search`: one per (customer, search key), the keys of domain/search.ts, read by prefix
 * through the (tenantId, key, customerId) index. The customer document keeps the same keys
 * (`searchKeys`, sorted) and the version of the rule that made them (`searchVersion`); all three
 * change in one transaction, so a search never disagrees with a record, and a customer without
 * `searchVersion` (written before search keys existed) is what the start-up backfill looks for.
 */
import type { Document } from '@svc/store';
import type { ContactKind, Customer } from '../domain/customer.js';

export const CUSTOMERS = 'customers';
export const CONTACTS = 'customer_contacts';
export const SEARCH = 'customer_search';

export interface CustomerDoc extends Document {
  tenantId: string;
  primaryEmail?: string | null;
  phone?: string | null;
  name: string;
  locale: string;
  timezone: string;
  createdAtMs: number;
  updatedAtMs: number;
  /** Absent on customers written before search keys existed (until the backfill reaches them). */
  searchKeys?: string[];
  searchVersion?: number;
  /** Set once the customer is erased (domain/customer.ts erasedCustomer). */
  erasedAtMs?: number | null;
}

export interface SearchDoc extends Document {
  tenantId: string;
  key: string;
  customerId: string;
}

/** Unique per customer and key; a key is at most 254 characters, a customer id 26. */
export function searchDocId(customerId: string, key: string): string {
  return `${customerId}:${key}`;
}

export interface ContactDoc extends Document {
  tenantId: string;
  kind: ContactKind;
  value: string;
  customerId: string;
}

export function contactKey(tenantId: string, kind: ContactKind, value: string): string {
  return `${tenantId}:${kind}:${value}`;
}

export function toDoc(c: Customer): CustomerDoc {
  const doc: CustomerDoc = {
    _id: c.customerId,
    tenantId: c.tenantId,
    name: c.name,
    locale: c.locale,
    timezone: c.timezone,
    createdAtMs: c.createdAtMs,
    updatedAtMs: c.updatedAtMs,
  };
  if (c.primaryEmail !== null) doc.primaryEmail = c.primaryEmail;
  if (c.phone !== null) doc.phone = c.phone;
  if (c.erasedAtMs != null) doc.erasedAtMs = c.erasedAtMs;
  return doc;
}

export function fromDoc(doc: CustomerDoc): Customer {
  return {
    customerId: doc._id,
    tenantId: doc.tenantId,
    primaryEmail: doc.primaryEmail ?? null,
    phone: doc.phone ?? null,
    name: doc.name,
    locale: doc.locale,
    timezone: doc.timezone,
    createdAtMs: doc.createdAtMs,
    updatedAtMs: doc.updatedAtMs,
    erasedAtMs: doc.erasedAtMs ?? null,
  };
}
