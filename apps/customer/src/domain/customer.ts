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
