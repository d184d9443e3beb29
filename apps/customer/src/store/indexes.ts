import { listIndex, type IndexSpec } from '@svc/store';
import { CONTACTS, CUSTOMERS } from './records.js';

export const CUSTOMER_INDEXES: IndexSpec[] = [
  // The list: a tenant's customers in (createdAtMs, id) order, resumed after a cursor.
  listIndex(CUSTOMERS),
  // Finds a customer's contacts for repair or audit; also makes the collection exist before the
  // first transaction writes it (DocumentStore.ensureIndexes).
  { collection: CONTACTS, fields: ['customerId'], name: 'by_customer' },
];
