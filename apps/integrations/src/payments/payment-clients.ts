/**
 * The tenants' Stripe clients (docs/decisions.md "Payments"): one per payment account, made on
 * first use with its key opened from the store, and made again only when the sealed key changes
 * (a new key connected). Bounded, least recently used first out, so a platform with many tenants
 * holds the clients of the busy ones only; `drop` forgets one (disconnected).
 */
import { LruCache } from '@svc/cache';
import type { SecretBox } from '@svc/crypto';
import { StripePayments } from './providers/stripe-payments.js';
import { newStripeClient, type StripeClientSettings } from './providers/stripe-client.js';
import { paymentKeyContext, type PaymentAccountDoc } from '../store/records.js';

/** Clients kept at most. */
export const MAX_PAYMENT_CLIENTS = 500;
/** What one SDK client holds, roughly (its resource objects and settings). */
const CLIENT_BYTES = 64 * 1024;

export class PaymentClients {
  private readonly clients: LruCache<{ sealedKey: string; payments: StripePayments }>;

  constructor(
    private readonly secrets: SecretBox,
    private readonly settings: StripeClientSettings,
    max: number = MAX_PAYMENT_CLIENTS,
  ) {
    this.clients = new LruCache({ maxEntries: max, maxBytes: 2 * max * CLIENT_BYTES, sizeOf: () => CLIENT_BYTES });
  }

  /** The calls of a key not stored yet (a connect checks it first). */
  forKey(secretKey: string): StripePayments {
    return new StripePayments(newStripeClient(secretKey, this.settings));
  }

  /** The calls of the tenant's stored account. */
  of(doc: PaymentAccountDoc): StripePayments {
    const kept = this.clients.get(doc._id);
    if (kept?.sealedKey === doc.sealedKey) return kept.payments;
    const payments = this.forKey(this.secrets.open(doc.sealedKey, paymentKeyContext(doc._id)));
    this.clients.set(doc._id, { sealedKey: doc.sealedKey, payments });
    return payments;
  }

  /** Keeps the client a connect checked the key with, for the account just stored. */
  keep(doc: PaymentAccountDoc, payments: StripePayments): void {
    this.clients.set(doc._id, { sealedKey: doc.sealedKey, payments });
  }

  drop(tenantId: string): void {
    this.clients.delete(tenantId);
  }

  get size(): number {
    return this.clients.size;
  }
}
