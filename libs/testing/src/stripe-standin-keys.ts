import { StripeRefusal } from './stripe-form.js';

/**
 * The Stripe stand-in's API keys: each belongs to one account and mode, and may be restricted
 * to some resources, as a restricted key is in Stripe's Dashboard
 * (https://docs.stripe.com/keys#limit-access: per resource None, Read or Write, Write including
 * Read). A key it does not know is 401 and a missing permission 403, in the words of Stripe's
 * answers (https://docs.stripe.com/api/errors); a key is only ever shown masked.
 */

export type StripeResource = 'checkout_sessions' | 'payment_intents' | 'refunds' | 'customers' | 'account';
export type StripeKeyPermissions = Partial<Record<StripeResource, 'read' | 'write'>>;

export interface StripeKey {
  /** The key as Stripe's messages show it. */
  masked: string;
  account: string;
  livemode: boolean;
  /** Null: an unrestricted key. */
  permissions: StripeKeyPermissions | null;
}

/** Restricted-key permission names as Stripe's 403 message gives them. */
const PERMISSION_NAMES: Record<StripeResource, Record<'read' | 'write', string>> = {
  checkout_sessions: { read: 'rak_checkout_session_read', write: 'rak_checkout_session_write' },
  payment_intents: { read: 'rak_payment_intent_read', write: 'rak_payment_intent_write' },
  refunds: { read: 'rak_refund_read', write: 'rak_refund_write' },
  customers: { read: 'rak_customer_read', write: 'rak_customer_write' },
  // Stripe asks a restricted key for this permission to read its own account.
  account: { read: 'rak_accounts_kyc_id_numbers_read', write: 'rak_accounts_kyc_id_numbers_write' },
};

export class StripeKeys {
  private readonly keys = new Map<string, StripeKey>();

  /** Registers a key of the account; throws for a key of another shape. */
  add(key: string, account: string, permissions: StripeKeyPermissions | null): void {
    const mode = /^(?:sk|rk)_(test|live)_[A-Za-z0-9_]+$/.exec(key)?.[1];
    if (!mode) throw new Error('a Stripe API key starts with sk_test_, rk_test_, sk_live_ or rk_live_');
    this.keys.set(key, { masked: masked(key), account, livemode: mode === 'live', permissions });
  }

  revoke(key: string): void {
    this.keys.delete(key);
  }

  /** The key of an Authorization header, or Stripe's 401. */
  authenticate(authorization: string | undefined): StripeKey {
    const key = apiKey(authorization);
    const found = key === null ? undefined : this.keys.get(key);
    if (found) return found;
    throw new StripeRefusal(401, {
      type: 'invalid_request_error',
      message:
        key === null
          ? "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/."
          : `Invalid API Key provided: ${masked(key)}`,
    });
  }

  /** Throws Stripe's 403 when the key may not do `access` on `resource`. */
  authorize(key: StripeKey, resource: StripeResource, access: 'read' | 'write'): void {
    const allowed = key.permissions === null ? 'write' : key.permissions[resource];
    if (allowed === 'write' || allowed === access) return;
    throw new StripeRefusal(403, {
      type: 'invalid_request_error',
      message: `The provided key '${key.masked}' does not have the required permissions for this endpoint on account '${key.account}'. Having the '${PERMISSION_NAMES[resource][access]}' permission would allow this request to continue.`,
    });
  }
}

/** The API key of a Bearer or Basic (the key as user name) Authorization header. */
export function apiKey(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  if (bearer) return bearer;
  const basic = /^Basic\s+(\S+)$/i.exec(authorization)?.[1];
  if (basic) return Buffer.from(basic, 'base64').toString('utf8').split(':')[0] || null;
  return null;
}

/** A key as Stripe's messages show it: its prefix and last four characters. */
function masked(key: string): string {
  const prefix = /^[a-z]+_(?:test|live)_/.exec(key)?.[0] ?? '';
  const rest = key.slice(prefix.length);
  return `${prefix}${'*'.repeat(Math.max(rest.length - 4, 0))}${rest.slice(-4)}`;
}
