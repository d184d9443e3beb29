/** A customer of one tenant. Email and phone are stored normalized; null when unknown. */
export interface Customer {
  customerId: string;
  tenantId: string;
  primaryEmail: string | null;
  phone: string | null;
  /** Empty until known (a lookup from a booking may bring it later). */
  name: string;
  /** BCP 47 in canonical case, or empty. */
  locale: string;
  /** IANA zone, or empty. */
  timezone: string;
  createdAtMs: number;
  updatedAtMs: number;
  /**
   * When the customer was erased (docs/decisions.md "Privacy"): the record keeps its id and
   * nothing else about the person. Absent or null on a customer who was not.
   */
  erasedAtMs?: number | null;
}

/** An erased customer's record: its id, tenant and times; every personal field empty. */
export function erasedCustomer(c: Customer, nowMs: number): Customer {
  return {
    customerId: c.customerId,
    tenantId: c.tenantId,
    primaryEmail: null,
    phone: null,
    name: '',
    locale: '',
    timezone: '',
    createdAtMs: c.createdAtMs,
    updatedAtMs: Math.max(nowMs, c.updatedAtMs),
    erasedAtMs: nowMs,
  };
}

/** Fields a caller may set, already validated and normalized. */
export interface CustomerFields {
  name: string;
  primaryEmail: string | null;
  phone: string | null;
  locale: string;
  timezone: string;
}

export type FieldName = keyof CustomerFields;

export const FIELD_NAMES: readonly FieldName[] = ['name', 'primaryEmail', 'phone', 'locale', 'timezone'];

/** Contacts identify a customer within a tenant: at most one customer per normalized value. */
export type ContactKind = 'email' | 'phone';

export function contactsOf(
  c: Pick<CustomerFields, 'primaryEmail' | 'phone'>,
): Array<{ kind: ContactKind; value: string }> {
  const out: Array<{ kind: ContactKind; value: string }> = [];
  if (c.primaryEmail !== null) out.push({ kind: 'email', value: c.primaryEmail });
  if (c.phone !== null) out.push({ kind: 'phone', value: c.phone });
  return out;
}
