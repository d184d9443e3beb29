import type { IndexSpec } from '@svc/store';
import { CONTACTS, CUSTOMERS } from './records.js';

export const CUSTOMER_INDEXES: IndexSpec[] = [
  // The list: a tenant's customers in (createdAtMs, id) order, resumed after a cursor.
  { collection: CUSTOMERS, fields: ['tenantId', 'sortKey'], name: 'by_tenant_order', unique: true },
  // Finds a customer's contacts for repair or audit; also creates the collection up front, outside
  // any transaction (MongoDB cannot create collections inside concurrent transactions reliably).
  { collection: CONTACTS, fields: ['customerId'], name: 'by_customer' },
];
